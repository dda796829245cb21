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

extension StoredPhoto {
    static let columns = "p.id, p.place_id, p.owner, p.owner_name, p.title, p.description, p.taken, p.uploaded, p.latitude, p.longitude, p.images, (f.photo_id IS NOT NULL) AS favorite"

    init(row: Row) {
        let images = (row["images"] as String?).flatMap { try? JSONDecoder().decode([FlickrImage].self, from: Data($0.utf8)) } ?? []
        self.init(id: row["id"], placeID: row["place_id"], owner: row["owner"], ownerName: row["owner_name"], title: row["title"],
                  description: row["description"], taken: row["taken"], uploaded: row["uploaded"], latitude: row["latitude"],
                  longitude: row["longitude"], images: images, isFavorite: row["favorite"])
    }
}
