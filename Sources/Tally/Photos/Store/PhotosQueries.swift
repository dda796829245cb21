import Foundation
import GRDB

/// The photos source's reads. Only store files run SQL; pages ask through these.
enum PhotosQueries {
    /// Every place that holds photos, with its count, in no particular order (pages sort by name
    /// in Swift, where the collation is Tally's own and the same everywhere). With `favorites`,
    /// only places holding favorites, counting those.
    static func places(_ db: Database, favorites: Bool = false) throws -> [StoredPlace] {
        let join = favorites ? "JOIN photo_favorite f ON f.photo_id = p.id" : ""
        return try StoredPlace.fetchAll(db, sql: """
            SELECT p.place_id, pl.name, pl.full_name, coalesce(pl.latitude, avg(p.latitude)) AS latitude,
                coalesce(pl.longitude, avg(p.longitude)) AS longitude, count(*) AS photos
            FROM photo p \(join) LEFT JOIN photo_place pl ON pl.id = p.place_id
            GROUP BY p.place_id
            """)
    }

    static func placeIDs(_ db: Database, named name: String) throws -> [String] {
        let wanted = name.trimmingCharacters(in: .whitespaces)
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        var found: [String] = []
        let rows = try PlaceName.fetchCursor(db, sql: "SELECT id, name, full_name FROM photo_place ORDER BY coalesce(flickr_photo_count, 0) DESC, id")
        while let place = try rows.next() {
            if place.id == wanted {
                found.insert(place.id, at: 0)
            } else if fold(place.name) == fold(wanted) || fold(place.fullName) == fold(wanted) {
                found.append(place.id)
            }
        }
        return found
    }

    /// Every photo in id order, as the site search needs it, read from a cursor.
    static func searchable(_ db: Database, _ body: (SearchablePhoto) throws -> Void) throws {
        let rows = try SearchablePhoto.fetchCursor(db, sql: "SELECT id, title, owner, owner_name, description, taken, uploaded FROM photo ORDER BY id")
        while let photo = try rows.next() { try body(photo) }
    }

    /// The photos of one place (nil: the unplaced ones), newest taken first.
    static func photos(_ db: Database, place: String?, favoritesOnly: Bool = false) throws -> [StoredPhoto] {
        let join = favoritesOnly ? "JOIN" : "LEFT JOIN"
        let filter = place == nil ? "p.place_id IS NULL" : "p.place_id = ?"
        return try StoredPhoto.fetchAll(db, sql: """
            SELECT \(StoredPhoto.columns) FROM photo p \(join) photo_favorite f ON f.photo_id = p.id
            WHERE \(filter) ORDER BY p.taken IS NULL, p.taken DESC, p.id
            """, arguments: place.map { [$0] } ?? [])
    }

    /// Photos in id order, `limit` after `after`: the photo pages are planned in chunks.
    static func photos(_ db: Database, after: String?, limit: Int) throws -> [StoredPhoto] {
        try StoredPhoto.fetchAll(db, sql: """
            SELECT \(StoredPhoto.columns) FROM photo p LEFT JOIN photo_favorite f ON f.photo_id = p.id
            WHERE p.id > ? ORDER BY p.id LIMIT ?
            """, arguments: [after ?? "", limit])
    }

    static func photo(_ db: Database, id: String) throws -> StoredPhoto? {
        try StoredPhoto.fetchOne(db, sql: """
            SELECT \(StoredPhoto.columns) FROM photo p LEFT JOIN photo_favorite f ON f.photo_id = p.id WHERE p.id = ?
            """, arguments: [id])
    }

    /// Photos viewed at or after `since`, each once at its latest view, newest first.
    static func recents(_ db: Database, since: Int64) throws -> [RecentView] {
        try RecentView.fetchAll(db, sql: """
            SELECT \(StoredPhoto.columns), v.viewed_at FROM
                (SELECT photo_id, max(viewed_at) AS viewed_at FROM photo_view GROUP BY photo_id HAVING max(viewed_at) >= ?) v
            JOIN photo p ON p.id = v.photo_id LEFT JOIN photo_favorite f ON f.photo_id = p.id
            ORDER BY v.viewed_at DESC, p.id
            """, arguments: [since])
    }

    /// The favorite photos, for the image cache.
    static func favorites(_ db: Database) throws -> [StoredPhoto] {
        try StoredPhoto.fetchAll(db, sql: """
            SELECT \(StoredPhoto.columns) FROM photo p JOIN photo_favorite f ON f.photo_id = p.id ORDER BY p.id
            """)
    }

    /// Totals for the home card: photos, places with photos, favorites, newest upload.
    static func totals(_ db: Database) throws -> (photos: Int, places: Int, favorites: Int, newest: Int64?) {
        let totals = try Totals.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM photo) AS photos, (SELECT count(DISTINCT coalesce(place_id, '')) FROM photo) AS places,
                   (SELECT count(*) FROM photo_favorite) AS favorites, (SELECT max(uploaded) FROM photo) AS newest
            """)!
        return (totals.photos, totals.places, totals.favorites, totals.newest)
    }

    /// A `photo_place` row's id and names, for finding a place by name.
    private struct PlaceName: FetchableRecord {
        enum Columns { static let id = Column("id"), name = Column("name"), fullName = Column("full_name") }
        var id: String, name: String, fullName: String

        init(row: Row) {
            id = row[Columns.id]
            name = row[Columns.name]
            fullName = row[Columns.fullName]
        }
    }

    /// The counts `totals` reads.
    private struct Totals: FetchableRecord {
        enum Columns {
            static let photos = Column("photos"), places = Column("places"), favorites = Column("favorites"), newest = Column("newest")
        }
        var photos: Int, places: Int, favorites: Int, newest: Int64?

        init(row: Row) {
            photos = row[Columns.photos]
            places = row[Columns.places]
            favorites = row[Columns.favorites]
            newest = row[Columns.newest]
        }
    }
}

/// The user's marks on stored photos: favorites and views.
enum PhotoMarks {
    static func favorite(_ db: Database, photo id: String, at time: Int64) throws {
        try requireKnown(db, id)
        try db.execute(sql: "INSERT OR IGNORE INTO photo_favorite (photo_id, added_at) VALUES (?, ?)", arguments: [id, time])
    }

    /// Removes a favorite; returns whether the photo was one.
    @discardableResult
    static func unfavorite(_ db: Database, photo id: String) throws -> Bool {
        try requireKnown(db, id)
        try db.execute(sql: "DELETE FROM photo_favorite WHERE photo_id = ?", arguments: [id])
        return db.changesCount > 0
    }

    static func viewed(_ db: Database, photo id: String, at time: Int64) throws {
        try requireKnown(db, id)
        try db.execute(sql: "INSERT OR IGNORE INTO photo_view (photo_id, viewed_at) VALUES (?, ?)", arguments: [id, time])
    }

    private static func requireKnown(_ db: Database, _ id: String) throws {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM photo WHERE id = ?)", arguments: [id]) == true else {
            throw PhotosError.unknownPhoto(id)
        }
    }
}

/// Why a photos command could not be carried out.
public enum PhotosError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPhoto(String)

    public var description: String {
        switch self {
        case .unknownPhoto(let id): return "no photo with id \"\(id)\" is stored; import the Flickr page that holds it first"
        }
    }
}
