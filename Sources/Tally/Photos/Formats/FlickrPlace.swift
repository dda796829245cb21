/// One place from `flickr.places.getTopPlacesList` or `flickr.places.placesForUser`.
public struct FlickrPlace: Sendable, Equatable {
    /// Flickr's `place_id`, e.g. "2eIY2QFTVr_DwWZNLg".
    public var id: String
    /// The short name (`woe_name`), e.g. "England"; the first part of `_content` when absent.
    public var name: String
    /// The full name (`_content`), e.g. "England, GB, United Kingdom".
    public var fullName: String
    /// `place_type`: "region", "locality", "neighbourhood"…
    public var placeType: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Flickr's count of photos there (a number or a string in the same response).
    public var photoCount: Int?
    public var timezone: String?

    public init(id: String, name: String, fullName: String, placeType: String? = nil, latitude: Double? = nil,
                longitude: Double? = nil, photoCount: Int? = nil, timezone: String? = nil) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.placeType = placeType
        self.latitude = latitude
        self.longitude = longitude
        self.photoCount = photoCount
        self.timezone = timezone
    }
}
