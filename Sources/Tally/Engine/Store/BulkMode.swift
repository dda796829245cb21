import GRDB

/// What a transaction whose input is at least the store's size changes for itself, beside setting
/// indexes aside (`DeferredIndexes`): its foreign keys are not checked row by row but once, before
/// it commits (`ForeignKeyGuard`). Checked as each row went in, they were 12 % of a 100,000-tweet
/// import's time. `PRAGMA foreign_keys` takes effect only outside a transaction, so it is turned
/// off before the transaction begins and on again after it ends, committed or not.
///
/// Tried and not kept: leaving the write-ahead log for such a transaction (`journal_mode =
/// DELETE`), so that each page is written once instead of to the log and again at the checkpoint
/// (3.31 s against 3.00 s for 100,000 tweets on disk). Another process opening the store meanwhile
/// (a second import, a backup) then failed to open it instead of waiting.
struct BulkMode {
    static func enter(_ db: Database) throws -> BulkMode {
        try db.execute(sql: "PRAGMA foreign_keys = OFF")
        return BulkMode()
    }

    /// Checks the foreign keys of what the transaction wrote; call before it commits.
    func check(_ db: Database, queries: [String: String]) throws {
        try ForeignKeyGuard.check(db, queries: queries)
    }

    /// Puts the settings back, once the transaction has ended.
    func leave(_ db: Database) throws {
        try db.execute(sql: "PRAGMA foreign_keys = ON")
    }
}
