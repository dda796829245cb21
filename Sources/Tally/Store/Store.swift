import Foundation
import GRDB

/// The one SQLite file that holds everything imported; the only place that runs SQL.
public final class Store: Sendable {
    let queue: DatabaseQueue
    /// Where the store lives on disk.
    public let path: String

    /// Opens (creating if needed) the store at `path` and brings its schema up to date.
    public init(path: String) throws {
        self.path = path
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
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        // Switching a new file to WAL and migrating it need the file to themselves, and SQLite
        // answers a second process "locked" at once rather than waiting: take turns opening.
        let lock = try FileLock(URL(fileURLWithPath: path + ".lock"))
        defer { lock.release() }
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try Store.migrator.migrate(queue)
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
    }

    /// The schema, one migration per change; see the README for what each table holds.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-tweets-and-popularity") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id TEXT PRIMARY KEY NOT NULL,
                    screen_name TEXT NOT NULL,
                    name TEXT NOT NULL,
                    avatar_url TEXT
                );
                CREATE TABLE tweet (
                    id TEXT PRIMARY KEY NOT NULL,
                    author_id TEXT REFERENCES user(id),
                    created_at INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    entities TEXT NOT NULL DEFAULT '[]',
                    lang TEXT,
                    retweet_of TEXT,
                    quoted_id TEXT
                ) WITHOUT ROWID;
                CREATE TABLE mention (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('hashtag', 'user')),
                    folded TEXT NOT NULL,
                    display TEXT NOT NULL,
                    UNIQUE (kind, folded)
                );
                CREATE TABLE term (
                    id INTEGER PRIMARY KEY,
                    folded TEXT NOT NULL UNIQUE,
                    text TEXT NOT NULL,
                    searched_at INTEGER NOT NULL,
                    tweet_count INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX term_history ON term(searched_at DESC, id DESC);
                CREATE TABLE term_tweet (
                    term_id INTEGER NOT NULL REFERENCES term(id),
                    tweet_id TEXT NOT NULL REFERENCES tweet(id),
                    PRIMARY KEY (term_id, tweet_id)
                ) WITHOUT ROWID;
                CREATE TABLE term_mention (
                    term_id INTEGER NOT NULL REFERENCES term(id),
                    mention_id INTEGER NOT NULL REFERENCES mention(id),
                    kind TEXT NOT NULL,
                    folded TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (term_id, mention_id)
                ) WITHOUT ROWID;
                CREATE INDEX term_mention_popularity ON term_mention(term_id, kind, count DESC, folded);
                """)
        }
        // Until the source registry assembles the migrator, the charts' tables are registered here.
        ChartSchema.registerMigrations(in: &migrator)
        return migrator
    }

    /// Runs `body` in one write transaction for one input file: all of it lands, or none.
    func importing(file: String, _ body: (ImportSink) throws -> Void) throws -> ImportSummary {
        try queue.write { db in
            let sink = ImportSink(db: db, file: file)
            try body(sink)
            try sink.finish()
            return sink.summary
        }
    }

    /// How many rows each table holds, to show that a failed import changed nothing.
    public func tableCounts() throws -> [String: Int] {
        try queue.read { db in
            var counts: [String: Int] = [:]
            for table in ["user", "tweet", "mention", "term", "term_tweet", "term_mention"] {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
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
