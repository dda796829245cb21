/// One photo from a Flickr photo page (`photos.search`, `getRecent`, `getWithGeoData`…).
public struct FlickrPhoto: Sendable, Equatable {
    public var id: String
    /// The owner's NSID, e.g. "21945957@N00".
    public var owner: String
    /// `ownername` when requested as an extra.
    public var ownerName: String?
    /// The title as given; empty titles are common and stay empty ("Untitled" is the page's word).
    public var title: String
    /// `description._content`, when requested; may hold Flickr's limited HTML as text.
    public var description: String
    /// `datetaken` as Flickr writes it, local time where the photo was taken ("2014-05-23 00:00:03").
    public var taken: String?
    /// `dateupload`, seconds since 1970.
    public var uploaded: Int64?
    /// Coordinates, nil when Flickr says 0,0 (its way of saying "not geotagged").
    public var latitude: Double?
    public var longitude: Double?
    /// `place_id`, when the photo is geotagged and the extra was requested.
    public var placeID: String?
    /// The image sizes listed (`url_*` with `width_*`/`height_*`), smallest first; when the page
    /// lists none, two sizes made from `farm`/`server`/`secret` as Flickr documents its URLs.
    public var images: [FlickrImage]

    public init(id: String, owner: String, ownerName: String? = nil, title: String, description: String = "",
                taken: String? = nil, uploaded: Int64? = nil, latitude: Double? = nil, longitude: Double? = nil,
                placeID: String? = nil, images: [FlickrImage] = []) {
        self.id = id
        self.owner = owner
        self.ownerName = ownerName
        self.title = title
        self.description = description
        self.taken = taken
        self.uploaded = uploaded
        self.latitude = latitude
        self.longitude = longitude
        self.placeID = placeID
        self.images = images
    }

    /// The small square or smallest image, for grids and lists.
    public var thumbnail: FlickrImage? {
        for size in ["q", "sq", "t", "s"] { if let image = images.first(where: { $0.size == size }) { return image } }
        return images.first
    }

    /// The largest image listed, for the photo page.
    public var largest: FlickrImage? {
        images.max { ($0.pixels, $0.rank) < ($1.pixels, $1.rank) }
    }
}

/// One size of a photo: Flickr's size letter, its URL and, when listed, its dimensions.
public struct FlickrImage: Sendable, Equatable, Codable {
    /// The `url_*` suffix: sq, t, s, q, m, n, z, c, l, h, k, o.
    public var size: String
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(size: String, url: String, width: Int? = nil, height: Int? = nil) {
        self.size = size
        self.url = url
        self.width = width
        self.height = height
    }

    /// The sizes Flickr lists as extras, smallest first (`o` is the original, whatever its size).
    public static let sizes = ["sq", "t", "s", "q", "m", "n", "z", "c", "l", "h", "k", "o"]

    /// The area, or, when the page did not list it, the size letter's nominal long side squared.
    var pixels: Int {
        if let width, let height { return width * height }
        let nominal = ["sq": 75, "t": 100, "s": 240, "q": 150, "m": 500, "n": 320, "z": 640, "c": 800, "l": 1024, "h": 1600, "k": 2048]
        return nominal[size].map { $0 * $0 } ?? Int(Int32.max)
    }
    var rank: Int { Self.sizes.firstIndex(of: size) ?? -1 }
}
