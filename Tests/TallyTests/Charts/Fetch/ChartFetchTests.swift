import Foundation
import Testing
@testable import Tally

@Suite("tally fetch charts against a local server", .serialized)
struct ChartFetchTests {
    let project = TestProject()

    private func body(_ name: String) throws -> Data { try Data(contentsOf: Fixture.url("charts/" + name)) }

    @Test("downloads every feed and imports them; fetching again changes nothing")
    func success() throws {
        let server = try LocalHTTPServer(routes: [
            "/songs.json": .init(status: 200, body: try body("apple-v2-current-songs.json")),
            "/courses.json": .init(status: 200, body: try body("apple-v1-itunes-u-courses.json")),
        ])
        defer { server.stop() }
        let store = try project.store
        let fetcher = ChartFetcher(feeds: [server.url("/songs.json"), server.url("/courses.json")], timeout: 5)
        let report = try fetcher.fetch(into: store)
        #expect(report.fetches.map(\.outcome) == [.current, .current])
        #expect(try store.charts().count == 2)
        let counts = try store.chartCounts()
        let again = try fetcher.fetch(into: store)
        #expect(again.fetches.map(\.outcome) == [.alreadyStored, .alreadyStored])
        #expect(try store.chartCounts() == counts)
    }

    @Test("a server that never answers times out with a clear error and nothing imported")
    func timeout() throws {
        let good = try LocalHTTPServer(routes: ["/songs.json": .init(status: 200, body: try body("apple-v2-current-songs.json"))])
        let hanging = try LocalHTTPServer(silent: true)
        defer { good.stop(); hanging.stop() }
        let store = try project.store
        let fetcher = ChartFetcher(feeds: [good.url("/songs.json"), hanging.url("/slow.json")], timeout: 1)
        // The error itself says the timeout cut the fetch (a server that never answers would hang it otherwise).
        let error = try #require(throws: ChartFetchError.self) { try fetcher.fetch(into: store) }
        #expect(error.description.contains("timed out: no complete answer within 1 second"))
        #expect(error.url.hasSuffix("/slow.json"))
        #expect(try store.chartCounts().values.allSatisfy { $0 == 0 })
    }

    @Test("an HTTP error names the URL and the status; nothing imported")
    func httpError() throws {
        let server = try LocalHTTPServer(routes: ["/songs.json": .init(status: 200, body: try body("apple-v2-current-songs.json"))])
        defer { server.stop() }
        let store = try project.store
        let error = try #require(throws: ChartFetchError.self) {
            try ChartFetcher(feeds: [server.url("/songs.json"), server.url("/missing.json")], timeout: 5).fetch(into: store)
        }
        #expect(error.description == server.url("/missing.json") + ": the server answered HTTP 404; expected 200 with a chart feed")
        #expect(try store.chartCounts().values.allSatisfy { $0 == 0 })
    }

    @Test("a malformed or wrong body names the place; the store keeps what it had", arguments: [
        ("{\"feed\": {\"title\": \"Top\", \"results\": [", "the document is cut short"),
        ("{\"statuses\": [], \"search_metadata\": {}}", "expected an Apple RSS feed"),
        ("{\"feed\": {\"title\": \"Top\", \"results\": [{\"name\": \"x\"}]}}", "$.feed.results[0].id"),
    ])
    func malformed(text: String, expected: String) throws {
        let good = try body("apple-v1-itunes-u-courses.json")
        let server = try LocalHTTPServer(routes: [
            "/good.json": .init(status: 200, body: good), "/bad.json": .init(status: 200, body: Data(text.utf8)),
        ])
        defer { server.stop() }
        let store = try project.store
        try ChartFetcher(feeds: [server.url("/good.json")], timeout: 5).fetch(into: store)
        let counts = try store.chartCounts()
        let error = try #require(throws: ChartFetchError.self) {
            try ChartFetcher(feeds: [server.url("/good.json"), server.url("/bad.json")], timeout: 5).fetch(into: store)
        }
        #expect(error.description.contains(expected))
        #expect(try store.chartCounts() == counts)
    }

    @Test("offline: a port where nothing listens is a clear connection error")
    func offline() throws {
        let server = try LocalHTTPServer()
        let url = server.url("/songs.json")
        server.stop()
        let store = try project.store
        let error = try #require(throws: ChartFetchError.self) { try ChartFetcher(feeds: [url], timeout: 5).fetch(into: store) }
        #expect(error.description.contains("cannot connect"))
    }

    @Test("the default list: six media types from Apple's current feeds")
    func defaults() {
        let types = Set(ChartFetcher.defaultFeeds.map { ChartFields.mediaType(String($0.split(separator: "/").last!.split(separator: ".")[0])) })
        #expect(types == ["songs", "albums", "apps", "books", "audiobooks", "podcasts"])
        #expect(ChartFetcher.defaultFeeds.allSatisfy { $0.hasPrefix("https://rss.applemarketingtools.com/api/v2/") && $0.contains("/100/") })
    }

    @Test("tally.toml lists the feeds to fetch")
    func config() throws {
        try project.folder.write(["tally.toml": "charts = [\"https://example.org/a.json\", \"https://example.org/b.json\"]\n"])
        #expect(ChartsSource.feeds(try ProjectConfig.load(folder: project.folder.url)) == ["https://example.org/a.json", "https://example.org/b.json"])
        try project.folder.write(["tally.toml": "charts = \"https://example.org/a.json\"\n"])
        // The source declares the key as a list only, with its own reason.
        #expect { try ProjectConfig.load(folder: project.folder.url) } throws: { error in
            (error as? ConfigError).map { $0.place == "charts" && $0.reason == "expected a list of feed URLs, such as [\"https://…/songs.json\"]" } ?? false
        }
    }

    @Test("the command: `tally fetch charts` reads tally.toml, prints a line per chart, and fails cleanly")
    func command() throws {
        let server = try LocalHTTPServer(routes: [
            "/songs.json": .init(status: 200, body: try body("apple-v2-current-songs.json")),
            "/bad.json": .init(status: 200, body: Data("[1, 2]".utf8)),
        ])
        defer { server.stop() }
        try project.folder.write(["tally.toml": "charts = [\"\(server.url("/songs.json"))\"]\n"])
        let ok = try CommandLineTool.run(["fetch", "charts", "--timeout", "5"], in: project.folder.url)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try project.store.charts().count == 1)
        let counts = try project.store.tableCounts()
        let bad = try CommandLineTool.run(["fetch", "charts", server.url("/songs.json"), server.url("/bad.json")], in: project.folder.url)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("tally: \(server.url("/bad.json")): expected an Apple RSS feed"))
        #expect(bad.stderr.contains("(nothing was imported)"))
        #expect(try project.store.tableCounts() == counts)
    }
}
