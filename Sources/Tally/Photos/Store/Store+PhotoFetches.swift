import Foundation
import GRDB

extension Store {
    /// Every place whose photos were fetched before, in the order first fetched.
    public func fetchedPlaces() throws -> [FetchedPlace] {
        try queue.read { db in
            try FetchedPlace.fetchAll(db, sql: "SELECT server, place_id, newest_upload FROM photo_fetch ORDER BY rowid")
        }
    }

    /// The place fetched before from `server` with this `place_id`, if any.
    public func fetchedPlace(server: String, placeID: String) throws -> FetchedPlace? {
        try queue.read { db in
            try FetchedPlace.fetchOne(db, sql: "SELECT server, place_id, newest_upload FROM photo_fetch WHERE server = ? AND place_id = ?",
                                      arguments: [server, placeID])
        }
    }

    /// Records `place` and how far it got; inside an import's transaction, it lands with the
    /// import or not at all.
    func recordFetchedPlace(_ place: FetchedPlace) throws {
        try queue.unsafeReentrantWrite { db in
            try db.execute(sql: """
                INSERT INTO photo_fetch (server, place_id, newest_upload, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (server, place_id) DO UPDATE SET
                    newest_upload = max(coalesce(excluded.newest_upload, newest_upload), coalesce(newest_upload, excluded.newest_upload)),
                    fetched_at = excluded.fetched_at
                """, arguments: [place.server, place.placeID, place.newestUpload, Int64(Date().timeIntervalSince1970)])
        }
    }
}

extension FetchedPlace: FetchableRecord {
    enum Columns { static let server = Column("server"), placeID = Column("place_id"), newestUpload = Column("newest_upload") }

    /// Reads a `photo_fetch` row.
    public init(row: Row) {
        self.init(server: row[Columns.server], placeID: row[Columns.placeID], newestUpload: row[Columns.newestUpload])
    }
}
