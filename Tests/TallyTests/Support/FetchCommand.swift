import Foundation
import Testing
@testable import Tally

/// One `tally fetch` command as the table of fetch tests runs it: its arguments and keys, a
/// stand-in server replaying recorded answers over several pages, and what each run should leave.
struct FetchCommand: Sendable, CustomTestStringConvertible {
    typealias Handler = @Sendable (String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer

    var name: String
    /// The arguments after `tally`, without `--server`.
    var arguments: [String]
    /// What `--server` adds to the stand-in's base URL (Flickr's `/services/rest`).
    var serverPath = ""
    /// The keys it is given, in the environment.
    var environment: [String: String]
    /// What must never be written or shown: the keys, and the tokens a server hands out.
    var secrets: [String]
    /// The store table its items land in, and how many the first fetch stores (posts count the
    /// posts they quote or repost, stored beside them).
    var table: String
    var count: Int
    /// How many pages the first fetch imports, one line each.
    var pages: Int
    /// A part of the one request the failure cases spoil: the second page (the only one, for a list of places).
    var failing: String
    /// How many items the pages before the spoilt one leave.
    var kept: Int
    /// Whether the paths the second fetch asked start from where the first stopped.
    var asksFromLast: @Sendable ([String]) -> Bool
    /// How many items the second fetch adds.
    var newer: Int
    /// The stand-in's answers; `later` is set before the second fetch.
    var replay: @Sendable (_ later: FetchReplay.Shared<Bool>) throws -> Handler

    var testDescription: String { name }
}

extension FetchCommand {
    static let mastodonToken = "MASTODON-TOKEN-SECRET-41d2"
    static let blueskyPassword = "BSKY-APP-PASSWORD-SECRET-77"
    static let blueskyAccess = "BSKY-ACCESS-SECRET-0a1"
    static let blueskyRefresh = "BSKY-REFRESH-SECRET-0a2"

    private static let mastodonKeys = ["TALLY_MASTODON_TOKEN": mastodonToken]
    private static let blueskyKeys = ["TALLY_BLUESKY_HANDLE": "alice.test", "TALLY_BLUESKY_APP_PASSWORD": blueskyPassword]
    private static let twitterKeys = ["TALLY_TWITTER_BEARER_TOKEN": FetchReplay.twitterToken]
    private static let flickrKeys = ["TALLY_FLICKR_API_KEY": FetchReplay.flickrKey]
    private static let sinceNewest = "since_id=\(FetchReplay.newestOfFirst)"

    /// Every fetch command there is.
    static let all: [FetchCommand] = [
        FetchCommand(name: "mastodon tag", arguments: ["fetch", "mastodon", "#hoot"], environment: mastodonKeys, secrets: [mastodonToken],
                     table: "tweet", count: 10, pages: 2, failing: "max_id=117020580489281910", kept: 5,
                     asksFromLast: { $0.first?.contains(sinceNewest) == true }, newer: 1,
                     replay: { _ in try FetchReplay.mastodonTagTimeline() }),
        FetchCommand(name: "mastodon search", arguments: ["fetch", "mastodon", "hoot halcy"], environment: mastodonKeys, secrets: [mastodonToken],
                     table: "tweet", count: 12, pages: 3, failing: "max_id=117020580489281910", kept: 5,
                     asksFromLast: { $0.first?.contains("min_id=\(FetchReplay.newestOfFirst)") == true }, newer: 1,
                     replay: { _ in try mastodonSearch() }),
        FetchCommand(name: "mastodon public", arguments: ["fetch", "mastodon", "--public"], environment: mastodonKeys, secrets: [mastodonToken],
                     table: "tweet", count: 10, pages: 2, failing: "max_id=117020580489281910", kept: 5,
                     asksFromLast: { $0.first?.contains(sinceNewest) == true }, newer: 1,
                     replay: { _ in try FetchReplay.mastodonTimeline(at: "/api/v1/timelines/public") }),
        FetchCommand(name: "mastodon account", arguments: ["fetch", "mastodon", "@mastodonpy_test"], environment: mastodonKeys, secrets: [mastodonToken],
                     table: "tweet", count: 10, pages: 2, failing: "max_id=117020580489281910", kept: 5,
                     asksFromLast: { $0.dropFirst().first?.contains(sinceNewest) == true }, newer: 1,
                     replay: { _ in try mastodonAccount() }),
        FetchCommand(name: "bluesky search", arguments: ["fetch", "bluesky", "redistricting"], environment: blueskyKeys,
                     secrets: [blueskyPassword, blueskyAccess, blueskyRefresh],
                     table: "tweet", count: 26, pages: 2, failing: "cursor=15", kept: 16,
                     asksFromLast: { paths in !paths.isEmpty && !paths.contains { $0.contains("cursor=") } }, newer: 1,
                     replay: { later in try blueskyPages(FetchReplay.bluesky(FetchReplay.blueskySearch), list: "posts", later: later) }),
        FetchCommand(name: "bluesky author", arguments: ["fetch", "bluesky", "@shinyakato.dev"], environment: blueskyKeys,
                     secrets: [blueskyPassword, blueskyAccess, blueskyRefresh],
                     table: "tweet", count: 47, pages: 2, failing: "cursor=15", kept: 29,
                     asksFromLast: { paths in !paths.isEmpty && !paths.contains { $0.contains("cursor=") } }, newer: 1,
                     replay: { later in try blueskyPages(FetchReplay.bluesky("atprotodart__getAuthorFeed.json"), list: "feed", later: later) }),
        FetchCommand(name: "twitter search", arguments: ["fetch", "twitter", "#nyc"], environment: twitterKeys, secrets: [FetchReplay.twitterToken],
                     table: "tweet", count: 31, pages: 3, failing: "next_token=b26v89c19zqg8o3fosts1md1wmmwtk662avly1ptlc2v1", kept: 15,
                     asksFromLast: { $0.first?.contains("since_id=\(FetchReplay.newestTweet)") == true }, newer: 10,
                     replay: { _ in try FetchReplay.twitterAPI() }),
        FetchCommand(name: "twitter user", arguments: ["fetch", "twitter", "@XDevelopers"], environment: twitterKeys, secrets: [FetchReplay.twitterToken],
                     table: "tweet", count: 25, pages: 2, failing: "pagination_token=at3vehuk2txh", kept: 15,
                     asksFromLast: { $0.dropFirst().first?.contains("since_id=") == true }, newer: 0,
                     replay: { _ in try FetchReplay.twitterAPI() }),
        FetchCommand(name: "flickr places", arguments: ["fetch", "flickr", "places"], serverPath: "/services/rest", environment: flickrKeys,
                     secrets: [FetchReplay.flickrKey], table: "photo_place", count: 100, pages: 1, failing: "getTopPlacesList", kept: 0,
                     // A list of places has no position: asked again, it is read again whole and adds nothing.
                     asksFromLast: { $0.count == 1 && $0[0].contains("getTopPlacesList") }, newer: 0,
                     replay: { _ in try FetchReplay.flickrAPI() }),
        FetchCommand(name: "flickr photos", arguments: ["fetch", "flickr", "photos", FetchReplay.england, "--limit", "15"], serverPath: "/services/rest",
                     environment: flickrKeys, secrets: [FetchReplay.flickrKey], table: "photo", count: 15, pages: 3, failing: "&page=2&", kept: 5,
                     asksFromLast: { paths in !paths.isEmpty && paths.allSatisfy { $0.contains("&min_upload_date=\(FetchReplay.newestUpload + 1)&") } },
                     newer: 100, replay: { _ in try FetchReplay.flickrAPI() }),
    ]

    /// A full-text search (`/api/v2/search`, paged by `max_id`) as three pages of recorded
    /// statuses, oldest ids last: Mastodon.py's two pages, then its `halcy` search; asked
    /// `min_id` of the newest, the one newer status.
    private static func mastodonSearch() throws -> Handler {
        let wrap = { (file: String) throws -> Data in
            let statuses = try JSONSerialization.jsonObject(with: FetchReplay.mastodon(file))
            return Data(NetworkFixture.json(["accounts": [], "statuses": statuses, "hashtags": []]).utf8)
        }
        let first = try wrap(FetchReplay.firstPage), second = try wrap(FetchReplay.secondPage), newer = try wrap(FetchReplay.newer)
        let halcy = try FetchReplay.mastodon("mastodonpy__test_entity_searchv2__02_api_v2_search_exclude_unreviewed_1_q_halcy_resolve_1.body.json")
        let none = Data(#"{"accounts": [], "statuses": [], "hashtags": []}"#.utf8)
        return { _, request in
            let path = request.path
            guard path.hasPrefix("/api/v2/search?q=hoot%20halcy&type=statuses&") else { return .json(Data(#"{"error": "not found"}"#.utf8), status: 404) }
            if path.contains("min_id=") { return .json(path.contains("max_id=") ? none : newer) }
            if path.contains("max_id=117020580489281910") { return .json(second) }
            if path.contains("max_id=117020580452511285") { return .json(halcy) }
            return .json(path.contains("max_id=") ? none : first)
        }
    }

    /// An account looked up by name (its recorded account), then its statuses' pages.
    private static func mastodonAccount() throws -> Handler {
        let statuses = try JSONSerialization.jsonObject(with: FetchReplay.mastodon(FetchReplay.firstPage)) as! [[String: Any]]
        let account = Data(NetworkFixture.json(statuses[0]["account"]!).utf8)
        let timeline = try FetchReplay.mastodonTimeline(at: "/api/v1/accounts/117020565966271181/statuses")
        return { base, request in
            request.path == "/api/v1/accounts/lookup?acct=mastodonpy_test" ? .json(account) : timeline(base, request)
        }
    }

    /// A recorded Bluesky page (`posts` or `feed`) split into two joined by cursor `15`, behind
    /// a server that asks for a login with the app password; once `later` is set, the first page
    /// starts with one newer post.
    private static func blueskyPages(_ recorded: Data, list: String, later: FetchReplay.Shared<Bool>) throws -> Handler {
        let items = (try JSONSerialization.jsonObject(with: recorded) as! [String: Any])[list] as! [Any]
        let post = NetworkFixture.post(rkey: "3newer", text: "newer than all", createdAt: "2030-01-02T03:04:05.000Z")
        let newer: Any
        if list == "feed" { newer = ["post": post] as [String: Any] } else { newer = post }
        let first = Data(NetworkFixture.json([list: Array(items.prefix(15)), "cursor": "15"]).utf8)
        let later15: [Any] = [newer] + Array(items.prefix(15))
        let firstLater = Data(NetworkFixture.json([list: later15, "cursor": "15"]).utf8)
        let second = Data(NetworkFixture.json([list: Array(items.dropFirst(15))]).utf8)
        return { _, request in
            if request.method == "POST", request.path == "/xrpc/com.atproto.server.createSession" {
                let login = try? JSONSerialization.jsonObject(with: request.body) as? [String: String]
                guard login == ["identifier": "alice.test", "password": blueskyPassword] else {
                    return .json(Data(#"{"error": "AuthenticationRequired"}"#.utf8), status: 401)
                }
                return .json(Data(NetworkFixture.json(["accessJwt": blueskyAccess, "refreshJwt": blueskyRefresh, "handle": "alice.test"]).utf8))
            }
            guard request.headers["authorization"] == "Bearer \(blueskyAccess)" else {
                return .json(Data(#"{"error": "AuthMissing", "message": "Authentication Required"}"#.utf8), status: 401)
            }
            return .json(request.path.contains("cursor=15") ? second : (later.value ? firstLater : first))
        }
    }
}
