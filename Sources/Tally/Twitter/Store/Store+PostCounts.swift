import GRDB

/// What a rebuild reads to find the posts whose counts a later import changed.
extension Store {
    /// Posts whose counts import files after `seq` changed (posts they stored anew are
    /// `tweets(storedAfter:)`).
    public func tweets(countsChangedAfter seq: Int64) throws -> [String] {
        try queue.read { db in
            // `counts_seq > 0` names the partial index's condition, so that SQLite takes it.
            try String.fetchAll(db, sql: "SELECT id FROM tweet WHERE counts_seq > ? AND counts_seq > 0", arguments: [seq])
        }
    }
}
