import Foundation
import Testing
@testable import Tally

/// A new user's day with `tally fetch`: a Mastodon tag and a Bluesky search from a server that
/// answers as the real ones did, a build that shows both searches, and the daily `--again`.
@Suite("tally fetch mastodon and bluesky, then build: the searches have their pages", .serialized,
       .enabled(if: NetworkFixture.available, "needs ../shared/fixtures"))
struct FetchEndToEndTests {
    private static let token = "SECRET-TOKEN-7f3a9c"

    private func server() throws -> ScriptedHTTPServer {
        let mastodon = try FetchReplay.mastodonTagTimeline()
        let bluesky = try FetchReplay.bluesky(FetchReplay.blueskySearch)
        return try FetchReplay.server { base, request in
            if request.path.hasPrefix("/xrpc/app.bsky.feed.searchPosts") {
                return .json(request.path.contains("cursor=") ? Data("{\"posts\":[]}".utf8) : bluesky)
            }
            if request.path.hasPrefix("/api/v2/search") {
                // A server that wants a token, and says so, echoing nothing of it.
                return .json(Data("{\"error\":\"The access token is invalid\"}".utf8), status: 401)
            }
            return mastodon(base, request)
        }
    }

    @Test("fetch a tag and a search, build, and each search has its popularity page; --again adds only what is new")
    func fetchAndBuild() throws {
        let server = try server()
        defer { server.stop() }
        let project = TestProject()
        try project.folder.write(["tally.toml": "title = \"Fetched\"\n"])
        let folder = project.folder.url
        let tag = try CommandLineTool.output(["fetch", "mastodon", "#hoot", "--server", server.base], in: folder)
        #expect(tag.status == 0, "\(tag.stderr)")
        let lines = tag.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix(server.base + "/api/v1/timelines/tag/hoot?limit=40 [Mastodon statuses]: ") == true)
        let search = try CommandLineTool.output(["fetch", "bluesky", "redistricting", "--server", server.base], in: folder)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.split(separator: "\n").count == 1)
        try project.build()
        let searches = try project.page("searches/index.html")
        #expect(searches.contains("#hoot") && searches.contains("redistricting"))
        // Searches on Mastodon and Bluesky are in their network's folder of the term.
        #expect(project.outputFiles().contains("searches/redistricting/bluesky/index.html"))
        #expect(project.outputFiles().contains { $0.hasPrefix("searches/") && $0.contains("hoot") && $0.hasSuffix("/index.html") })

        let before = try project.store.tableCounts()["tweet"] ?? 0
        let again = try CommandLineTool.output(["fetch", "--again"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        // Mastodon has one newer status; Bluesky's first page holds only posts already stored.
        #expect(try project.store.tableCounts()["tweet"] == before + 1)
        #expect(server.requests.contains { $0.path == "/api/v1/timelines/tag/hoot?limit=40&since_id=\(FetchReplay.newestOfFirst)" })
    }

    @Test("a token goes only to the server: never into the store, the site, the output or an error")
    func tokenNeverLeaks() throws {
        let server = try server()
        defer { server.stop() }
        let project = TestProject()
        try project.folder.write(["tally.toml": "title = \"Fetched\"\n"])
        let folder = project.folder.url
        let tag = try CommandLineTool.run(["fetch", "mastodon", "#hoot", "--server", server.base], environment: ["TALLY_MASTODON_TOKEN": Self.token], in: folder)
        #expect(tag.status == 0, "\(tag.stderr)")
        let refused = try CommandLineTool.output(["fetch", "mastodon", "secret words", "--server", server.base, "--token", Self.token], in: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr == "tally: \(server.base)/api/v2/search?q=secret%20words&type=statuses&resolve=false&limit=40: the server answered HTTP 401\n")
        let again = try CommandLineTool.output(["fetch", "--again"], environment: ["TALLY_MASTODON_TOKEN": Self.token], in: folder)
        try project.build()
        #expect(server.requests.filter { $0.headers["authorization"] == "Bearer \(Self.token)" }.count >= 3)
        var seen: [String] = []
        for output in [refused.stdout, refused.stderr, again.stdout, again.stderr] where output.contains(Self.token) { seen.append(output) }
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file), data.range(of: Data(Self.token.utf8)) != nil { seen.append(file.path) }
        }
        #expect(seen.isEmpty)
        // A search refused at its first page is not remembered; the tag fetched before is.
        #expect(try project.store.fetchedSearches().map(\.query) == ["#hoot"])
    }
}
