import Foundation
import GRDB
import Testing
@testable import Tally

@Suite("Writing tweets into the store")
struct TwitterSinkTests {
    private let files = [
        "a.json": Synthetic.searchPage(query: "#swift", [
            TweetSpec(id: "3", text: "#swift and #Zebra with @bob", user: "carol"),
            TweetSpec(id: "1", text: "#ärger #swift @alice @Bob", user: "bob"),
            TweetSpec(id: "2", text: "#SWIFT #apple #zebra", user: "alice"),
            TweetSpec(id: "1", text: "#ärger #swift @alice @Bob", user: "bob"),
        ]),
        "b.json": Synthetic.searchPage(query: "news", [
            TweetSpec(id: "4", text: "#apple #Ärger @carol", user: "bob"),
            TweetSpec(id: "2", text: "#SWIFT #apple #zebra", user: "alice"),
        ]),
    ]

    /// Every table's rows, in a fixed order, to compare two stores whole.
    private func contents(_ store: Store) throws -> [String: [[String]]] {
        try store.queue.read { db in
            var tables: [String: [[String]]] = [:]
            for table in ["tweet", "tweet_tag", "user", "mention", "term_tweet", "term_mention"] {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { row in Array(row.databaseValues.map(\.description)) }
                tables[table] = rows.sorted { $0.joined(separator: "\u{1}") < $1.joined(separator: "\u{1}") }
            }
            return tables
        }
    }

    /// Each hashtag row as "tweet id, the tweet's own spelling", by tweet id.
    private func hashtagSpellings(_ store: Store) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT g.tweet_id || ' ' || coalesce(g.display, m.display) FROM tweet_tag g JOIN mention m ON m.id = g.mention_id
                WHERE m.kind = 'hashtag' ORDER BY g.tweet_id
                """)
        }
    }

    @Test("a store bigger than the page cache gets its tags written in key order, with the same rows")
    func sortedTags() throws {
        let plain = TestProject()
        try plain.folder.write(files)
        try plain.importFiles(["a.json", "b.json"])

        // A cache of no pages makes any store bigger than the cache: the sink then holds the tag
        // rows back and writes them sorted when the file ends.
        let sorted = TestProject()
        try sorted.folder.write(files)
        let store = try sorted.store
        try store.limitCache(mebibytes: 0)
        let importer = Importer(store: store)
        let summaries = try ["a.json", "b.json"].map { try importer.importFile(sorted.folder.url.appendingPathComponent($0), displayName: $0) }
        #expect(summaries.map(\.newTweets) == [3, 1])

        let expected = try contents(plain.store)
        #expect(try contents(store) == expected)
        #expect(expected["tweet_tag"]?.count == 13)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }

    @Test("new mentions take the ids one past the largest, in kind and folded order, file after file")
    func mentionIDs() throws {
        let project = TestProject()
        try project.folder.write(files)
        try project.importFiles(["a.json", "b.json"])
        let mentions = try project.store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT id || ' ' || kind || ' ' || folded || ' ' || counted FROM mention ORDER BY id")
        }
        #expect(mentions == ["1 hashtag apple 1", "2 hashtag swift 1", "3 hashtag zebra 1", "4 hashtag ärger 1",
                             "5 user alice 1", "6 user bob 1", "7 user carol 1"])
    }

    @Test("a tag no search counted names its mention too; the first search to count it gives the mention its spelling, and the tweet keeps its own")
    func uncountedTags() throws {
        let project = TestProject()
        // A timeline's tweets are stored but counted by no search.
        let page = try JSONSerialization.jsonObject(with: Data(Synthetic.searchPage(query: nil, [
            TweetSpec(id: "10", text: "#Swift with @Bob", user: "carol"),
        ]).utf8)) as? [String: Any]
        let timeline = String(decoding: try JSONSerialization.data(withJSONObject: page?["statuses"] ?? []), as: UTF8.self)
        try project.folder.write([
            "home.json": timeline,
            "search.json": Synthetic.searchPage(query: "#swift", [
                TweetSpec(id: "11", text: "#SWIFT by @bob", user: "alice"),
                TweetSpec(id: "12", text: "#swift by @bob", user: "dave"),
            ]),
        ])
        let store = try project.store

        try project.importFiles(["home.json"])
        #expect(try hashtagSpellings(store) == ["10 Swift"])
        #expect(try store.totals().mentions == 0)
        #expect(try store.hashtags(minimum: 1).map(\.display) == ["Swift"])

        try project.importFiles(["search.json"])
        #expect(try hashtagSpellings(store) == ["10 Swift", "11 SWIFT", "12 swift"])
        let term = try #require(try store.allTerms().first)
        #expect(try store.popularity(of: term.id, kind: .hashtag).rows.map(\.display) == ["SWIFT"])
        #expect(try store.popularity(of: term.id, kind: .user).rows.map(\.display) == ["bob"])
        #expect(try store.totals().mentions == 2)
        #expect(try store.hashtags(minimum: 1).map(\.tweetCount) == [3])
        #expect(try store.hashtags(minimum: 1).map(\.display) == ["SWIFT"])
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }

    @Test("several searches in one file: a new mention is spelled as the first search counted it, in every search")
    func searchesInOneFile() throws {
        let project = TestProject()
        // Both searches count #swift twice, each spelled its own way: the mention takes the first
        // search's first spelling, shown in both tables, and every tweet keeps its own.
        let first = Synthetic.searchPage(query: "first", [TweetSpec(id: "3", text: "#Swift one"), TweetSpec(id: "4", text: "#swift two")])
        let second = Synthetic.searchPage(query: "second", [TweetSpec(id: "1", text: "#SWIFT one"), TweetSpec(id: "2", text: "#SWIFT two")])
        try project.folder.write(["both.jsonl": first + "\n" + second + "\n"])
        try project.importFiles(["both.jsonl"])
        let store = try project.store
        let terms = try store.allTerms().sorted { $0.id < $1.id }
        #expect(terms.map(\.text) == ["first", "second"])
        for term in terms {
            #expect(try store.popularity(of: term.id, kind: .hashtag).rows.map(\.display) == ["Swift"])
        }
        #expect(try hashtagSpellings(store) == ["1 SWIFT", "2 SWIFT", "3 Swift", "4 swift"])
        #expect(try store.hashtags(minimum: 1).map(\.display) == ["SWIFT"])
    }
}
