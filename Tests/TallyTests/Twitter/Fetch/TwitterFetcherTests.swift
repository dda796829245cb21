import Foundation
import Testing
@testable import Tally

@Suite("tally fetch twitter against a local server replaying the X API v2's answers", .serialized,
       .enabled(if: NetworkFixture.available, "needs ../shared/fixtures"))
struct TwitterFetcherTests {
    /// 2026-11-23T08:00:00Z, the time every page here is retrieved at.
    private static let morning = Date(timeIntervalSince1970: 1_795_420_800)

    private func fetcher(_ server: ScriptedHTTPServer, _ query: TwitterFetcher.Query, limit: Int = 200, token: String = FetchReplay.twitterToken,
                         client: APIClient = FetchReplay.client()) -> TwitterFetcher {
        var fetcher = TwitterFetcher(server: URL(string: server.base)!, query: query, limit: limit, token: token, client: client)
        fetcher.now = { Self.morning }
        return fetcher
    }

    private static let fields = "expansions=author_id,referenced_tweets.id,referenced_tweets.id.author_id,attachments.media_keys"
        + "&tweet.fields=attachments,author_id,created_at,entities,id,lang,referenced_tweets,text"
        + "&user.fields=description,entities,id,location,name,profile_image_url,url,username"
        + "&media.fields=alt_text,height,media_key,preview_image_url,type,url,variants,width"

    @Test("a search is fetched over its next_token pages with the bearer token, each page imported on its own, the query and time read from its __twarc record")
    func paging() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        var summaries: [ImportSummary] = []
        let count = try fetcher(server, TwitterFetcher.Query("#nyc")).fetch(into: store) { summaries.append($0) }
        #expect(count == 24)
        #expect(summaries.count == 3)
        #expect(summaries.allSatisfy { $0.terms == ["#nyc"] && $0.formats == ["Twitter v2 page"] })
        #expect(summaries.map(\.newTweets).reduce(0, +) >= 24)
        #expect(server.requests.map(\.path) == [
            "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields)",
            "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields)&next_token=b26v89c19zqg8o3fosts1md1wmmwtk662avly1ptlc2v1",
            "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields)&next_token=b26v89c19zqg8o3fo7gesq314zlbjb2xlwutmy72r47lp",
        ])
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(FetchReplay.twitterToken)" && $0.headers["user-agent"] == "tally/\(TallyVersion.current)" })
        #expect(try store.fetchedSearches() == [FetchedSearch(network: "twitter", server: server.base, kind: "search", query: "#nyc", term: "#nyc",
                                                              position: FetchReplay.newestTweet)])
        // The search ran when the pages were retrieved (`__twarc.retrieved_at`), not when its newest tweet was written.
        let searched = try store.queue.read { db in try Int64.fetchOne(db, sql: "SELECT searched_at FROM term WHERE text = '#nyc'") }
        #expect(searched == Int64(Self.morning.timeIntervalSince1970))
    }

    @Test("each page is kept as twarc writes it: a __twarc record with the request's URL, the version and the retrieval time, then the page")
    func twarcRecord() throws {
        let url = URL(string: "http://127.0.0.1:9/2/tweets/search/recent?query=%23nyc&max_results=100")!
        let recorded = try TwitterFetcher.recording(Data(" {\"data\": [], \"meta\": {\"result_count\": 0}}".utf8), url: url, at: Self.morning)
        let object = try JSONSerialization.jsonObject(with: recorded) as? [String: Any]
        let twarc = object?["__twarc"] as? [String: String]
        #expect(twarc == ["url": url.absoluteString, "version": "tally \(TallyVersion.current)", "retrieved_at": "2026-11-23T08:00:00+00:00"])
        #expect(object?["meta"] != nil && object?["data"] != nil)
        let empty = try TwitterFetcher.recording(Data("{ }".utf8), url: url, at: Self.morning)
        #expect((try JSONSerialization.jsonObject(with: empty) as? [String: Any])?.keys.sorted() == ["__twarc"])
        #expect(throws: APIError.self) { try TwitterFetcher.recording(Data("[1]".utf8), url: url, at: Self.morning) }
    }

    @Test("fetching the same search again asks since_id of the newest tweet stored and adds only the newer ones; --again does it too")
    func again() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        try fetcher(server, .words("#nyc")).fetch(into: store) { _ in }
        let before = try store.tableCounts()["tweet"] ?? 0
        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, .words("#nyc")).fetch(into: store) { summaries.append($0) } == 6)
        #expect(server.requests.last?.path == "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields)&since_id=\(FetchReplay.newestTweet)")
        #expect(summaries.count == 1 && summaries[0].newTweets >= 6)
        #expect(try store.tableCounts()["tweet"]! > before)
        #expect(try store.fetchedSearches().first?.position == "1385164269059198978")
        // `tally fetch --again` asks after the newest now; without a token it says what to set.
        var failures: [String] = []
        try FetchAgain(client: FetchReplay.client()).run(into: store, report: { _ in }, failed: { _, error in failures.append("\(error)") })
        #expect(failures == ["TALLY_TWITTER_BEARER_TOKEN is not set: set it to your X API app's bearer token (developer.x.com, Keys and tokens)"])
        var refresher = FetchAgain(client: FetchReplay.client())
        refresher.twitterToken = FetchReplay.twitterToken
        var more: [ImportSummary] = []
        #expect(try refresher.run(into: store, report: { more.append($0) }, failed: { _, error in Issue.record(error) }) == 1)
        #expect(more.isEmpty)
        #expect(server.requests.last?.path == "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields)&since_id=1385164269059198978")
    }

    @Test("a user's tweets: the id looked up by username, then pages joined by pagination_token, shown as the user's timeline")
    func user() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, TwitterFetcher.Query("@XDevelopers")).fetch(into: store) { summaries.append($0) } == 25)
        #expect(server.requests.map(\.path) == [
            "/2/users/by/username/XDevelopers",
            "/2/users/\(FetchReplay.xDevelopers)/tweets?max_results=100&\(Self.fields)",
            "/2/users/\(FetchReplay.xDevelopers)/tweets?max_results=100&\(Self.fields)&pagination_token=at3vehuk2txh",
            "/2/users/\(FetchReplay.xDevelopers)/tweets?max_results=100&\(Self.fields)&pagination_token=b26v89c19zqg8o3fpzbn1e0ffhxjiofzw6po136rvbnul",
        ])
        #expect(summaries.count == 2 && summaries.allSatisfy { $0.terms.isEmpty })
        #expect(try store.fetchedSearches().map(\.kind) == ["user"])
        let unknown = #expect(throws: APIError.self) { try fetcher(server, .user("nobody")).fetch(into: store) { _ in } }
        #expect(unknown?.description == server.base + "/2/users/by/username/nobody: the server answered: Could not find user with username: [nobody].")
    }

    @Test("--limit stops after the page that reaches it")
    func limit() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        #expect(try fetcher(server, .words("#nyc"), limit: 15).fetch(into: try project.store) { _ in } == 20)
        #expect(server.requests.map { $0.path.contains("max_results=15") } == [true, false])
        #expect(server.requests.last?.path.contains("max_results=10") == true)
    }

    @Test("a 429 with Retry-After is waited out, saying so, then the page is asked again")
    func tooManyRequests() throws {
        let replay = try FetchReplay.twitterAPI()
        let asked = FetchReplay.Shared(0)
        let server = try FetchReplay.server { base, request in
            asked.value += 1
            return asked.value == 1 ? .json(Data("{\"title\":\"Too Many Requests\"}".utf8), status: 429, headers: ["Retry-After": "7"]) : replay(base, request)
        }
        defer { server.stop() }
        let project = TestProject()
        let waits = FetchReplay.WaitLog()
        #expect(try fetcher(server, .words("#nyc"), limit: 10, client: FetchReplay.client(waits: waits)).fetch(into: try project.store) { _ in } == 10)
        #expect(waits.waits == [7])
        #expect(waits.notices.count == 1 && waits.notices[0].hasSuffix("the server asks to wait (HTTP 429); waiting 7 seconds"))
        #expect(server.requests.count == 2 && server.requests[0].path == server.requests[1].path)
    }

    @Test("a 429 without Retry-After waits until the X API's x-rate-limit-reset: none for a reset passed, a failure for one too far off")
    func rateLimitReset() throws {
        let replay = try FetchReplay.twitterAPI()
        let reset = FetchReplay.Shared("1")
        let asked = FetchReplay.Shared(0)
        let server = try FetchReplay.server { base, request in
            asked.value += 1
            return asked.value % 2 == 1 ? .json(Data("{\"title\":\"Too Many Requests\"}".utf8), status: 429, headers: ["x-rate-limit-reset": reset.value])
                : replay(base, request)
        }
        defer { server.stop() }
        let project = TestProject()
        let waits = FetchReplay.WaitLog()
        #expect(try fetcher(server, .words("#nyc"), limit: 10, client: FetchReplay.client(waits: waits)).fetch(into: try project.store) { _ in } == 10)
        #expect(waits.waits == [0])
        // A window that resets in a day is more than the five minutes a fetch waits.
        reset.value = String(Int64(Date().timeIntervalSince1970) + 86_400)
        let error = #expect(throws: APIError.self) { try fetcher(server, .words("#other"), client: FetchReplay.client(waits: waits)).fetch(into: try project.store) { _ in } }
        #expect(error?.reason.hasPrefix("the server answered HTTP 429 (too many requests) and asks to wait ") == true)
        #expect(error?.reason.hasSuffix(" seconds, more than the 300 allowed; try again later") == true)
        #expect(waits.waits == [0])
    }

    @Test("a page that fails (HTTP error, malformed body, a tweet without an id) stops the fetch in one line; the pages before it stay, nothing of it does")
    func failures() throws {
        let first = try FetchReplay.twitter(FetchReplay.firstTweetPage)
        let cases: [(ScriptedHTTPServer.Answer, String)] = [
            (.json(Data("{\"title\":\"Service Unavailable\"}".utf8), status: 503), "the server answered HTTP 503"),
            (.json(Data("{\"data\": [".utf8)), "the answer is not a JSON object; expected an X API v2 page {data, includes, meta}"),
            (.json(Data("{\"data\": [{\"text\": \"no id\"}]}".utf8)), "$.data[0].id: expected a tweet id"),
            (.json(Data("{\"data\": [{\"id\": \"1383055313276964999\", \"text\": 3}], \"meta\": {}}".utf8)), "expected the tweet's `text` string"),
        ]
        for (answer, reason) in cases {
            let server = try FetchReplay.server { _, request in request.path.contains("next_token") ? answer : .json(first) }
            defer { server.stop() }
            let project = TestProject()
            let store = try project.store
            var summaries: [ImportSummary] = []
            let error = #expect(throws: (any Error).self) { try fetcher(server, .words("#nyc")).fetch(into: store) { summaries.append($0) } }
            let message = "\(error!)"
            #expect(message.hasPrefix(server.base + "/2/tweets/search/recent?query=%23nyc&max_results=100&"), "\(message)")
            #expect(message.contains("next_token="), "\(message)")
            #expect(message.contains(reason), "\(message)")
            #expect(!message.contains("\n") && !message.contains(FetchReplay.twitterToken))
            #expect(summaries.count == 1)
            #expect(try store.fetchedSearches().first?.position == FetchReplay.newestTweet)
            #expect(try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet WHERE id = '1383055313276964999'") } == 0)
        }
    }

    @Test("a wrong token: one line naming the URL, the status and the variable to check; the token in no message")
    func wrongToken() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        let error = #expect(throws: APIError.self) { try fetcher(server, .words("#nyc"), token: "WRONG-TOKEN-1").fetch(into: try project.store) { _ in } }
        #expect(error?.description == server.base + "/2/tweets/search/recent?query=%23nyc&max_results=100&\(Self.fields): the server answered HTTP 401; check TALLY_TWITTER_BEARER_TOKEN")
        #expect(try project.store.fetchedSearches().isEmpty)
        #expect(TwitterFetcher.Query("@jack") == .user("jack") && TwitterFetcher.Query("from:jack #swift") == .words("from:jack #swift"))
        #expect(throws: APIError.self) { try APIKey.required("TALLY_TWITTER_BEARER_TOKEN", missing: TwitterFetcher.missingToken, in: ["TALLY_TWITTER_BEARER_TOKEN": " "]) }
        #expect(try APIKey.required("TALLY_TWITTER_BEARER_TOKEN", missing: TwitterFetcher.missingToken, in: ["TALLY_TWITTER_BEARER_TOKEN": "abc\n"]) == "abc")
    }
}
