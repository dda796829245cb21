import Foundation
import GRDB
import Testing
@testable import Tally

/// A store kept for years: written by an older Tally, opened by a newer one.
@Suite("Upgrades: stores from other versions")
struct UpgradeTests {
    /// `content/data/*` imported by Tally at commit e761cdc, the schema before sources existed
    /// (one migration, `1-tweets-and-popularity`). Kept as it is: every later version must open it.
    static let beforeSources = Fixture.url("stores/e761cdc-sample.sqlite")

    @Test("a store written before sources existed opens, migrates, keeps its data and builds the pages of a fresh import")
    func upgradesTheOldestStore() throws {
        let old = TestProject()
        try FileManager.default.copyItem(at: Self.beforeSources, to: old.config.storeURL)
        let fresh = TestProject()
        // The sample content as it was then: the sources added since bring files of their own.
        try fresh.importSampleContent(only: ["brexit.jsonl", "freebandnames-page1.json", "freebandnames-page2.json", "home-timeline.json",
                                             "python-geocode.json", "rstats-extended.json", "scala.json", "tweepy.json"])

        // What the old store never kept, a fresh import now does: profile bios, locations and
        // websites, tweets' photos and videos, and the timeline the home timeline's tweets came
        // from (which adds Timelines to every page's navigation). The migration cannot invent
        // them, so they are taken out of the fresh store and everything else is compared whole:
        // every table's rows (tweet_tag as the migration backfills it included) and every page.
        try fresh.store.queue.write { db in
            try db.execute(sql: """
                DELETE FROM tweet_media; DELETE FROM timeline_tweet; DELETE FROM timeline;
                UPDATE user SET bio = NULL, location = NULL, website = NULL;
                """)
        }

        try Self.expectUpgraded(old, sameAs: fresh)
    }

    /// Opens `old`'s store (migrating it) and checks it against `fresh`, a new import of the same
    /// content: the current schema, the same rows in every table, a sound file, and every page of
    /// the built site byte for byte.
    static func expectUpgraded(_ old: TestProject, sameAs fresh: TestProject) throws {
        // No older store kept what a post answers (migration twitter-9-replies) nor its counts
        // (twitter-10-counts): those are taken out of the fresh store too.
        try fresh.store.queue.write { db in
            try db.execute(sql: """
                UPDATE tweet SET reply_to = NULL, reply_to_user = NULL, reply_count = NULL, repost_count = NULL, quote_count = NULL, like_count = NULL
                """)
        }
        let upgraded = try old.store
        #expect(try upgraded.schemaVersion() == SchemaVersion.current(for: DataSources.all))
        #expect(try upgraded.tableCounts() == fresh.store.tableCounts())
        #expect(try comparableRows(upgraded) == comparableRows(fresh.store))
        #expect(try upgraded.integrityCheck() == "ok")
        #expect(try upgraded.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)

        try old.build()
        try fresh.build()
        let before = try old.siteFiles(), after = try fresh.siteFiles()
        #expect(before.count > 100)
        #expect(Set(before.keys) == Set(after.keys))
        let different = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(different.isEmpty, "pages differ: \(different.prefix(10))")
    }

    /// `content/data/*` imported by Tally at commit e55b2ea, before tags were keyed by mention id
    /// (Twitter's migrations 1–3, Charts' and Photos' first).
    static let beforeTagsByMention = Fixture.url("stores/e55b2ea-sample.sqlite")

    @Test("a store written before tags were keyed by mention id migrates, keeps every row and builds the pages of a fresh import")
    func upgradesTagsByMention() throws {
        let old = TestProject()
        try FileManager.default.copyItem(at: Self.beforeTagsByMention, to: old.config.storeURL)
        let fresh = TestProject()
        // The sample content as it was then: the Mastodon and Bluesky files came later.
        let data = Fixture.repository.appendingPathComponent("content/data")
        try fresh.importSampleContent(only: try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
            .filter { !$0.hasPrefix("mastodon-") && !$0.hasPrefix("bluesky-") && !$0.hasPrefix("sample-mastodon-") })
        let (tags, mentions) = try Self.readCopy(of: Self.beforeTagsByMention) { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet_tag"), try Int.fetchOne(db, sql: "SELECT count(*) FROM mention"))
        }
        try Self.expectUpgraded(old, sameAs: fresh)
        // Every tag row kept; every mention the old store had (all of them counted) still counted.
        let upgraded = try old.store
        #expect(try upgraded.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet_tag") } == tags)
        #expect(try upgraded.totals().mentions == mentions)
    }

    /// Reads a kept store file through a copy: even reading a WAL store in place would leave its
    /// -wal and -shm files beside it.
    private static func readCopy<T>(of url: URL, _ read: (Database) throws -> T) throws -> T {
        let folder = TemporaryFolder()
        let copy = folder.url.appendingPathComponent("old.sqlite")
        try FileManager.default.copyItem(at: url, to: copy)
        return try DatabaseQueue(path: copy.path).read(read)
    }

    /// Every row of every table, with mentions named by kind and text rather than by id: ids
    /// follow the order rows were written in, which a migration cannot repeat. A mention no
    /// search counted keeps any spelling its tweets use; the tweets' own spellings are compared.
    static func comparableRows(_ store: Store) throws -> [String] {
        let byID: Set<String> = ["grdb_migrations", "mention", "tweet_tag", "term_mention"]
        var rows = try PruneTests.rows(store, withoutStamps: true).filter { row in !byID.contains(String(row.prefix { $0 != " " })) }
        rows += try store.queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT 'mention ' || kind || ' ' || folded || ' ' || counted || ' ' || CASE WHEN counted THEN display ELSE '' END FROM mention
                UNION ALL SELECT 'tweet_tag ' || m.kind || ' ' || m.folded || ' ' || g.tweet_id || ' ' || coalesce(g.display, m.display)
                    FROM tweet_tag g JOIN mention m ON m.id = g.mention_id
                UNION ALL SELECT 'term_mention ' || tm.term_id || ' ' || m.kind || ' ' || m.folded || ' ' || tm.kind || ' ' || tm.folded || ' ' || tm.count
                    FROM term_mention tm JOIN mention m ON m.id = tm.mention_id
                """)
        }.sorted()
        return rows
    }

    @Test("the kept store files really have the old schemas")
    func fixturesAreOld() throws {
        let migrations = "SELECT identifier FROM grdb_migrations ORDER BY rowid"
        #expect(try Self.readCopy(of: Self.beforeSources) { try String.fetchAll($0, sql: migrations) } == ["1-tweets-and-popularity"])
        #expect(try Self.readCopy(of: Self.beforeTagsByMention) { try String.fetchAll($0, sql: migrations) }
                == ["1-tweets-and-popularity", "twitter-2-newest-first", "twitter-3-people-media-timelines",
                    "charts-1-charts-fetches-items-ranks", "photos-1-places-photos-favorites-views"])
    }

    @Test("a store from a newer Tally is refused with a clear message and left byte for byte as it was")
    func refusesNewerStores() throws {
        let project = TestProject()
        try project.importSampleContent()
        let path = project.config.storeURL.path
        do {
            // A migration this Tally does not know, as a later version would have applied it.
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE future_things (id INTEGER PRIMARY KEY)")
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('twitter-99-from-the-future')")
            }
            try queue.close()
        }
        let before = try fileSnapshot(project.config.storeURL)
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            guard case StoreError.newerSchema(_, let unknown, _) = error else { return false }
            return unknown == ["twitter-99-from-the-future"] && "\(error)".contains("newer Tally") && "\(error)".contains("left untouched")
        }
        let result = try CommandLineTool.run(["stats", "--store", path], in: project.folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("written by a newer Tally") && result.stderr.contains("twitter-99-from-the-future"))
        let importing = try CommandLineTool.run(["import", "--store", path, "content/tweepy.json"], in: project.folder.url)
        #expect(importing.status != 0)
        let after = try fileSnapshot(project.config.storeURL)
        #expect(after.bytes == before.bytes)
        #expect(after.siblings.filter { $0.hasPrefix("tally.sqlite") && !$0.hasSuffix(".lock") } == ["tally.sqlite"], "\(after.siblings)")
    }

    @Test("the schema version counts every source's migrations, and tally --version says it")
    func versionSaysSchema() throws {
        let current = SchemaVersion.current(for: DataSources.all)
        #expect(current.number == current.migrations.count)
        #expect(current.perSource.map(\.migrations).reduce(0, +) == current.number)
        #expect(current.migrations.contains("twitter-2-newest-first"))
        let folder = TemporaryFolder()
        let process = Process()
        process.executableURL = CommandLineTool.executable
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        _ = folder
        #expect(text.contains("store schema version \(current.number) (twitter \(current.perSource[0].migrations)"), "\(text)")
    }
}
