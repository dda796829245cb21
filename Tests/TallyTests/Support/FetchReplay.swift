import Foundation
@testable import Tally

/// The recorded Mastodon and Bluesky answers of the shared fixtures, served again by a
/// `ScriptedHTTPServer` as the real servers paged them, and what tests of fetches share.
enum FetchReplay {
    static func mastodon(_ name: String) throws -> Data {
        try Data(contentsOf: NetworkFixture.shared("mastodon_api", name))
    }

    static func bluesky(_ name: String) throws -> Data {
        try Data(contentsOf: NetworkFixture.shared("bluesky_api", name))
    }

    static func twitter(_ name: String) throws -> Data {
        try Data(contentsOf: NetworkFixture.shared("twitter_v2_search", name))
    }

    static func flickr(_ name: String) throws -> Data {
        try Data(contentsOf: NetworkFixture.shared("flickr", name))
    }

    /// The X API bearer token the Twitter stand-in asks for.
    static let twitterToken = "X-BEARER-SECRET-93c1d7"
    /// The newest tweet of the three search pages (twitwi's), which a search fetched again asks after.
    static let newestTweet = "1383055313276964865"
    static let firstTweetPage = "twitwi__payload-v2.json"
    static let xDevelopers = "2244994945"

    /// The X API v2 as recorded: a recent search over three pages joined by `next_token`
    /// (twitwi's page, python-twitter's NYC page, python-twitter's replies), and, asked
    /// `since_id` of the newest, twitwi's six newer tweets; @XDevelopers's tweets over two pages
    /// (python-twitter's quote tweets, tweepy's search) joined by `pagination_token`. Without the
    /// bearer token it answers 401 as the API does.
    static func twitterAPI() throws -> @Sendable (String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer {
        let first = try twitter(firstTweetPage), nyc = try twitter("search_tweets_for_nyc.json"), replies = try twitter("search_tweets_query.json")
        let newer = try twitter("twitwi__payload-v2-tweet-retweet.json")
        let quotes = try twitter("tweet_quote_tweets_resp.json")
        let tweepy = try twitter("tweepy__test_client_search_recent_tweets__00_2_tweets_search_recent_query_Tweepy.body.json")
        let none = Data("{\"meta\":{\"result_count\":0}}".utf8)
        return { _, request in
            guard request.headers["authorization"] == "Bearer \(twitterToken)" else {
                return .json(Data("{\"title\":\"Unauthorized\",\"type\":\"about:blank\",\"status\":401,\"detail\":\"Unauthorized\"}".utf8), status: 401)
            }
            let path = request.path
            if path.hasPrefix("/2/tweets/search/recent?") {
                if path.contains("since_id=\(newestTweet)") { return .json(newer) }
                if path.contains("since_id=") { return .json(none) }
                if path.contains("next_token=b26v89c19zqg8o3fosts1md1wmmwtk662avly1ptlc2v1") { return .json(nyc) }
                if path.contains("next_token=b26v89c19zqg8o3fo7gesq314zlbjb2xlwutmy72r47lp") { return .json(replies) }
                return .json(first)
            }
            if path == "/2/users/by/username/XDevelopers" {
                return .json(Data("{\"data\":{\"id\":\"\(xDevelopers)\",\"name\":\"Developers\",\"username\":\"XDevelopers\"}}".utf8))
            }
            if path.hasPrefix("/2/users/by/username/") {
                return .json(Data("{\"errors\":[{\"value\":\"nobody\",\"detail\":\"Could not find user with username: [nobody].\",\"title\":\"Not Found Error\"}]}".utf8))
            }
            if path.hasPrefix("/2/users/\(xDevelopers)/tweets?") {
                if path.contains("since_id=") { return .json(none) }
                if path.contains("pagination_token=at3vehuk2txh") { return .json(tweepy) }
                if path.contains("pagination_token=") { return .json(none) }
                return .json(quotes)
            }
            return .json(Data("{\"title\":\"Not Found Error\"}".utf8), status: 404)
        }
    }

    static let flickrKey = "FLICKR-KEY-5e0b44a1"
    /// England's place id, the first of the top places.
    static let england = "2eIY2QFTVr_DwWZNLg"

    /// The newest `dateupload` of the three photo pages (Jinx's recent photos).
    static let newestUpload: Int64 = 1_401_208_866

    /// Flickr's REST endpoint at `/services/rest` as Jinx recorded it: the top places, and a
    /// place's photos over pages 1, 2 and 3 (five photos each: with geo data, a search, the
    /// recent photos). Asked `min_upload_date` just after the newest of those, it answers
    /// flickrie's hundred recent photos on page 1 and nothing after. A wrong key answers
    /// Flickr's `{stat: "fail", code: 100}`.
    static func flickrAPI() throws -> @Sendable (String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer {
        let places = try flickr("sample_get_top_places_list.json")
        let pages = [try flickr("sample_with_geo_data.json"), try flickr("sample_search.json"), try flickr("sample_get_recent.json")]
        let newer = try flickr("flickrie_photos_getRecent.json")
        let none = Data("{\"photos\":{\"page\":2,\"pages\":1,\"perpage\":100,\"total\":0,\"photo\":[]},\"stat\":\"ok\"}".utf8)
        return { _, request in
            let path = request.path
            guard path.hasPrefix("/services/rest?"), path.contains("format=json"), path.contains("nojsoncallback=1") else {
                return .json(Data("<html>not here</html>".utf8), status: 404)
            }
            guard path.contains("api_key=\(flickrKey)") else {
                return .json(Data("{\"stat\":\"fail\",\"code\":100,\"message\":\"Invalid API Key (Key has invalid format)\"}".utf8))
            }
            if path.contains("method=flickr.places.getTopPlacesList") { return .json(places) }
            if path.contains("method=flickr.photos.search") {
                if path.contains("&min_upload_date=\(newestUpload + 1)&") { return .json(path.contains("&page=1&") ? newer : none) }
                if path.contains("&min_upload_date=") { return .json(none) }
                for page in 1...3 where path.contains("&page=\(page)&") { return .json(pages[page - 1]) }
                return .json(Data("{\"photos\":{\"page\":4,\"pages\":4,\"perpage\":5,\"total\":15,\"photo\":[]},\"stat\":\"ok\"}".utf8))
            }
            return .json(Data("{\"stat\":\"fail\",\"code\":112,\"message\":\"Method not found\"}".utf8))
        }
    }

    /// Mastodon.py's two pages of five statuses (`test_fetch_next_previous`, ids falling) and
    /// its tag timeline's one newer status (`test_hashtag_tl`).
    static let firstPage = "mastodonpy__test_fetch_next_previous__11_api_v1_accounts_117020565966271181_statuses_limit_5.body.json"
    static let secondPage = "mastodonpy__test_fetch_next_previous__12_api_v1_accounts_117020565966271181_statuses_limit_5_max_id_117020580489281910.body.json"
    static let newer = "mastodonpy__test_hashtag_tl__02_api_v1_timelines_tag_hoot.body.json"
    static let newestOfFirst = "117020580518794573"
    static let blueskySearch = "bskyr__f_search__00_xrpc_app.bsky.feed.searchPosts_q_redistricting.body.json"

    /// A tag timeline for `#hoot` paged through `Link` headers as the cassette recorded them:
    /// the first page links to the second by `max_id`, the second to an empty third. Asked
    /// `since_id` of the first page's newest, it answers only the newer status.
    static func mastodonTagTimeline() throws -> @Sendable (String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer {
        try mastodonTimeline(at: "/api/v1/timelines/tag/hoot")
    }

    /// The same two pages, and the one newer status, as any timeline at `path` (the public
    /// timeline, an account's statuses).
    static func mastodonTimeline(at path: String) throws -> @Sendable (String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer {
        let first = try mastodon(firstPage), second = try mastodon(secondPage), newer = try mastodon(newer)
        return { base, request in
            guard request.path.hasPrefix(path + "?") else { return .json(Data("{\"error\":\"not found\"}".utf8), status: 404) }
            if request.path.contains("since_id=\(newestOfFirst)") {
                return .json(request.path.contains("max_id") ? Data("[]".utf8) : newer)
            }
            if request.path.contains("since_id=") { return .json(Data("[]".utf8)) }
            if request.path.contains("max_id=117020580452511285") { return .json(Data("[]".utf8)) }
            if request.path.contains("max_id=117020580489281910") {
                return .json(second, headers: ["Link": "<\(base)\(path)?limit=5&max_id=117020580452511285>; rel=\"next\", <\(base)\(path)?limit=5&min_id=117020580481736214>; rel=\"prev\""])
            }
            return .json(first, headers: ["Link": "<\(base)\(path)?limit=5&max_id=117020580489281910>; rel=\"next\", <\(base)\(path)?limit=5&min_id=\(newestOfFirst)>; rel=\"prev\""])
        }
    }

    /// A client that never sleeps: it counts the waits asked of it.
    static func client(timeout: TimeInterval = 5, maximumBytes: Int = 16 << 20, waits: WaitLog = WaitLog()) -> APIClient {
        APIClient(timeout: timeout, maximumBytes: maximumBytes, wait: { waits.record($0) }, notice: { waits.note($0) })
    }

    /// The waits and notices a client was asked for.
    final class WaitLog: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [TimeInterval] = []
        private var noted: [String] = []
        func record(_ seconds: TimeInterval) { lock.withLock { recorded.append(seconds) } }
        func note(_ line: String) { lock.withLock { noted.append(line) } }
        var waits: [TimeInterval] { lock.withLock { recorded } }
        var notices: [String] { lock.withLock { noted } }
    }

    /// A value a server's handler reads and a test sets (the server's own address, a phase).
    final class Shared<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// A server answering with `handler`, which may read the server's own base URL.
    static func server(_ handler: @escaping @Sendable (_ base: String, ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Answer) throws -> ScriptedHTTPServer {
        let base = Shared("")
        let server = try ScriptedHTTPServer { handler(base.value, $0) }
        base.value = server.base
        return server
    }
}
