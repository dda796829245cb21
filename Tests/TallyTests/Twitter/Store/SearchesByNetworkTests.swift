import Foundation
import GRDB
import Testing
@testable import Tally

/// A search is one per term and network (`twitter-8-searches-by-network`).
@Suite("Searches by network")
struct SearchesByNetworkTests {
    /// A project with these documents imported in order, each with its term.
    private func project(_ documents: [(text: String, term: String)]) throws -> TestProject {
        let project = TestProject()
        for (number, document) in documents.enumerated() {
            try project.folder.write(["doc\(number).json": document.text])
            _ = try project.importFiles(["doc\(number).json"], term: document.term)
        }
        return project
    }

    static func mastodonPage(_ numbers: ClosedRange<Int>) -> String {
        NetworkFixture.json(numbers.map { number in
            NetworkFixture.status(id: "\(number)", content: "<p>\(number) <a href=\"https://example.social/tags/Swift\" class=\"mention hashtag\">#<span>Swift</span></a>"
                                    + (number.isMultiple(of: 2) ? " <a href=\"https://example.social/tags/go\" class=\"mention hashtag\">#<span>go</span></a>" : "") + "</p>",
                                  acct: "user\(number)")
        })
    }

    static func blueskyPage(_ numbers: ClosedRange<Int>) -> String {
        NetworkFixture.json(["posts": numbers.map { number in
            let text = "\(number) #swift #zig"
            return NetworkFixture.post(rkey: "p\(number)", text: text, did: "did:plc:user\(number)", handle: "user\(number).bsky.social",
                                       facets: [NetworkFixture.facet(text, "#swift", ["$type": "app.bsky.richtext.facet#tag", "tag": "swift"]),
                                                NetworkFixture.facet(text, "#zig", ["$type": "app.bsky.richtext.facet#tag", "tag": "zig"])])
        }])
    }

    @Test("a term searched again on the same network is one search, on another network a second one; a page with no post is its own network's search")
    func oneSearchPerTermAndNetwork() throws {
        let project = try project([(Self.mastodonPage(1...3), "Swift"), (Self.mastodonPage(2...5), "SWIFT"), (Self.blueskyPage(1...2), "swift"),
                                   (NetworkFixture.json(["posts": [] as [Any]]), "nothing yet")])
        let terms = try project.store.allTerms()
        let byNetwork = Dictionary(grouping: terms.filter { $0.folded == "swift" }, by: \.network)
        #expect(byNetwork[.mastodon]?.map(\.tweetCount) == [5])
        #expect(byNetwork[.bluesky]?.map(\.tweetCount) == [2])
        #expect(byNetwork[.twitter] == nil)
        #expect(byNetwork[.mastodon]?.first?.text == "Swift", "the first spelling stays")
        #expect(terms.first { $0.folded == "nothing yet" }?.network == .bluesky)
        // Each search's counts are its own network's posts.
        let mastodon = try project.store.popularity(of: byNetwork[.mastodon]![0].id, kind: .hashtag)
        #expect(mastodon.rows.map { "\($0.folded) \($0.count)" } == ["swift 5", "go 2"])
        let bluesky = try project.store.popularity(of: byNetwork[.bluesky]![0].id, kind: .hashtag)
        #expect(bluesky.rows.map { "\($0.folded) \($0.count)" } == ["swift 2", "zig 2"])
        let both = try project.store.popularity(across: terms.filter { $0.folded == "swift" }.map(\.id), kind: .hashtag)
        #expect(both.rows.map { "\($0.folded) \($0.count)" } == ["swift 7", "go 2", "zig 2"])
    }

    @Test("an older store's term whose posts came from several networks is split into one search per network, with the same counts as a fresh import")
    func migrationSplitsTerms() throws {
        let fresh = try project([(Self.mastodonPage(1...5), "swift"), (Self.blueskyPage(1...3), "swift"), (Self.mastodonPage(6...6), "other")])
        let old = TestProject()
        try FileManager.default.copyItem(at: fresh.config.storeURL, to: old.config.storeURL)
        // Back to the shape before the migration: one row per term, its links and counts merged.
        let queue = try DatabaseQueue(path: old.config.storeURL.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.inTransaction {
                try db.execute(sql: """
                    CREATE TABLE term_old (id INTEGER PRIMARY KEY, folded TEXT NOT NULL UNIQUE, text TEXT NOT NULL,
                                           searched_at INTEGER NOT NULL, tweet_count INTEGER NOT NULL DEFAULT 0);
                    INSERT INTO term_old SELECT min(id), folded, text, max(searched_at), sum(tweet_count) FROM term GROUP BY folded;
                    UPDATE term_tweet SET term_id = (SELECT o.id FROM term_old o JOIN term t ON t.folded = o.folded WHERE t.id = term_tweet.term_id);
                    CREATE TEMP TABLE merged AS
                        SELECT o.id AS term_id, tm.mention_id, tm.kind, tm.folded, sum(tm.count) AS count
                        FROM term_mention tm JOIN term t ON t.id = tm.term_id JOIN term_old o ON o.folded = t.folded GROUP BY o.id, tm.mention_id;
                    DELETE FROM term_mention;
                    INSERT INTO term_mention SELECT * FROM merged;
                    DROP TABLE merged;
                    DROP TABLE term;
                    ALTER TABLE term_old RENAME TO term;
                    CREATE INDEX term_history ON term(searched_at DESC, id DESC);
                    DELETE FROM grdb_migrations WHERE identifier = 'twitter-8-searches-by-network';
                    """)
                return .commit
            }
        }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM term") } == 2)
        try queue.close()

        let upgraded = try old.store
        func rows(_ store: Store, _ sql: String) throws -> [[String]] {
            try store.queue.read { db in try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map(\.description) } }
        }
        // The same searches (dates aside: the old row kept only the newest; a split-off row is
        // numbered after every term), links and counts.
        #expect(try rows(upgraded, "SELECT id FROM term WHERE network = 'bluesky'") == [["4"]])
        for sql in ["SELECT folded, network, text, tweet_count FROM term ORDER BY folded, network",
                    "SELECT t.folded, t.network, tt.tweet_id, tt.seq FROM term_tweet tt JOIN term t ON t.id = tt.term_id ORDER BY 1, 2, 3",
                    "SELECT t.folded, t.network, tm.mention_id, tm.kind, tm.folded, tm.count FROM term_mention tm JOIN term t ON t.id = tm.term_id ORDER BY 1, 2, 3"] {
            #expect(try rows(upgraded, sql) == rows(fresh.store, sql), "\(sql)")
        }
        #expect(try upgraded.integrityCheck() == "ok")
        #expect(try upgraded.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try upgraded.schemaVersion() == SchemaVersion.current(for: DataSources.all))
    }
}
