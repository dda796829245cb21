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
        #expect(twitter.title == "Posts")
        func count(_ kind: String) -> Int? { twitter.counts.first { $0.kind == kind }?.count }
        #expect(count("searches") == tables["term"])
        // The sample content/data as `tally import` + `tally stats` report it: seven searches since
        // issue 16 added ichi-japanese.json; issue 23 added 17 posts of Mastodon and Bluesky, found
        // by no search, and their authors; then the sample's Mastodon #rstats tag timeline, six
        // posts by four made-up people, an eighth search (#rstats on Mastodon beside Twitter's).
        #expect(count("searches") == 8)
        #expect(count("posts") == 455)
        // Per network: the sample's Mastodon and Bluesky files, the rest Twitter's.
        #expect(count("posts on Mastodon")! + count("posts on Bluesky")! + count("posts on Twitter")! == 455)
        #expect(try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet WHERE network = 'mastodon'") } == count("posts on Mastodon"))
        #expect(try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet WHERE network = 'bluesky'") } == count("posts on Bluesky"))
        #expect(count("posts on Mastodon")! > 0 && count("posts on Bluesky")! > 0)
        #expect(count("posts found by no search") == 148)
        #expect(count("people") == 405)
        #expect(count("hashtags counted") == 146)
        #expect(count("users mentioned") == 156)
        #expect(count("search–post links") == 307)
        #expect(count("posts") == tables["tweet"])
        #expect(count("people") == tables["user"])
        #expect(count("search–post links") == tables["term_tweet"])
        // `mention` also holds the tags of tweets no search counted (retweeted and quoted originals).
        #expect((count("hashtags counted") ?? 0) + (count("users mentioned") ?? 0) == (try store.totals().mentions))
        #expect((count("hashtags counted") ?? 0) + (count("users mentioned") ?? 0) < (tables["mention"] ?? 0))
        // The home timeline's 20, and the retweeted and quoted originals stored with search results.
        #expect((count("posts found by no search") ?? 0) >= 20)
        #expect(twitter.newest == (try store.totals().newest))
        let text = stats.description
        #expect(text.contains("Schema version: \(stats.schema.number) (twitter"))
        #expect(text.contains("Posts: newest "))
        #expect(text.contains("\n  posts on Bluesky  "))
    }

    @Test("stats count charts, fetches, items and ranks, and places, photos, favorites and views")
    func chartsAndPhotos() throws {
        let project = TestProject()
        try project.importSampleContent()
        let store = try project.store
        func counts(_ source: String) throws -> [String: Int] {
            let stats = try #require(try store.stats().sources.first { $0.source == source })
            return Dictionary(uniqueKeysWithValues: stats.counts.map { ($0.kind, $0.count) })
        }
        let tables = try store.tableCounts()
        // The sample content: six charts, three of them fetched again (the songs three times, the
        // apps twice); five Flickr places with twenty photos each, none with upload dates.
        #expect(try counts("charts") == ["charts": 6, "fetches": 9, "items": 404, "ranks": 647])
        #expect(try counts("charts") == ["charts": tables["chart"], "fetches": tables["chart_fetch"], "items": tables["chart_item"],
                                         "ranks": tables["chart_rank"]])
        #expect(try counts("photos") == ["places": 5, "photos": 100, "favorites": 0, "views": 0])
        let charts = try #require(try store.stats().sources.first { $0.source == "charts" })
        #expect(charts.newest == (try store.chartTotals().newest))
        #expect(charts.newest != nil)
        let photos = try #require(try store.stats().sources.first { $0.source == "photos" })
        #expect(photos.newest == nil)
        #expect(try store.stats().description.contains("Photos: newest unknown (no dates in the data)"))

        let place = try #require(try store.photoPlaces().first)
        let photo = try #require(try store.photos(inPlace: place.id).first)
        try store.favorite(photo: photo.id, at: 1_700_000_000)
        try store.viewed(photo: photo.id, at: 1_700_000_100)
        try store.viewed(photo: photo.id, at: 1_700_000_200)
        #expect(try counts("photos") == ["places": 5, "photos": 100, "favorites": 1, "views": 2])
        let marked = try #require(try store.stats().sources.first { $0.source == "photos" })
        #expect(marked.newest == 1_700_000_200)
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
