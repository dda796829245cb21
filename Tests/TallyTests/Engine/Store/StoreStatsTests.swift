import Foundation
import Testing
@testable import Tally

/// `tally stats` on the sample store.
@Suite("Stats: what the store holds")
struct StoreStatsTests {
    @Test("stats count every kind of the sample store, its size, newest data and schema version")
    func sampleStore() throws {
        let project = TestProject()
        try project.importSampleContent()
        let store = try project.store
        let stats = try store.stats()
        let tables = try store.tableCounts()
        #expect(stats.schema == SchemaVersion.current(for: DataSources.all))
        #expect(stats.bytes > 0)
        let twitter = try #require(stats.sources.first { $0.source == "twitter" })
        #expect(twitter.title == "Twitter")
        func count(_ kind: String) -> Int? { twitter.counts.first { $0.kind == kind }?.count }
        #expect(count("searches") == tables["term"])
        // The sample content/data as `tally import` + `tally stats` report it: seven searches since
        // issue 16 added ichi-japanese.json.
        #expect(count("searches") == 7)
        #expect(count("tweets") == 432)
        #expect(count("tweets found by no search") == 131)
        #expect(count("people") == 389)
        #expect(count("hashtags counted") == 144)
        #expect(count("users mentioned") == 155)
        #expect(count("search–tweet links") == 301)
        #expect(count("tweets") == tables["tweet"])
        #expect(count("people") == tables["user"])
        #expect(count("search–tweet links") == tables["term_tweet"])
        // `mention` also holds the tags of tweets no search counted (retweeted and quoted originals).
        #expect((count("hashtags counted") ?? 0) + (count("users mentioned") ?? 0) == (try store.totals().mentions))
        #expect((count("hashtags counted") ?? 0) + (count("users mentioned") ?? 0) < (tables["mention"] ?? 0))
        // The home timeline's 20, and the retweeted and quoted originals stored with search results.
        #expect((count("tweets found by no search") ?? 0) >= 20)
        #expect(twitter.newest == (try store.totals().newest))
        let text = stats.description
        #expect(text.contains("Schema version: \(stats.schema.number) (twitter"))
        #expect(text.contains("Twitter: newest "))
    }

    @Test("tally stats --json is JSON a script can read")
    func json() throws {
        let project = TestProject()
        try project.importSampleContent()
        let result = try CommandLineTool.output(["stats", "--json", "--store", project.config.storeURL.path], in: project.folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let schema = try #require(object["schema"] as? [String: Any])
        #expect(schema["number"] as? Int == SchemaVersion.current(for: DataSources.all).number)
        let sources = try #require(object["sources"] as? [[String: Any]])
        #expect(sources.first?["source"] as? String == "twitter")
        #expect((object["bytes"] as? Int ?? 0) > 0)
        let text = try CommandLineTool.output(["stats", "--store", project.config.storeURL.path], in: project.folder.url)
        #expect(text.stdout.contains("searches") && text.stdout.contains("Schema version"))
    }
}
