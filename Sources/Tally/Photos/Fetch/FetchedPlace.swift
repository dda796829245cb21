/// A place whose photos `tally fetch flickr photos` asked a server for, and how far it got: what
/// the next fetch of the same place starts from. Holds no key.
public struct FetchedPlace: Sendable, Equatable {
    /// Flickr's REST endpoint, as fetched (`https://api.flickr.com/services/rest`).
    public var server: String
    /// The place's Flickr `place_id`.
    public var placeID: String
    /// The newest upload fetched so far (`dateupload`, seconds since 1970), if any photo had one.
    public var newestUpload: Int64?

    public init(server: String, placeID: String, newestUpload: Int64? = nil) {
        self.server = server
        self.placeID = placeID
        self.newestUpload = newestUpload
    }
}
