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
        let first = try mastodon(firstPage), second = try mastodon(secondPage), newer = try mastodon(newer)
        return { base, request in
            guard request.path.hasPrefix("/api/v1/timelines/tag/hoot") else { return .json(Data("{\"error\":\"not found\"}".utf8), status: 404) }
            let path = "/api/v1/timelines/tag/hoot"
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
