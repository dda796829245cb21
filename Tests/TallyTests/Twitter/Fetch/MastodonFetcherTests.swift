import Foundation
import Testing
@testable import Tally

@Suite("tally fetch mastodon against a local server replaying Mastodon's answers", .serialized,
       .enabled(if: NetworkFixture.available, "needs ../shared/fixtures"))
struct MastodonFetcherTests {
    private func fetcher(_ server: ScriptedHTTPServer, _ query: MastodonFetcher.Query, limit: Int = 200, token: String? = nil,
                         client: APIClient = FetchReplay.client()) -> MastodonFetcher {
        MastodonFetcher(server: URL(string: server.base)!, query: query, limit: limit, token: token, client: client)
    }

    @Test("a tag timeline is fetched over its Link pages, each page imported on its own and counted toward the tag")
    func paging() throws {
        let server = try FetchReplay.server(try FetchReplay.mastodonTagTimeline())
        defer { server.stop() }
        let project = TestProject()
        var summaries: [ImportSummary] = []
        let count = try fetcher(server, MastodonFetcher.Query("#hoot")).fetch(into: try project.store) { summaries.append($0) }
        #expect(count == 10)
        #expect(summaries.map(\.newTweets) == [5, 5])
        #expect(summaries.allSatisfy { $0.terms == ["#hoot"] })
        #expect(summaries.first?.file == server.base + "/api/v1/timelines/tag/hoot?limit=40")
        #expect(server.requests.map(\.path) == [
            "/api/v1/timelines/tag/hoot?limit=40",
            "/api/v1/timelines/tag/hoot?max_id=117020580489281910&limit=40",
            "/api/v1/timelines/tag/hoot?max_id=117020580452511285&limit=40",
        ])
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "tally/\(TallyVersion.current)" && $0.headers["authorization"] == nil })
        #expect(try project.store.tableCounts()["tweet"] == 10)
        let stored = try project.store.fetchedSearches()
        #expect(stored == [FetchedSearch(network: "mastodon", server: server.base, kind: "tag", query: "#hoot", term: "#hoot",
                                         position: FetchReplay.newestOfFirst)])
    }

    @Test("fetching the same tag again asks only for newer statuses and adds only those")
    func again() throws {
        let server = try FetchReplay.server(try FetchReplay.mastodonTagTimeline())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        try fetcher(server, .tag("hoot")).fetch(into: store) { _ in }
        var summaries: [ImportSummary] = []
        let count = try fetcher(server, .tag("hoot")).fetch(into: store) { summaries.append($0) }
        #expect(count == 1)
        #expect(summaries.map(\.newTweets) == [1])
        #expect(server.requests.dropFirst(3).first?.path == "/api/v1/timelines/tag/hoot?limit=40&since_id=\(FetchReplay.newestOfFirst)")
        #expect(try project.store.tableCounts()["tweet"] == 11)
        #expect(try store.fetchedSearches().first?.position == "117020593741189701")
        // `tally fetch --again` repeats it: nothing newer now.
        var more: [ImportSummary] = []
        let searches = try FetchAgain(client: FetchReplay.client()).run(into: store, report: { more.append($0) }, failed: { _, error in Issue.record(error) })
        #expect(searches == 1 && more.isEmpty)
        #expect(server.requests.last?.path == "/api/v1/timelines/tag/hoot?limit=40&since_id=117020593741189701")
    }

    @Test("--limit stops after as many statuses")
    func limit() throws {
        let server = try FetchReplay.server(try FetchReplay.mastodonTagTimeline())
        defer { server.stop() }
        let project = TestProject()
        let count = try fetcher(server, .tag("hoot"), limit: 5).fetch(into: try project.store) { _ in }
        #expect(count == 5)
        #expect(server.requests.map(\.path) == ["/api/v1/timelines/tag/hoot?limit=5"])
    }

    @Test("an account is looked up, then its statuses fetched; a search sends the token and pages by max_id")
    func accountAndSearch() throws {
        let first = try FetchReplay.mastodon(FetchReplay.firstPage)
        let server = try FetchReplay.server { _, request in
            if request.path.hasPrefix("/api/v1/accounts/lookup?acct=mastodonpy_test@localhost") { return .json(Data("{\"id\":\"117020565966271181\",\"acct\":\"mastodonpy_test\"}".utf8)) }
            if request.path.hasPrefix("/api/v1/accounts/117020565966271181/statuses") { return .json(request.path.contains("max_id") ? Data("[]".utf8) : first) }
            if request.path.hasPrefix("/api/v2/search") {
                guard request.headers["authorization"] == "Bearer SECRET-TOKEN-4242" else { return .json(Data("{\"error\":\"auth\"}".utf8), status: 401) }
                let statuses = request.path.contains("max_id") || request.path.contains("min_id") ? "[]" : String(decoding: first, as: UTF8.self)
                return .json(Data("{\"accounts\":[],\"hashtags\":[],\"statuses\":\(statuses)}".utf8))
            }
            return .json(Data("{}".utf8), status: 404)
        }
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        #expect(try fetcher(server, MastodonFetcher.Query("@mastodonpy_test@localhost")).fetch(into: store) { _ in } == 5)
        #expect(server.requests.map(\.path).prefix(2) == ["/api/v1/accounts/lookup?acct=mastodonpy_test@localhost", "/api/v1/accounts/117020565966271181/statuses?limit=40"])
        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, MastodonFetcher.Query("words here"), token: "SECRET-TOKEN-4242").fetch(into: store) { summaries.append($0) } == 5)
        #expect(summaries.first?.terms == ["words here"])
        #expect(server.requests.suffix(2).map(\.path) == ["/api/v2/search?q=words%20here&type=statuses&resolve=false&limit=40",
                                                           "/api/v2/search?q=words%20here&type=statuses&resolve=false&max_id=117020580489281910&limit=40"])
        // Again: only newer statuses (`min_id`), none here.
        #expect(try fetcher(server, MastodonFetcher.Query("words here"), token: "SECRET-TOKEN-4242").fetch(into: store) { _ in } == 0)
        #expect(server.requests.last?.path == "/api/v2/search?q=words%20here&type=statuses&resolve=false&limit=40&min_id=\(FetchReplay.newestOfFirst)")
        // Without the token the server refuses: one line naming the URL and the status, no token anywhere.
        let error = #expect(throws: APIError.self) { try fetcher(server, .words("other")).fetch(into: store) { _ in } }
        #expect(error?.description == server.base + "/api/v2/search?q=other&type=statuses&resolve=false&limit=40: the server answered HTTP 401")
    }

    @Test("a page that fails (HTTP error, malformed body, a status of the wrong shape) stops the fetch; the pages before it stay, nothing of it does")
    func failures() throws {
        let first = try FetchReplay.mastodon(FetchReplay.firstPage)
        let cases: [(ScriptedHTTPServer.Answer, String)] = [
            (.json(Data("{\"error\":\"oops\"}".utf8), status: 500), "the server answered HTTP 500"),
            (.json(Data("[{\"id\": ".utf8)), "the answer is not JSON; expected Mastodon statuses"),
            (.json(Data("[{\"id\": \"117020580481736214\", \"uri\": \"x\", \"content\": 3, \"account\": {}, \"created_at\": \"2026-01-01T00:00:00Z\"}]".utf8)), "expected"),
        ]
        for (answer, reason) in cases {
            let server = try FetchReplay.server { base, request in
                request.path.contains("max_id") ? answer
                    : .json(first, headers: ["Link": "<\(base)/api/v1/timelines/tag/hoot?max_id=117020580489281910>; rel=\"next\""])
            }
            defer { server.stop() }
            let project = TestProject()
            let store = try project.store
            var summaries: [ImportSummary] = []
            let error = #expect(throws: (any Error).self) { try fetcher(server, .tag("hoot")).fetch(into: store) { summaries.append($0) } }
            let message = "\(error!)"
            #expect(message.hasPrefix(server.base + "/api/v1/timelines/tag/hoot?max_id=117020580489281910&limit=40: "), "\(message)")
            #expect(message.contains(reason), "\(message)")
            #expect(!message.contains("\n"))
            #expect(summaries.count == 1)
            #expect(try store.tableCounts()["tweet"] == 5)
            #expect(try store.fetchedSearches().first?.position == FetchReplay.newestOfFirst)
        }
    }

    @Test("a Link to another server is not followed: the page before it stays, the fetch fails naming both")
    func linkElsewhere() throws {
        let first = try FetchReplay.mastodon(FetchReplay.firstPage)
        let server = try FetchReplay.server { _, _ in
            .json(first, headers: ["Link": "<http://10.1.2.3/api/v1/timelines/tag/hoot?max_id=1>; rel=\"next\""])
        }
        defer { server.stop() }
        let project = TestProject()
        let error = #expect(throws: APIError.self) { try fetcher(server, .tag("hoot")).fetch(into: try project.store) { _ in } }
        #expect(error?.reason == "the next page's link leads to http://10.1.2.3/api/v1/timelines/tag/hoot?max_id=1, not to \(server.base); not followed")
        #expect(server.requests.count == 1)
        #expect(try project.store.tableCounts()["tweet"] == 5)
    }

    @Test("the server is https://HOST for --instance, any http(s) URL for --server, an account's own server by default")
    func servers() throws {
        #expect(try APIEndpoint.server(url: nil, host: "mastodon.social", default: nil).absoluteString == "https://mastodon.social")
        #expect(try APIEndpoint.server(url: "http://127.0.0.1:3000", host: "ignored.example", default: nil).absoluteString == "http://127.0.0.1:3000")
        #expect(MastodonFetcher.accountHost(MastodonFetcher.Query("@Gargron@mastodon.social")) == "mastodon.social")
        #expect(MastodonFetcher.Query("#swift") == .tag("swift") && MastodonFetcher.Query("swift concurrency") == .words("swift concurrency"))
        let none = #expect(throws: APIError.self) { try APIEndpoint.server(url: nil, host: nil, default: nil) }
        #expect(none?.description == "no server to ask: name it with --instance HOST or --server URL")
        let file = #expect(throws: APIError.self) { try APIEndpoint.server(url: "file:///etc", host: nil, default: nil) }
        #expect(file?.description == "file:///etc: not an http or https URL of a server")
    }
}
