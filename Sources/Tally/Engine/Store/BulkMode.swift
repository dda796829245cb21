import GRDB

/// What a transaction whose input is at least the store's size changes for itself, beside setting
/// indexes aside (`DeferredIndexes`); both settings take effect only outside a transaction, so
/// they are made before it begins and undone after it ends, committed or not.
///
/// - Foreign keys are not checked row by row but once, before the commit (`ForeignKeyGuard`):
///   checked as each row went in, they were 12 % of a 100,000-tweet import's time.
/// - The store leaves the write-ahead log for the transaction when no other connection has it
///   open: each page is then written once, to the store, where the log took every page and the
///   checkpoint at the end wrote it again (measured on disk: 3.31 s against 3.00 s). The old
///   pages are kept in a rollback journal, synced before the store is written (`synchronous =
///   FULL`), so a killed import or a power loss leaves the store as it was; the log comes back
///   when the transaction ends. A store another process reads (`tally serve`) keeps its log.
struct BulkMode {
    private let leftLog: Bool

    static func enter(_ db: Database) throws -> BulkMode {
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        var leftLog = false
        do {
            leftLog = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") == "delete"
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            // Another connection has the store open: SQLite keeps the log, and so do we.
        }
        if leftLog { try db.execute(sql: "PRAGMA synchronous = FULL") }
        return BulkMode(leftLog: leftLog)
    }

    /// Checks the foreign keys of what the transaction wrote; call before it commits.
    func check(_ db: Database, queries: [String: String]) throws {
        try ForeignKeyGuard.check(db, queries: queries)
    }

    /// Puts the settings back, once the transaction has ended.
    func leave(_ db: Database) throws {
        if leftLog {
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try db.execute(sql: "PRAGMA foreign_keys = ON")
    }
}
