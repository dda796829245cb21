import Foundation
import GRDB

/// A photo as stored, with its images and whether it is a favorite.
public struct StoredPhoto: Sendable, Equatable {
    public var id: String
    /// nil when no file gave it a place.
    public var placeID: String?
    public var owner: String
    public var ownerName: String?
    public var title: String
    public var description: String
    public var taken: String?
    public var uploaded: Int64?
    public var latitude: Double?
    public var longitude: Double?
    public var images: [FlickrImage]
    public var isFavorite: Bool

    /// The small image for grids and lists.
    public var thumbnail: FlickrImage? {
        FlickrPhoto(id: id, owner: owner, title: title, images: images).thumbnail
    }

    /// The largest image, for the photo page.
    public var largest: FlickrImage? {
        FlickrPhoto(id: id, owner: owner, title: title, images: images).largest
    }
}

/// A place that holds stored photos; `id` nil gathers the photos no file placed.
public struct StoredPlace: Sendable, Equatable {
    public var id: String?
    public var name: String
    public var fullName: String
    public var latitude: Double?
    public var longitude: Double?
    /// Stored photos there (or, on the Favorites page, favorite photos there).
    public var photoCount: Int

    /// What a place no places file named is called: "Near 37.77° N, 122.24° W" from its photos'
    /// position, else "Unnamed place".
    public static func unnamed(latitude: Double?, longitude: Double?) -> String {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite else { return "Unnamed place" }
        let north = String(format: "%.2f° %@", abs(latitude), latitude < 0 ? "S" : "N")
        let east = String(format: "%.2f° %@", abs(longitude), longitude < 0 ? "W" : "E")
        return "Near \(north), \(east)"
    }
}

/// A photo as the site search needs it: no images, no marks.
public struct SearchablePhoto: Sendable, Equatable {
    public var id: String
    public var title: String
    public var owner: String
    public var ownerName: String?
    public var description: String
    /// `datetaken` as Flickr writes it, local time where it was taken ("2014-05-23 00:00:03").
    public var taken: String?
    public var uploaded: Int64?
}

/// A photo with the time of its latest view.
public struct RecentView: Sendable, Equatable {
    public var photo: StoredPhoto
    /// Seconds since 1970.
    public var viewedAt: Int64
}

extension StoredPhoto: FetchableRecord {
    /// What `init(row:)` reads, from `photo p` left-joined with `photo_favorite f`.
    static let columns = "p.id, p.place_id, p.owner, p.owner_name, p.title, p.description, p.taken, p.uploaded, p.latitude, p.longitude, p.images, (f.photo_id IS NOT NULL) AS favorite"

    enum Columns {
        static let id = Column("id"), placeID = Column("place_id"), owner = Column("owner"), ownerName = Column("owner_name")
        static let title = Column("title"), description = Column("description"), taken = Column("taken"), uploaded = Column("uploaded")
        static let latitude = Column("latitude"), longitude = Column("longitude"), images = Column("images"), favorite = Column("favorite")
    }

    /// Reads the `columns` of a photo; images that do not decode are left out rather than trusted.
    public init(row: Row) {
        let images = (row[Columns.images] as String?).flatMap { try? JSONDecoder().decode([FlickrImage].self, from: Data($0.utf8)) } ?? []
        self.init(id: row[Columns.id], placeID: row[Columns.placeID], owner: row[Columns.owner], ownerName: row[Columns.ownerName],
                  title: row[Columns.title], description: row[Columns.description], taken: row[Columns.taken], uploaded: row[Columns.uploaded],
                  latitude: row[Columns.latitude], longitude: row[Columns.longitude], images: images, isFavorite: row[Columns.favorite])
    }
}

extension StoredPlace: FetchableRecord {
    enum Columns {
        static let id = Column("place_id"), name = Column("name"), fullName = Column("full_name"), latitude = Column("latitude")
        static let longitude = Column("longitude"), photos = Column("photos")
    }

    /// Reads a place with its photos' count; a place no places file named is known by its
    /// photos' position, never by its id.
    public init(row: Row) {
        let id: String? = row[Columns.id]
        let latitude: Double? = row[Columns.latitude], longitude: Double? = row[Columns.longitude]
        let name: String = row[Columns.name] ?? (id == nil ? "No place given" : StoredPlace.unnamed(latitude: latitude, longitude: longitude))
        self.init(id: id, name: name, fullName: row[Columns.fullName] ?? name, latitude: latitude, longitude: longitude,
                  photoCount: row[Columns.photos])
    }
}

extension SearchablePhoto: FetchableRecord {
    enum Columns {
        static let id = Column("id"), title = Column("title"), owner = Column("owner"), ownerName = Column("owner_name")
        static let description = Column("description"), taken = Column("taken"), uploaded = Column("uploaded")
    }

    /// Reads a `photo` row's words and times.
    public init(row: Row) {
        self.init(id: row[Columns.id], title: row[Columns.title], owner: row[Columns.owner], ownerName: row[Columns.ownerName],
                  description: row[Columns.description], taken: row[Columns.taken], uploaded: row[Columns.uploaded])
    }
}

extension RecentView: FetchableRecord {
    enum Columns { static let viewedAt = Column("viewed_at") }

    /// Reads a photo's `columns` and the time of its latest view.
    public init(row: Row) {
        self.init(photo: StoredPhoto(row: row), viewedAt: row[Columns.viewedAt])
    }
}
