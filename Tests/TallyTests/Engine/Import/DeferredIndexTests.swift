import Foundation
import GRDB
import Testing
@testable import Tally

/// An import whose input is at least the store's size sets the store's secondary indexes aside
/// for its transaction and makes them again before it commits (`DeferredIndexes`): the store it
/// leaves is the one an import keeping them up leaves, indexes and all, and one that fails leaves
/// the store as it was, indexes and all.
@Suite("Indexes set aside by a large import")
struct DeferredIndexTests {
    /// Search pages of 60 tweets each over a few terms, people and hashtags in differing case:
    /// together larger than an empty store, so that importing them all at once sets indexes aside.
    private func pages(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { page in
            let tweets = (0..<60).map { n in
                let id = 10_000 + page * 60 + n
                return TweetSpec(id: "\(id)", text: "post \(id) with @Bob\(n % 7) and #Swift\(n % 5) #\(n % 2 == 0 ? "café" : "CAFÉ") and some words to fill the line",
                                 user: "user\((page + n) % 11)", createdAt: "Fri Dec 20 16:\(10 + n % 50):25 +0000 2013")
            }
            return Synthetic.searchPage(query: ["#swift", "lang", "café"][page % 3], tweets)
        }
    }

    /// The store's size in bytes, as the import weighs it against its input.
    private func bytes(_ store: Store) throws -> Int {
        try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0 }
    }

    @Test("a large import leaves the rows and the indexes that an import keeping its indexes up leaves")
    func sameStore() throws {
        let lines = pages(12)
        // The same file through `importFile`, which never sets indexes aside.
        let single = TestProject()
        try single.folder.write(["all.jsonl": lines.joined(separator: "\n") + "\n"])
        _ = try single.importFiles(["all.jsonl"])

        let bulk = TestProject()
        try bulk.folder.write(["all.jsonl": lines.joined(separator: "\n") + "\n"])
        let input = lines.reduce(0) { $0 + $1.utf8.count }
        #expect(input >= (try bytes(bulk.store)), "the premise: the input outweighs the empty store")
        var failures: [String] = []
        Importer(store: try bulk.store).importAll([(bulk.folder.url.appendingPathComponent("all.jsonl"), "all.jsonl")]) { _, result in
            if case .failure(let error) = result { failures.append("\(error)") }
        }
        #expect(failures.isEmpty)
        #expect(try bulk.store.dumpRows() == single.store.dumpRows())
        #expect(try bulk.store.indexDefinitions() == single.store.indexDefinitions())
        #expect(try bulk.store.indexDefinitions().contains { $0.contains("tweet_tag_by_tweet") })
        #expect(try bulk.store.integrityCheck() == "ok")
        #expect(try bulk.store.tableCounts()["tweet"] == 12 * 60)
    }

    @Test("a large file with a bad line stores nothing, names its line, and leaves the indexes as they were")
    func badLineKeepsIndexes() throws {
        let project = TestProject()
        try project.folder.write(["first.json": pages(1, from: 50)[0], "big.jsonl": pages(12).joined(separator: "\n") + "\n{\"statuses\": [\n"])
        _ = try project.importFiles(["first.json"])
        let rows = try project.store.dumpRows()
        let indexes = try project.store.indexDefinitions()
        #expect(try FileManager.default.attributesOfItem(atPath: project.folder.url.appendingPathComponent("big.jsonl").path)[.size] as? Int ?? 0
                >= (try bytes(project.store)), "the premise: the file outweighs the store")
        var failures: [String] = []
        Importer(store: try project.store).importAll([(project.folder.url.appendingPathComponent("big.jsonl"), "big.jsonl")]) { _, result in
            if case .failure(let error) = result { failures.append("\(error)") }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("big.jsonl") == true && failures.first?.contains("line 13") == true, "\(failures)")
        #expect(try project.store.dumpRows() == rows)
        #expect(try project.store.indexDefinitions() == indexes)
        #expect(try project.store.integrityCheck() == "ok")
    }

    /// A store holding one page, with "more.json" (another page) beside it, its rows and its indexes.
    private func storeOfOnePage() throws -> (TestProject, Store, rows: [String], indexes: [String]) {
        let project = TestProject()
        try project.folder.write(["first.json": pages(1, from: 50)[0], "more.json": pages(1)[0]])
        _ = try project.importFiles(["first.json"])
        let store = try project.store
        return (project, store, try store.dumpRows(), try store.indexDefinitions())
    }

    @Test("inside the transaction the indexes are gone; a transaction that fails brings them back with the rows")
    func failedGroupRollsBack() throws {
        let (project, store, rows, indexes) = try storeOfOnePage()
        struct Stop: Error {}
        var inside: [String] = []
        #expect(throws: Stop.self) {
            try store.groupingImports(deferIndexes: { _ in true }) { _ in
                _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("more.json"), displayName: "more.json", memo: ImportMemo())
                inside = try store.importing { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'") }
                throw Stop()
            }
        }
        for name in TwitterSource().deferrableIndexes { #expect(!inside.contains(name), "\(name) set aside") }
        #expect(inside.contains("sqlite_autoindex_mention_1"), "unique indexes stay")
        #expect(try store.dumpRows() == rows)
        #expect(try store.indexDefinitions() == indexes)
        #expect(try store.integrityCheck() == "ok")
    }
    /// The settings a connection has: foreign keys checked, the write-ahead log, its sync level.
    private func settings(_ store: Store) throws -> [String] {
        try store.queue.read { db in
            try ["foreign_keys", "journal_mode", "synchronous"].map { name in
                let value = try String.fetchOne(db, sql: "PRAGMA \(name)") ?? ""
                return "\(name)=\(value)"
            }
        }
    }

    @Test("a large import checks foreign keys once before it commits: a row naming a missing post or search fails it and leaves the store as it was")
    func danglingRowsRollBack() throws {
        let (project, store, rows, indexes) = try storeOfOnePage()
        let before = try settings(store)
        #expect(before.contains("foreign_keys=1"))
        // A tag row and a post's author are checked by the source's own queries, a link by `PRAGMA foreign_key_check`.
        for (dangling, named) in [("INSERT INTO tweet_tag (mention_id, tweet_id) SELECT min(id), 'no-such-post' FROM mention", "tweet_tag"),
                                  ("INSERT INTO tweet_tag (mention_id, tweet_id) SELECT 987654, min(id) FROM tweet", "tweet_tag"),
                                  ("INSERT INTO term_tweet (term_id, tweet_id) SELECT min(id), 'no-such-post' FROM term", "term_tweet"),
                                  ("INSERT INTO tweet (id, author_id, created_at, text) VALUES ('a-post', 'no-such-person', 0, '')", "tweet")] {
            var inside: [String] = []
            let error = #expect(throws: StoreError.self, "\(dangling)") {
                try store.groupingImports(deferIndexes: { _ in true }) { _ in
                    _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("more.json"), displayName: "more.json", memo: ImportMemo())
                    inside = try store.importing { db in
                        try db.execute(sql: dangling)
                        let checked = try String.fetchOne(db, sql: "PRAGMA foreign_keys") ?? ""
                        return ["foreign_keys=" + checked]
                    }
                }
            }
            #expect(error?.description.contains("row of \(named) naming a row the store does not hold") == true, "\(String(describing: error))")
            #expect(inside == ["foreign_keys=0"], "the row went in unchecked, as the import's rows do")
            #expect(try store.dumpRows() == rows)
            #expect(try store.indexDefinitions() == indexes)
            #expect(try settings(store) == before)
            #expect(try store.foreignKeyCheck().isEmpty)
        }
        // The same row in a small import is refused as it goes in, foreign keys on.
        #expect(throws: DatabaseError.self) {
            try store.groupingImports(deferIndexes: { _ in false }) { _ in
                try store.importing { db in try db.execute(sql: "INSERT INTO term_tweet (term_id, tweet_id) SELECT min(id), 'no-such-post' FROM term") }
            }
        }
        #expect(try store.dumpRows() == rows)
    }
}
