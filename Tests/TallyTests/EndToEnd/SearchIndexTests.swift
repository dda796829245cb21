import Foundation
import Testing
@testable import Tally

/// The search index of a built site, read back as the browser's script reads it: documents by
/// their dense index (blocks in number order, each in its order), which the script ranks highest first.
struct BuiltSearchIndex {
    /// Per dense index: kind label, title, body, path.
    var records: [(kind: String, title: String, body: String, path: String)]
    /// Per token: the dense indexes of the documents with it in a title or a body.
    var postings: [String: Set<Int32>]

    static func json(_ text: String, after start: String, until end: String) throws -> Any {
        let from = try #require(text.range(of: start)).upperBound
        let to = try #require(text.range(of: end, options: .backwards)).lowerBound
        return try JSONSerialization.jsonObject(with: Data(text[from..<to].utf8), options: [.fragmentsAllowed])
    }

    init(site: URL) throws {
        let read = { (path: String) throws -> String in try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8) }
        let index = try read(Routes.searchIndex)
        let meta = try Self.json(index, after: "window.tallySearchIndex = ", until: ";") as! [String: Any]
        let chunk = meta["chunkSize"] as! Int, blockSize = meta["blockSize"] as! Int
        var records: [(kind: String, title: String, body: String, path: String)] = []
        var starts: [Int: Int] = [:]
        for block in meta["blocks"] as! [[Int]] {
            starts[block[0]] = records.count
            for number in 0..<((block[1] + chunk - 1) / chunk) {
                let key = "\(block[0])-\(number)"
                let text = try read(Routes.searchDocuments(key))
                let list = try Self.json(text, after: "tallySearch.docs(\"\(key)\",", until: ");") as! [[Any]]
                records += list.map { ($0[0] as! String, $0[1] as! String, $0[2] as! String, $0[3] as! String) }
            }
        }
        #expect(records.count == meta["documents"] as! Int)
        self.records = records
        var postings: [String: Set<Int32>] = [:]
        let shards = (meta["shards"] as! [String]).count
        for number in 0..<shards {
            let text = try read(Routes.searchShard(number))
            let data = try Self.json(text, after: "tallySearch.shard(\(number),", until: ");") as! String
            // Split by scalars, as the script does: a token may begin with a combining mark.
            for entry in data.unicodeScalars.split(separator: ",") {
                let parts = entry.split(separator: " ", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
                postings[parts[0]] = Set((PostingCode.decode(parts[1]) + PostingCode.decode(parts[2])).map { number in
                    Int32(starts[Int(number) / blockSize]! + Int(number) % blockSize)
                })
            }
        }
        self.postings = postings
    }

    /// The documents holding every token of `query` (exact tokens, no prefixes).
    func find(_ query: String) -> Set<Int32> {
        SearchText.tokens(query).reduce(Set(records.indices.map { Int32($0) })) { $0.intersection(postings[$1] ?? []) }
    }
}

@Suite("End to end: the search index of the sample")
struct SearchIndexTests {
    static func sample() throws -> (TestProject, BuiltSearchIndex) {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        let importer = Importer(store: try project.store)
        for name in try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() {
            _ = try importer.importFile(data.appendingPathComponent(name), displayName: name)
        }
        try project.build()
        return (project, try BuiltSearchIndex(site: project.folder.url.appendingPathComponent("public")))
    }

    @Test("every tweet and every person of the sample is in the index, under each of its words")
    func everythingIndexed() throws {
        let (project, index) = try Self.sample()
        var tweets: [String: Int32] = [:]
        // Tweets, and Mastodon and Bluesky posts ("Post").
        for (number, record) in index.records.enumerated() where record.kind == "Tweet" || record.kind == "Post" { tweets[record.path] = Int32(number) }
        let stored = try project.store.allTweets()
        #expect(stored.count > 400)
        #expect(tweets.count == stored.count)
        for tweet in stored {
            let number = try #require(tweets[Routes.tweet(tweet.id)], "tweet \(tweet.id) is not in the index")
            // Indexed as its card reads: links by the addresses they stand for, not `t.co`.
            let shown = TwitterSearchDocuments.readable(tweet.text.text, links: tweet.text.entities.filter { $0.kind == .url })
            #expect(!shown.contains("https://t.co/") || !tweet.text.entities.contains { $0.kind == .url && $0.displayURL != nil })
            for token in SearchText.tokens(shown) {
                #expect(index.postings[token]?.contains(number) == true, "tweet \(tweet.id) is not found by \(token)")
            }
        }
        let people = Set(stored.compactMap { $0.author }.map { "\($0.name) (@\($0.screenName))" })
        let indexed = Set(index.records.filter { $0.kind == "Person" }.map(\.title))
        #expect(people == indexed)
        for person in stored.compactMap({ $0.author }) {
            #expect(index.find(person.screenName).contains { index.records[Int($0)].kind == "Person" }, "\(person.screenName)")
        }
    }

    @Test("hashtags and search terms are documents too, and every result path is a page of the site")
    func hashtagsAndTerms() throws {
        let (project, index) = try Self.sample()
        let terms = try project.store.allTerms()
        // Each search, and each term searched on several networks once more for its combined page.
        let combined = Dictionary(grouping: terms, by: \.folded).values.filter { $0.count > 1 }.count
        #expect(combined > 0)
        #expect(index.records.filter { $0.kind == "Search term" }.count == terms.count + combined)
        #expect(index.records.contains { $0.kind == "Hashtag" && $0.title == "#rstats" })
        #expect(index.find("#一眼レフ").contains { index.records[Int($0)].kind == "Hashtag" })
        #expect(!index.find("ソードマスター").isEmpty)
        #expect(!index.find("cafe").isEmpty == !index.find("café").isEmpty)
        for record in index.records {
            #expect(project.folder.exists("public/" + record.path), "\(record.path)")
        }
        // The highest weight ranks first: search terms are the last block.
        #expect(index.records.last?.kind == "Search term")
        // Among equal weights the source registered first ranks first: tweets above photos.
        let tweets = index.records.indices.filter { index.records[$0].kind == "Tweet" }
        let photos = index.records.indices.filter { index.records[$0].kind == "Photo" }
        #expect(!tweets.isEmpty && !photos.isEmpty && photos.max()! < tweets.min()!)
        #expect(project.folder.exists("public/" + Routes.search))
    }
}
