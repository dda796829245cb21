import Foundation
import GRDB

/// What a transaction whose input is at least the store's size changes for itself, beside setting
/// indexes aside (`DeferredIndexes`):
///
/// - Its foreign keys are not checked row by row but once, before it commits (`ForeignKeyGuard`).
///   Checked as each row went in, they were 12 % of a 100,000-tweet import's time.
/// - It keeps a rollback journal instead of the write-ahead log, synced in full at its commit.
///   Through the log, each page is written as a frame of the log at the commit and again into the
///   store when the log is checkpointed; with a rollback journal it is written once, and the
///   journal holds only the pages the store had before (none, for a first import). The 100k JSON
///   Lines import on disk took 1.33 s against 1.46 s (medians of 5, alternating), the 20k one
///   0.30 s against 0.32 s. A killed import leaves the journal behind, and whoever opens the
///   store next rolls it back: the store is as it was, as with the log.
///
/// While it keeps the rollback journal, it holds the lock that every `Store` takes to open the
/// file: a build or a second import opening the store meanwhile waits for it, where SQLite would
/// have told them at once that the file is locked (it did, when this was first tried without the
/// lock). A store another connection has open already cannot leave the log; the transaction then
/// keeps it, as a smaller one does.
///
/// `PRAGMA foreign_keys` and `PRAGMA journal_mode` take effect only outside a transaction, so both
/// are set before the transaction begins and set back after it ends, committed or not.
struct BulkMode {
    private let lock: FileLock
    /// Whether the transaction keeps a rollback journal (the store left the write-ahead log).
    let leftTheLog: Bool

    /// Takes the store's opening lock (at `lockPath`), turns foreign keys off and leaves the
    /// write-ahead log when no other connection holds the store.
    static func enter(_ db: Database, lockPath: String) throws -> BulkMode {
        let lock = try FileLock(URL(fileURLWithPath: lockPath))
        do {
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            // Asked once, not waited for: a connection that holds the store open (a preview
            // server's, a build's) would keep it in the log however long this waited.
            try db.execute(sql: "PRAGMA busy_timeout = 0")
            let mode = try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA busy_timeout = \(Store.busyMilliseconds)")
            let left = mode?.lowercased() == "delete"
            if left { try db.execute(sql: "PRAGMA synchronous = FULL") }
            return BulkMode(lock: lock, leftTheLog: left)
        } catch {
            lock.release()
            throw error
        }
    }

    /// Checks the foreign keys of what the transaction wrote; call before it commits.
    func check(_ db: Database, queries: [String: String]) throws {
        try ForeignKeyGuard.check(db, queries: queries)
    }

    /// Puts the settings back, once the transaction has ended, and lets others open the store.
    func leave(_ db: Database) throws {
        defer { lock.release() }
        if leftTheLog {
            // Should another program have opened the file meanwhile, it stays in the rollback
            // journal for now; the next `Store` to open it puts it back in the log.
            _ = try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        try db.execute(sql: "PRAGMA foreign_keys = ON")
    }
}
