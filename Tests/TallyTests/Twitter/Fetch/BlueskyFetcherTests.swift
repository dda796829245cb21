import Foundation
import Testing
@testable import Tally

@Suite("tally fetch bluesky against a local server replaying Bluesky's answers", .serialized,
       .enabled(if: NetworkFixture.available, "needs ../shared/fixtures"))
struct BlueskyFetcherTests {
    /// searchPosts as recorded (25 posts, cursor 25), then two older posts and no cursor; once
    /// `later` is on, the first page starts with one post newer than all of them.
    private func searchServer(later: FetchReplay.Shared<Bool>) throws -> ScriptedHTTPServer {
        let recorded = try JSONSerialization.jsonObject(with: try FetchReplay.bluesky(FetchReplay.blueskySearch)) as! [String: Any]
        let posts = recorded["posts"] as! [[String: Any]]
        let older = [NetworkFixture.post(rkey: "3old1", text: "older one", createdAt: "2025-05-18T10:00:00.000Z"),
                     NetworkFixture.post(rkey: "3old2", text: "older two", createdAt: "2025-05-18T09:00:00.000Z")]
        let newer = NetworkFixture.post(rkey: "3new1", text: "redistricting news", createdAt: "2025-05-20T10:00:00.000Z")
        let second = Data(NetworkFixture.json(["posts": older]).utf8)
        let first = Data(NetworkFixture.json(["posts": posts, "cursor": "25"]).utf8)
        let firstLater = Data(NetworkFixture.json(["posts": [newer] + posts, "cursor": "25"]).utf8)
        return try FetchReplay.server { _, request in
            guard request.path.hasPrefix("/xrpc/app.bsky.feed.searchPosts?q=redistricting") else { return .json(Data("{\"error\":\"x\"}".utf8), status: 400) }
            if request.path.contains("cursor=25") { return .json(second) }
            return .json(later.value ? firstLater : first)
        }
    }

    @Test("a search is fetched over its cursor pages, counted toward its words; fetching again stops at the first post it has")
    func searchAndAgain() throws {
        let later = FetchReplay.Shared(false)
        let server = try searchServer(later: later)
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        let fetcher = BlueskyFetcher(server: URL(string: server.base)!, query: BlueskyFetcher.Query("redistricting"), client: FetchReplay.client())
        var summaries: [ImportSummary] = []
        #expect(try fetcher.fetch(into: store) { summaries.append($0) } == 27)
        #expect(summaries.map(\.newTweets) == [25, 2])
        #expect(summaries.allSatisfy { $0.terms == ["redistricting"] })
        #expect(server.requests.map(\.path) == ["/xrpc/app.bsky.feed.searchPosts?q=redistricting&sort=latest&limit=100",
                                                "/xrpc/app.bsky.feed.searchPosts?q=redistricting&sort=latest&limit=100&cursor=25"])
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "tally/\(TallyVersion.current)" })
        #expect(try store.fetchedSearches().first?.position == "2025-05-19T17:10:09.813Z")
        let stored = try #require(try store.tableCounts()["tweet"])
        later.value = true
        summaries = []
        #expect(try fetcher.fetch(into: store) { summaries.append($0) } == 26)
        #expect(summaries.map(\.newTweets) == [1])
        #expect(server.requests.count == 3)
        #expect(try store.tableCounts()["tweet"] == stored + 1)
        #expect(try store.fetchedSearches().first?.position == "2025-05-20T10:00:00.000Z")
    }

    @Test("an account's feed is fetched with getAuthorFeed until a page comes back empty")
    func authorFeed() throws {
        let recorded = try FetchReplay.bluesky("atprotodart__getAuthorFeed.json")
        let server = try FetchReplay.server { _, request in
            guard request.path.hasPrefix("/xrpc/app.bsky.feed.getAuthorFeed?actor=shinyakato.dev") else { return .json(Data("{}".utf8), status: 400) }
            return .json(request.path.contains("cursor=") ? Data("{\"feed\":[]}".utf8) : recorded)
        }
        defer { server.stop() }
        let project = TestProject()
        let fetcher = BlueskyFetcher(server: URL(string: server.base)!, query: BlueskyFetcher.Query("@shinyakato.dev"), client: FetchReplay.client())
        var summaries: [ImportSummary] = []
        #expect(try fetcher.fetch(into: try project.store) { summaries.append($0) } == 25)
        #expect(summaries.count == 1 && summaries[0].newTweets > 0)
        #expect(server.requests.count == 2)
        #expect(try project.store.fetchedSearches().map(\.kind) == ["author"])
    }

    @Test("a page that is not Bluesky posts stops the fetch with the URL and why")
    func malformed() throws {
        let server = try FetchReplay.server { _, _ in .json(Data("{\"error\":\"InvalidRequest\"}".utf8)) }
        defer { server.stop() }
        let project = TestProject()
        let fetcher = BlueskyFetcher(server: URL(string: server.base)!, query: .words("x"), client: FetchReplay.client())
        let error = #expect(throws: APIError.self) { try fetcher.fetch(into: try project.store) { _ in } }
        #expect(error?.description == server.base + "/xrpc/app.bsky.feed.searchPosts?q=x&sort=latest&limit=100: expected Bluesky posts {posts: […], cursor} or a feed {feed: […], cursor}; found keys error")
    }

    @Test("a server that asks for a login gets one with the app password; a wrong one fails naming the handle, never the password")
    func appPassword() throws {
        let recorded = try FetchReplay.bluesky(FetchReplay.blueskySearch)
        let server = try FetchReplay.server { _, request in
            if request.method == "POST", request.path == "/xrpc/com.atproto.server.createSession" {
                let login = try? JSONSerialization.jsonObject(with: request.body) as? [String: String]
                guard login == ["identifier": "alice.test", "password": "APP-PASS-1234"] else { return .json(Data("{\"error\":\"AuthenticationRequired\"}".utf8), status: 401) }
                return .json(Data("{\"accessJwt\":\"JWT-SECRET-abc\",\"refreshJwt\":\"r\",\"handle\":\"alice.test\"}".utf8))
            }
            guard request.headers["authorization"] == "Bearer JWT-SECRET-abc" else { return .json(Data("{\"error\":\"Forbidden\"}".utf8), status: 403) }
            return .json(request.path.contains("cursor=") ? Data("{\"posts\":[]}".utf8) : recorded)
        }
        defer { server.stop() }
        let project = TestProject()
        var fetcher = BlueskyFetcher(server: URL(string: server.base)!, query: .words("redistricting"), client: FetchReplay.client())
        fetcher.loginServer = URL(string: server.base)!
        let refused = #expect(throws: APIError.self) { try fetcher.fetch(into: try project.store) { _ in } }
        #expect(refused?.status == 403)
        fetcher.login = (handle: "alice.test", password: "wrong-PASS-9")
        let wrong = #expect(throws: APIError.self) { try fetcher.fetch(into: try project.store) { _ in } }
        #expect(wrong?.description == server.base + "/xrpc/com.atproto.server.createSession: the login as alice.test was refused (the server answered HTTP 401); check TALLY_BLUESKY_HANDLE and TALLY_BLUESKY_APP_PASSWORD")
        fetcher.login = (handle: "alice.test", password: "APP-PASS-1234")
        #expect(try fetcher.fetch(into: try project.store) { _ in } == 25)
        #expect(server.requests.filter { $0.method == "POST" }.count == 2)
        #expect(try project.store.fetchedSearches().map(\.server) == [server.base])
        let walker = FileManager.default.enumerator(at: project.folder.url, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            let data = (try? Data(contentsOf: file)) ?? Data()
            #expect(data.range(of: Data("APP-PASS".utf8)) == nil && data.range(of: Data("JWT-SECRET".utf8)) == nil, "\(file.path)")
        }
    }

    @Test("an expired access token is refreshed once with the refresh token (no password, no body) and the page asked again; a second refusal is the error")
    func refreshSession() throws {
        let recorded = try JSONSerialization.jsonObject(with: try FetchReplay.bluesky(FetchReplay.blueskySearch)) as! [String: Any]
        let posts = recorded["posts"] as! [[String: Any]]
        let first = Data(NetworkFixture.json(["posts": Array(posts.prefix(10)), "cursor": "10"]).utf8)
        let second = Data(NetworkFixture.json(["posts": Array(posts.dropFirst(10))]).utf8)
        // Each session's access token answers one page, then has expired (as a PDS says it: 400 ExpiredToken).
        let used = FetchReplay.Shared<Set<String>>([])
        let refreshes = FetchReplay.Shared(true)
        let server = try FetchReplay.server { _, request in
            let bearer = request.headers["authorization"] ?? ""
            switch (request.method, request.path) {
            case ("POST", "/xrpc/com.atproto.server.createSession"):
                return .json(Data("{\"accessJwt\":\"ACCESS-1-SECRET\",\"refreshJwt\":\"REFRESH-1-SECRET\",\"handle\":\"alice.test\"}".utf8))
            case ("POST", "/xrpc/com.atproto.server.refreshSession"):
                guard refreshes.value, bearer == "Bearer REFRESH-1-SECRET" else {
                    return .json(Data("{\"error\":\"ExpiredToken\",\"message\":\"Token has expired\"}".utf8), status: 400)
                }
                return .json(Data("{\"accessJwt\":\"ACCESS-2-SECRET\",\"refreshJwt\":\"REFRESH-2-SECRET\",\"handle\":\"alice.test\"}".utf8))
            default:
                guard bearer.hasPrefix("Bearer ACCESS-") else { return .json(Data("{\"error\":\"AuthMissing\"}".utf8), status: 401) }
                if used.value.contains(bearer) { return .json(Data("{\"error\":\"ExpiredToken\",\"message\":\"Token has expired\"}".utf8), status: 400) }
                used.value.insert(bearer)
                return .json(request.path.contains("cursor=10") ? second : first)
            }
        }
        defer { server.stop() }
        let project = TestProject()
        var fetcher = BlueskyFetcher(server: URL(string: server.base)!, query: .words("redistricting"), client: FetchReplay.client())
        fetcher.loginServer = URL(string: server.base)!
        fetcher.login = (handle: "alice.test", password: "APP-PASS-1234")
        var summaries: [ImportSummary] = []
        #expect(try fetcher.fetch(into: try project.store) { summaries.append($0) } == 25)
        #expect(summaries.count == 2)
        let asked = server.requests.map { "\($0.method) \($0.path.prefix { $0 != "?" }) \($0.headers["authorization"] ?? "-")" }
        let search = "/xrpc/app.bsky.feed.searchPosts"
        #expect(asked == ["GET \(search) -", "POST /xrpc/com.atproto.server.createSession -", "GET \(search) Bearer ACCESS-1-SECRET",
                          "GET \(search) Bearer ACCESS-1-SECRET", "POST /xrpc/com.atproto.server.refreshSession Bearer REFRESH-1-SECRET",
                          "GET \(search) Bearer ACCESS-2-SECRET"])
        let refresh = try #require(server.requests.first { $0.path.hasSuffix("refreshSession") })
        #expect(refresh.body.isEmpty && refresh.headers["content-type"] == nil)

        // A refresh the server refuses ends the fetch in one line; the first page stays.
        used.value = []
        refreshes.value = false
        let other = TestProject()
        summaries = []
        let error = #expect(throws: APIError.self) { try fetcher.fetch(into: try other.store) { summaries.append($0) } }
        #expect(error?.description == server.base + "/xrpc/com.atproto.server.refreshSession: the expired session could not be refreshed "
                + "(the server answered HTTP 400); run the fetch again to log in anew")
        let kept = try other.store.tableCounts()["tweet"] ?? 0
        #expect(summaries.count == 1 && kept > 0)
        #expect(server.requests.filter { $0.path.hasSuffix("refreshSession") }.count == 2)
        for output in [error.map { "\($0)" } ?? ""] + summaries.map(\.file) {
            #expect(!output.contains("SECRET") && !output.contains("APP-PASS"))
        }
    }
}
