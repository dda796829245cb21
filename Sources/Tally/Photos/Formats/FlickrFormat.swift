/// The Flickr REST responses Tally reads (`format=json&nojsoncallback=1`), told apart by shape.
public enum FlickrFormat: String, DocumentFormat, CaseIterable {
    /// `flickr.places.getTopPlacesList`, `flickr.places.placesForUser`: `{places: {place: [...]}, stat}`.
    case places = "Flickr places"
    /// `flickr.photos.search`, `getRecent`, `getWithGeoData`…: `{photos: {photo: [...]}, stat}`.
    case photos = "Flickr photos"
    /// Flickr's error answer, `{stat: "fail", code, message}`: claimed so the file fails with Flickr's message.
    case failure = "Flickr error"

    public var name: String { rawValue }

    public var shape: String {
        switch self {
        case .places: return "{places: {place: [...]}, stat}"
        case .photos: return "{photos: {photo: [...]}, stat}"
        case .failure: return "{stat: \"fail\", code, message}"
        }
    }

    /// Claims only documents in Flickr's `{stat: …}` envelope.
    public func claims(_ root: JSONValue) -> Bool {
        guard FlickrReader.isEnvelope(root) else { return false }
        switch self {
        case .places: return root["places"]?.kind == .object
        case .photos: return root["photos"]?.kind == .object
        case .failure: return FlickrReader.isFailure(root) && root["message"] != nil
        }
    }

    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        switch self {
        case .places: return PhotosBatch.places(try FlickrReader.places(root, path: path))
        case .photos: return PhotosBatch.photos(try FlickrReader.photos(root, path: path).photos)
        case .failure: throw FlickrReader.failure(root, path: path)
        }
    }
}

/// What one Flickr document yields.
public enum PhotosBatch: ImportBatch {
    case places([FlickrPlace])
    case photos([FlickrPhoto])

    public var itemCount: Int {
        switch self {
        case .places(let places): return places.count
        case .photos(let photos): return photos.count
        }
    }
}
