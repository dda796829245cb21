import Foundation
import GRDB

/// The one SQLite file that holds everything imported; the only place that runs SQL.
public final class Store: Sendable {
    /// A queue (one connection) for imports and tools; for a build, a pool of read-only
    /// connections, so that sections planned on threads of their own read side by side.
    let queue: any DatabaseWriter
    /// Where the store lives on disk.
    public let path: String
    /// How long a connection waits for another's lock on the file: ten minutes, as a large file
    /// can hold the write lock for minutes.
    static let busyMilliseconds = 600_000
    /// The sources whose tables the store holds, in detection order.
    public let sources: [any DataSource]

    /// Opens (creating if needed) the store at `path` and brings every source's schema up to date.
    ///
    /// `readOnly` is for builds: a store already up to date is then opened without writing a byte
    /// (GRDB's read-write WAL setup writes to the file on every open), so a build with nothing
    /// changed can tell so from the store's files. A store that needs migrating is migrated first.
    /// It then reads through a pool of connections, each keeping at most `cacheMebibytes` of the
    /// file in memory when that is given (`limitCache`).
    public init(path: String, sources: [any DataSource], readOnly: Bool = false, cacheMebibytes: Int? = nil) throws {
        self.path = path
        self.sources = sources
        var configuration = Configuration()
        // A second import waits for the first (writes begin IMMEDIATE) rather than failing; a large
        // file can hold the write lock for minutes.
        configuration.busyMode = .timeout(TimeInterval(Store.busyMilliseconds / 1000))
        configuration.foreignKeysEnabled = true
        configuration.journalMode = readOnly ? .default : .wal
        configuration.readonly = readOnly
        configuration.prepareDatabase { db in
            // Large imports walk B-trees bigger than SQLite's default 8 MB cache; 64 MB keeps them
            // in memory, well inside the import's memory budget.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a killed
            // process still loses no committed file and never corrupts the store; only a power
            // loss or OS crash can undo the last files committed. One fsync per file was most of
            // the time of importing many small files.
            if !readOnly { try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            if readOnly {
                // A pool's readers would give up on a locked file after GRDB's 10 s (its
                // `readonlyBusyMode`); a build waits for an import as long as an import does.
                try db.execute(sql: "PRAGMA busy_timeout = \(Store.busyMilliseconds)")
                if let cacheMebibytes { try Store.limitCache(db, mebibytes: cacheMebibytes) }
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Switching a new file to WAL and migrating it need the file to themselves, and SQLite
        // answers a second process "locked" at once rather than waiting: take turns opening.
        let lock = try FileLock(URL(fileURLWithPath: path + ".lock"))
        defer { lock.release() }
        let migrator = Store.migrator(for: sources)
        do {
            // A store from a newer Tally holds migrations this one does not know: refuse it before
            // opening it for writing, which could switch its journal or touch its header.
            if FileManager.default.fileExists(atPath: path) {
                let unknown = try Store.unknownMigrations(path: path, migrator: migrator)
                if !unknown.isEmpty {
                    throw StoreError.newerSchema(path: path, unknown: unknown, known: SchemaVersion.current(for: sources))
                }
            }
            if readOnly, FileManager.default.fileExists(atPath: path) {
                let reader = try DatabasePool(path: path, configuration: configuration)
                if try reader.read({ try migrator.hasCompletedMigrations($0) }) {
                    queue = reader
                    return
                }
                try reader.close()
            }
            var writable = configuration
            writable.readonly = false
            writable.journalMode = .wal
            let writer = try DatabaseQueue(path: path, configuration: writable)
            try migrator.migrate(writer)
            queue = writer
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

    /// The migrations a store file holds that `migrator` does not register, read without writing.
    private static func unknownMigrations(path: String, migrator: DatabaseMigrator) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(TimeInterval(Store.busyMilliseconds / 1000))
        // Reading a WAL store creates its -wal and -shm files when no one has it open; remove
        // them again (we hold the opening lock, and an empty log holds nothing), so that a
        // refused store is left exactly as it was found.
        let manager = FileManager.default
        let hadLog = manager.fileExists(atPath: path + "-wal") || manager.fileExists(atPath: path + "-shm")
        let reader = try DatabaseQueue(path: path, configuration: configuration)
        defer {
            try? reader.close()
            let log = (try? manager.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? 0
            if !hadLog, log == 0 {
                try? manager.removeItem(atPath: path + "-wal")
                try? manager.removeItem(atPath: path + "-shm")
            }
        }
        return try reader.read { db in
            guard try db.tableExists("grdb_migrations") else { return [] }
            let known = Set(migrator.migrations)
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid").filter { !known.contains($0) }
        }
    }

    /// The schema version of this store (the migrations applied to it).
    public func schemaVersion() throws -> SchemaVersion {
        try queue.read { db in try SchemaVersion.applied(db, sources: sources) }
    }

    /// Runs `body` in one write transaction for one input file: all of it lands, or none. Inside
    /// `groupingImports` the file gets a savepoint of the group's transaction instead, which rolls
    /// back on its own just the same.
    func importing<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.unsafeReentrantWrite { db in
            var result: T?
            if db.isInsideTransaction {
                try db.inSavepoint {
                    result = try body(db)
                    return .commit
                }
            } else {
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
            }
            return result!
        }
    }

    /// Runs `body` with the imports it makes inside one write transaction, each file in its own
    /// savepoint of it: a file still lands whole or not at all, and many small files cost one
    /// commit rather than one each (a commit writes every page the file touched to the log again;
    /// measured, most of the time of importing a crawl of small files). `commit` makes what the
    /// group imported so far durable as one and starts the next; nothing uncommitted lands.
    ///
    /// `deferIndexes` is asked as each transaction begins, with the store's size in bytes: when
    /// it says yes, the sources' `deferrableIndexes` are dropped for that transaction and made
    /// again just before it commits (`DeferredIndexes`), which pays when the transaction's input
    /// is large against the store; such a transaction also checks its foreign keys once, before
    /// it commits, instead of row by row, and keeps a rollback journal instead of the
    /// write-ahead log, holding the store's opening lock meanwhile (`BulkMode`).
    func groupingImports<T>(deferIndexes: @escaping (_ storeBytes: Int) -> Bool = { _ in false },
                            _ body: (_ commit: () throws -> Void) throws -> T) throws -> T {
        let deferrable = sources.flatMap(\.deferrableIndexes)
        let keyChecks = sources.reduce(into: [String: String]()) { $0.merge($1.foreignKeyChecks) { first, _ in first } }
        return try queue.unsafeReentrantWrite { db in
            var deferred: DeferredIndexes?
            var bulk: BulkMode?
            func begin() throws {
                let large = try !deferrable.isEmpty && deferIndexes(Self.bytes(db))
                if large { bulk = try BulkMode.enter(db, lockPath: path + ".lock") }
                try db.beginTransaction(.immediate)
                if large { deferred = try DeferredIndexes.drop(deferrable, in: db) }
            }
            func commit() throws {
                try deferred?.restore(in: db)
                deferred = nil
                try bulk?.check(db, queries: keyChecks)
                try db.commit()
                try bulk?.leave(db)
                bulk = nil
            }
            do {
                // Inside, so that a transaction that cannot begin still turns foreign keys back on.
                try begin()
                let result = try body {
                    try commit()
                    try begin()
                }
                try commit()
                return result
            } catch {
                // The rollback brings back any index the transaction set aside.
                if db.isInsideTransaction { try? db.rollback() }
                try? bulk?.leave(db)
                throw error
            }
        }
    }

    /// The store's size in bytes, as its pages count (the log's pages included).
    private static func bytes(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
    }

    private init(path: String, sources: [any DataSource], queue: any DatabaseWriter) {
        self.path = path
        self.sources = sources
        self.queue = queue
    }

    /// Another connection to the same file, for reading only, with the cache of a build: work on
    /// a thread of its own (the site search's documents) reads beside this one instead of waiting
    /// for it, as a `DatabaseQueue` runs one read at a time.
    public func reader() throws -> Store {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(TimeInterval(Store.busyMilliseconds / 1000))
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = -2048")  // read once, in order
            try db.execute(sql: "PRAGMA temp_store = FILE")
        }
        do {
            return Store(path: path, sources: sources, queue: try DatabaseQueue(path: path, configuration: configuration))
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
    }

    /// Sets how much of the file SQLite keeps in memory, on a store opened for writing (a build's
    /// read-only store sets it per connection as it opens: `cacheMebibytes`). Imports walk large
    /// B-trees and get 64 MiB; a build reads each row about once, so a small cache costs it
    /// nothing and saves memory.
    /// Sorts bigger than the cache then spill to temporary files: a build lists a long list's rows
    /// newest first, and sorting a million of them in memory took 400 MiB.
    public func limitCache(mebibytes: Int) throws {
        try queue.writeWithoutTransaction { try Self.limitCache($0, mebibytes: mebibytes) }
    }

    private static func limitCache(_ db: Database, mebibytes: Int) throws {
        try db.execute(sql: "PRAGMA cache_size = \(-1024 * mebibytes)")
        try db.execute(sql: "PRAGMA temp_store = FILE")
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
    /// The store was written by a newer Tally: it holds migrations this one does not know.
    case newerSchema(path: String, unknown: [String], known: SchemaVersion)
    /// A source's prune rules would have left a reference dangling; nothing was removed.
    case pruneBrokeReferences(path: String, example: String)
    /// An import would have left a row naming a missing row (`ForeignKeyGuard`); its transaction rolled back.
    case importBrokeReferences(table: String, example: String)
    /// `tally backup` never replaces a file.
    case backupExists(path: String)
    case backupFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "\(path): cannot open the store: \(reason)"
        case .newerSchema(let path, let unknown, let known):
            return "\(path): this store was written by a newer Tally (it has schema changes this one does not know: "
                + unknown.joined(separator: ", ") + "; this Tally knows schema version \(known)). "
                + "The store was left untouched: upgrade Tally to use it."
        case .pruneBrokeReferences(let path, let example):
            return "\(path): pruning would leave a dangling reference (\(example)); nothing was removed"
        case .importBrokeReferences(let table, let example):
            return "the import would leave a row of \(table) naming a row the store does not hold (\(example)); nothing of it was stored"
        case .backupExists(let path):
            return "\(path) already exists; a backup never replaces a file: remove it or choose another name"
        case .backupFailed(let path, let reason):
            return "\(path): the backup failed (\(reason)); nothing was written there"
        }
    }
}
