import Foundation
import Testing
@testable import Tally

/// A new user's day with `tally fetch`: a Mastodon tag, a Bluesky search, a Twitter search and
/// Flickr's places with their photos from a server that answers as the real ones did, a build
/// that shows them all, and the daily `--again`.
@Suite("tally fetch mastodon, bluesky, twitter and flickr, then build: the searches and places have their pages", .serialized,
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

    @Test("fetch a Twitter search and Flickr's places with a place's photos, build: the search has its popularity page, the place its photos; no key anywhere")
    func twitterAndFlickr() throws {
        let twitter = try FetchReplay.twitterAPI(), flickr = try FetchReplay.flickrAPI()
        let server = try FetchReplay.server { base, request in request.path.hasPrefix("/services/rest") ? flickr(base, request) : twitter(base, request) }
        defer { server.stop() }
        let project = TestProject()
        try project.folder.write(["tally.toml": "title = \"Fetched\"\n"])
        let folder = project.folder.url
        let keys = ["TALLY_TWITTER_BEARER_TOKEN": FetchReplay.twitterToken, "TALLY_FLICKR_API_KEY": FetchReplay.flickrKey]
        let rest = server.base + "/services/rest"

        // Without its key a command says, in one line, what to set.
        let keyless = try CommandLineTool.output(["fetch", "twitter", "#nyc", "--server", server.base], environment: ["TALLY_TWITTER_BEARER_TOKEN": ""], in: folder)
        #expect(keyless.status != 0)
        #expect(keyless.stderr == "tally: TALLY_TWITTER_BEARER_TOKEN is not set: set it to your X API app's bearer token (developer.x.com, Keys and tokens)\n")
        let flickrless = try CommandLineTool.output(["fetch", "flickr", "places", "--server", rest], environment: ["TALLY_FLICKR_API_KEY": ""], in: folder)
        #expect(flickrless.status != 0 && flickrless.stderr == "tally: TALLY_FLICKR_API_KEY is not set: set it to your Flickr API key (flickr.com/services/apps/create)\n")
        #expect(server.requests.isEmpty)

        var outputs: [String] = []
        let search = try CommandLineTool.output(["fetch", "twitter", "#nyc", "--server", server.base], environment: keys, in: folder)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.split(separator: "\n").count == 3)
        #expect(search.stdout.hasPrefix(server.base + "/2/tweets/search/recent?query=%23nyc&max_results=100&"))
        // Not a terminal: one line per page and no progress line.
        #expect(search.stderr.isEmpty)
        let places = try CommandLineTool.output(["fetch", "flickr", "places", "--server", rest], environment: keys, in: folder)
        #expect(places.status == 0, "\(places.stderr)")
        #expect(places.stdout == rest + "?method=flickr.places.getTopPlacesList&place_type_id=7&format=json&nojsoncallback=1 [Flickr places]: 100 places new, 0 already stored\n")
        let photos = try CommandLineTool.output(["fetch", "flickr", "photos", "England", "--server", rest, "--limit", "15"], environment: keys, in: folder)
        #expect(photos.status == 0, "\(photos.stderr)")
        #expect(photos.stdout.split(separator: "\n").count == 3)
        let wrong = try CommandLineTool.output(["fetch", "flickr", "places", "--server", rest], environment: ["TALLY_FLICKR_API_KEY": "WRONG-KEY-31"], in: folder)
        #expect(wrong.status != 0)
        #expect(wrong.stderr == "tally: \(rest)?method=flickr.places.getTopPlacesList&place_type_id=7&format=json&nojsoncallback=1: "
                + "Flickr answered with error 100: Invalid API Key (Key has invalid format); check TALLY_FLICKR_API_KEY\n")
        outputs += [search.stdout, search.stderr, places.stdout, places.stderr, photos.stdout, photos.stderr, wrong.stderr]

        try project.build()
        #expect(try project.page("searches/index.html").contains("#nyc"))
        #expect(project.outputFiles().contains { $0.hasPrefix("searches/") && $0.contains("nyc") && $0.hasSuffix("/index.html") })
        #expect(try project.page("places/index.html").contains("England"))
        let england = try project.page(Routes.place(FetchReplay.england))
        #expect(england.contains("Computer Repair Fax Center"))

        // The daily loop: --again asks the search after its newest tweet, and the place's photos
        // uploaded after its newest photo.
        let before = try project.store.tableCounts()["tweet"] ?? 0
        let asked = server.requests.count
        let again = try CommandLineTool.output(["fetch", "--again"], environment: keys, in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let paths = server.requests.dropFirst(asked).map(\.path)
        #expect(paths.first?.contains("since_id=\(FetchReplay.newestTweet)") == true)
        #expect(paths.filter { $0.contains("&min_upload_date=\(FetchReplay.newestUpload + 1)&") }.count == 2)
        #expect(try project.store.tableCounts()["tweet"]! > before)
        #expect(try project.store.tableCounts()["photo"] == 115)
        outputs += [again.stdout, again.stderr]

        var seen = outputs.filter { $0.contains(FetchReplay.twitterToken) || $0.contains(FetchReplay.flickrKey) || $0.contains("api_key") }
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: file) else { continue }
            if data.range(of: Data(FetchReplay.twitterToken.utf8)) != nil || data.range(of: Data(FetchReplay.flickrKey.utf8)) != nil { seen.append(file.path) }
        }
        #expect(seen.isEmpty)
    }

    @Test("on a terminal a progress line is redrawn with each request and cleared before each page's line",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script for a terminal"))
    func progressLine() throws {
        let server = try FetchReplay.server(try FetchReplay.twitterAPI())
        defer { server.stop() }
        let project = TestProject()
        try project.folder.write(["tally.toml": "title = \"Fetched\"\n"])
        // `script` runs the command with its output and errors on a terminal and copies what it shows.
        let command = "'\(CommandLineTool.executable.path)' fetch twitter '#nyc' --server '\(server.base)'"
        let shown = try CommandLineTool.output(["-q", "-e", "-c", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"),
                                               environment: ["TALLY_TWITTER_BEARER_TOKEN": FetchReplay.twitterToken], in: project.folder.url)
        #expect(shown.status == 0, "\(shown.stdout)")
        let progress = "\r\u{1B}[Kfetching \(server.base)/2/tweets/search/recent?query=%23nyc&max_results=100&"
        #expect(shown.stdout.components(separatedBy: progress).count == 4, "\(shown.stdout.debugDescription)")
        // Each page's line starts on a cleared line.
        let pages = shown.stdout.components(separatedBy: "\r\u{1B}[K\(server.base)/2/tweets/search/recent?")
        #expect(pages.count == 4, "\(shown.stdout.debugDescription)")
        #expect(!shown.stdout.contains(FetchReplay.twitterToken))
    }
}
