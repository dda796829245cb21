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
}
