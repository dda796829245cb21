import Foundation
import GRDB

/// Writes one file's Flickr places and photos inside its transaction.
///
/// A place or photo seen again is updated in place (a later fetch knows better); a photo keeps
/// its place unless this file names one. `--place ID` files every photo of the file under ID.
final class PhotoSink: ImportSink {
    private let db: Database
    private let place: String?
    private(set) var report = PhotosImportReport()

    init(db: Database, place: String?) {
        self.db = db
        let trimmed = place?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.place = trimmed?.isEmpty == false ? trimmed : nil
        report.place = self.place
    }

    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws {
        switch batch as? PhotosBatch {
        case .places(let places): try add(places: places)
        case .photos(let photos): try add(photos: photos)
        case nil: return
        }
    }

    func finish() throws -> any ImportReport { report }

    func add(places: [FlickrPlace]) throws {
        guard !places.isEmpty else { return }
        let known = try existing(places.map(\.id), table: "photo_place")
        let statement = try db.cachedStatement(sql: """
            INSERT INTO photo_place (id, name, full_name, place_type, latitude, longitude, flickr_photo_count, timezone)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, full_name = excluded.full_name,
                place_type = coalesce(excluded.place_type, place_type), latitude = coalesce(excluded.latitude, latitude),
                longitude = coalesce(excluded.longitude, longitude),
                flickr_photo_count = coalesce(excluded.flickr_photo_count, flickr_photo_count),
                timezone = coalesce(excluded.timezone, timezone)
            """)
        for place in places {
            try statement.execute(arguments: [place.id, place.name, place.fullName, place.placeType, place.latitude,
                                              place.longitude, place.photoCount, place.timezone])
            if known.contains(place.id) { report.knownPlaces += 1 } else { report.newPlaces += 1 }
        }
    }

    func add(photos: [FlickrPhoto]) throws {
        guard !photos.isEmpty else { return }
        let known = try existing(photos.map(\.id), table: "photo")
        let statement = try db.cachedStatement(sql: """
            INSERT INTO photo (id, place_id, owner, owner_name, title, description, taken, uploaded, latitude, longitude, images)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET place_id = coalesce(excluded.place_id, place_id), owner = excluded.owner,
                owner_name = coalesce(excluded.owner_name, owner_name), title = excluded.title,
                description = CASE WHEN excluded.description = '' THEN description ELSE excluded.description END,
                taken = coalesce(excluded.taken, taken), uploaded = coalesce(excluded.uploaded, uploaded),
                latitude = coalesce(excluded.latitude, latitude), longitude = coalesce(excluded.longitude, longitude),
                images = CASE WHEN length(excluded.images) > length(images) THEN excluded.images ELSE images END
            """)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for photo in photos {
            let images = String(decoding: try encoder.encode(photo.images), as: UTF8.self)
            try statement.execute(arguments: [photo.id, place ?? photo.placeID, photo.owner, photo.ownerName, photo.title,
                                              photo.description, photo.taken, photo.uploaded, photo.latitude, photo.longitude, images])
            if known.contains(photo.id) { report.knownPhotos += 1 } else { report.newPhotos += 1 }
        }
    }

    /// The ids among `ids` already stored, in one query.
    private func existing(_ ids: [String], table: String) throws -> Set<String> {
        let list = String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
        return Set(try String.fetchAll(db, sql: "SELECT id FROM \(table) WHERE id IN (SELECT value FROM json_each(?))", arguments: [list]))
    }
}

/// What one file's Flickr import did, for the summary line.
public struct PhotosImportReport: ImportReport, Equatable {
    public var newPlaces = 0
    public var knownPlaces = 0
    public var newPhotos = 0
    public var knownPhotos = 0
    /// The `--place` the photos were filed under, if any.
    public var place: String?

    public var description: String {
        var parts: [String] = []
        if newPlaces + knownPlaces > 0 { parts.append("\(Self.count(newPlaces, "place")) new, \(knownPlaces) already stored") }
        if newPhotos + knownPhotos > 0 || parts.isEmpty {
            parts.append("\(Self.count(newPhotos, "photo")) new, \(knownPhotos) already stored" + (place.map { " (place \"\($0)\")" } ?? ""))
        }
        return parts.joined(separator: "; ")
    }

    private static func count(_ value: Int, _ noun: String) -> String { value == 1 ? "1 \(noun)" : "\(value) \(noun)s" }
}
