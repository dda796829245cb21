import Foundation
import GRDB

/// The one SQLite file that holds everything imported; the only place that runs SQL.
public final class Store: Sendable {
    let queue: DatabaseQueue
    /// Where the store lives on disk.
    public let path: String
    /// The sources whose tables the store holds, in detection order.
    public let sources: [any DataSource]

    /// Opens (creating if needed) the store at `path` and brings every source's schema up to date.
    public init(path: String, sources: [any DataSource]) throws {
        self.path = path
        self.sources = sources
        var configuration = Configuration()
        // A second import waits for the first (writes begin IMMEDIATE) rather than failing; a large
        // file can hold the write lock for minutes.
        configuration.busyMode = .timeout(600)
        configuration.foreignKeysEnabled = true
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            // Large imports walk B-trees bigger than SQLite's default 8 MB cache; 64 MB keeps them
            // in memory, well inside the import's memory budget.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a killed
            // process still loses no committed file and never corrupts the store; only a power
            // loss or OS crash can undo the last files committed. One fsync per file was most of
            // the time of importing many small files.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Switching a new file to WAL and migrating it need the file to themselves, and SQLite
        // answers a second process "locked" at once rather than waiting: take turns opening.
        let lock = try FileLock(URL(fileURLWithPath: path + ".lock"))
        defer { lock.release() }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Store.migrator(for: sources).migrate(queue)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
    }

    /// The schema: every source's migrations, in registry order. A migration is named with its
    /// source's id first, so sources never clash and a store keeps the history of each.
    static func migrator(for sources: [any DataSource]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for source in sources { source.registerMigrations(in: &migrator) }
        return migrator
    }

    /// Runs `body` in one write transaction for one input file: all of it lands, or none.
    func importing<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.write(body)
    }

    /// Sets how much of the file SQLite keeps in memory. Imports walk large B-trees and get 64 MiB;
    /// a build reads each row about once, so a small cache costs it nothing and saves memory.
    public func limitCache(mebibytes: Int) throws {
        try queue.inDatabase { db in try db.execute(sql: "PRAGMA cache_size = \(-1024 * mebibytes)") }
    }

    /// How many rows each table holds, to show that a failed import changed nothing.
    public func tableCounts() throws -> [String: Int] {
        try queue.read { db in
            var counts: [String: Int] = [:]
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name
                """)
            for table in tables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
            return counts
        }
    }

    /// `PRAGMA integrity_check`'s answer: "ok" for a sound file.
    public func integrityCheck() throws -> String {
        try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }
}

/// Why the store could not be used.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "\(path): cannot open the store: \(reason)"
        }
    }
}
