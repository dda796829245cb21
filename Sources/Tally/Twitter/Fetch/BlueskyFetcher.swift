import Foundation

/// Fetches posts from a Bluesky AppView page by page (cursor paging) and imports each page as it
/// comes: a search (`app.bsky.feed.searchPosts`, newest first) or an account's feed
/// (`app.bsky.feed.getAuthorFeed`). A search fetched before stops at the first post no newer
/// than the newest it got.
public struct BlueskyFetcher: Sendable {
    /// What to fetch.
    public enum Query: Sendable, Equatable {
        case words(String)
        /// A handle or DID, without `@`.
        case author(String)

        /// `@handle` or words, as the command line gives them.
        public init(_ argument: String) {
            let trimmed = argument.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@"), trimmed.count > 1, !trimmed.contains(" ") { self = .author(String(trimmed.dropFirst())) } else { self = .words(trimmed) }
        }

        /// The query a stored search was made with.
        init?(kind: String, text: String) {
            switch kind {
            case "search": self = .words(text)
            case "author": self = .author(String(text.drop { $0 == "@" }))
            default: return nil
            }
        }

        var kind: String {
            switch self {
            case .words: "search"
            case .author: "author"
            }
        }

        var text: String {
            switch self {
            case .words(let words): words
            case .author(let actor): "@" + actor
            }
        }
    }

    /// Bluesky's public AppView, which answers without a login.
    public static let defaultServer = "https://public.api.bsky.app"

    public var server: URL
    public var query: Query
    public var limit: Int
    /// The search the posts count toward, instead of the words.
    public var term: String?
    public var client: APIClient
    public var progress: (@Sendable (String) -> Void)?
    /// A handle and app password to log in with when the server asks for one (HTTP 401 or 403);
    /// never stored or shown. The session's tokens live only in memory; an expired one is
    /// refreshed once (`com.atproto.server.refreshSession`).
    public var login: (handle: String, password: String)?
    /// Where to log in (`com.atproto.server.createSession`); the pages are then asked there too,
    /// which hands them on to the AppView.
    public var loginServer = URL(string: "https://bsky.social")!

    public init(server: URL, query: Query, limit: Int = 200, term: String? = nil, client: APIClient = APIClient()) {
        self.server = server
        self.query = query
        self.limit = limit
        self.term = term
        self.client = client
    }

    /// Fetches, importing each page in its own transaction and handing its summary to `report`
    /// once stored; returns the number of posts fetched. On an error, the pages before it stay.
    @discardableResult
    public func fetch(into store: Store, report: (ImportSummary) -> Void) throws -> Int {
        var defaultTerm: String?
        if case .words(let words) = query { defaultTerm = words }
        var search = FetchedSearch(network: "bluesky", server: server.absoluteString, kind: query.kind, query: query.text, term: term ?? defaultTerm)
        let before = try store.fetchedSearch(like: search)?.position
        search.position = before
        var cursor: String?
        var fetched = 0
        var base = server
        var session: Session?
        repeat {
            var url = try page(base, cursor: cursor, fetched: fetched)
            progress?(url.absoluteString)
            let answer: DownloadedAnswer
            do {
                answer = try client.get(url, headers: session?.headers ?? [:], namedHost: base.host)
            } catch let error as APIError where (error.status == 401 || error.status == 403) && session == nil && login != nil {
                session = try logIn()
                base = loginServer
                url = try page(base, cursor: cursor, fetched: fetched)
                progress?(url.absoluteString)
                answer = try client.get(url, headers: session?.headers ?? [:], namedHost: base.host)
            } catch let error as APIError where (error.status == 400 || error.status == 401) && session?.refreshToken != nil {
                // An access token lives minutes to hours; the PDS answers an expired one with 400
                // `ExpiredToken` (some with 401). Refreshed once, the page is asked again; a
                // second refusal is the error.
                session = try refresh(session!)
                progress?(url.absoluteString)
                answer = try client.get(url, headers: session?.headers ?? [:], namedHost: base.host)
            }
            let (times, next) = try Self.postTimes(answer.body, url: url)
            guard !times.isEmpty else { break }
            for time in times where Self.isLater(time, than: search.position) { search.position = time }
            report(try search.importPage(answer.body, from: url, into: store))
            fetched += times.count
            // The first post an earlier fetch already got ends this one: the rest are older.
            if let before, times.contains(where: { !Self.isLater($0, than: before) }) { break }
            guard let next, !next.isEmpty, next != cursor else { break }
            cursor = next
        } while fetched < limit
        if fetched == 0 { try store.recordFetchedSearch(search) }
        return fetched
    }

    /// A logged-in session: the access token sent with each page, and the token that renews it.
    private struct Session {
        var accessToken: String
        var refreshToken: String?
        var headers: [String: String] { ["Authorization": "Bearer " + accessToken] }
    }

    /// A session made with the app password (`com.atproto.server.createSession`).
    private func logIn() throws -> Session {
        guard let login else { throw APIError(url: "", reason: "no login") }
        let url = try APIEndpoint.url(loginServer, "/xrpc/com.atproto.server.createSession", [])
        progress?(url.absoluteString)
        let body = try JSONSerialization.data(withJSONObject: ["identifier": login.handle, "password": login.password])
        do {
            return try Self.session(try client.post(url, json: body, namedHost: loginServer.host).body, url: url)
        } catch var error as APIError where error.status == 401 || error.status == 400 {
            error.reason = "the login as \(login.handle) was refused (\(error.reason)); check TALLY_BLUESKY_HANDLE and TALLY_BLUESKY_APP_PASSWORD"
            throw error
        }
    }

    /// A new session for an expired one (`com.atproto.server.refreshSession`, authorised by the
    /// refresh token, with no body).
    private func refresh(_ expired: Session) throws -> Session {
        let url = try APIEndpoint.url(loginServer, "/xrpc/com.atproto.server.refreshSession", [])
        progress?(url.absoluteString)
        let headers = ["Authorization": "Bearer " + (expired.refreshToken ?? "")]
        do {
            return try Self.session(try client.post(url, json: Data(), headers: headers, namedHost: loginServer.host).body, url: url)
        } catch var error as APIError where error.status == 401 || error.status == 400 {
            error.reason = "the expired session could not be refreshed (\(error.reason)); run the fetch again to log in anew"
            throw error
        }
    }

    /// The tokens of a session answer `{accessJwt, refreshJwt, …}`.
    private static func session(_ body: Data, url: URL) throws -> Session {
        let parser = JSONParser()
        let root = try? parser.parse([UInt8](body))
        return try withExtendedLifetime(parser) {
            guard let access = root?["accessJwt"]?.string, !access.isEmpty else {
                throw APIError(url: url.absoluteString, reason: "expected a session {accessJwt, …}; found no accessJwt")
            }
            return Session(accessToken: access, refreshToken: root?["refreshJwt"]?.string.flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    private func page(_ server: URL, cursor: String?, fetched: Int) throws -> URL {
        var parameters: [(String, String)]
        let path: String
        switch query {
        case .words(let words):
            path = "/xrpc/app.bsky.feed.searchPosts"
            parameters = [("q", words), ("sort", "latest")]
        case .author(let actor):
            path = "/xrpc/app.bsky.feed.getAuthorFeed"
            parameters = [("actor", actor)]
        }
        parameters.append(("limit", String(max(1, min(100, limit - fetched)))))
        if let cursor { parameters.append(("cursor", cursor)) }
        return try APIEndpoint.url(server, path, parameters)
    }

    /// When each post of a page was indexed (a repost: when it was reposted), and the next cursor.
    static func postTimes(_ body: Data, url: URL) throws -> (times: [String], cursor: String?) {
        // A parsed value lives only as long as its parser.
        let parser = JSONParser()
        return try withExtendedLifetime(parser) { try postTimes(parser.parse, body, url: url) }
    }

    private static func postTimes(_ parse: ([UInt8]) throws -> JSONValue, _ body: Data, url: URL) throws -> (times: [String], cursor: String?) {
        guard let root = try? parse([UInt8](body)), root.kind == .object else {
            throw APIError(url: url.absoluteString, reason: "the answer is not a JSON object; expected Bluesky posts {posts|feed, cursor}")
        }
        let items: [JSONValue]
        if let posts = root["posts"], posts.kind == .array {
            items = posts.arrayItems
        } else if let feed = root["feed"], feed.kind == .array {
            items = feed.arrayItems.map { item in item["reason"]?["indexedAt"] != nil ? item["reason"]! : (item["post"] ?? item) }
        } else {
            throw APIError(url: url.absoluteString, reason: "expected Bluesky posts {posts: […], cursor} or a feed {feed: […], cursor}; found keys \(root.keyList)")
        }
        let times = try items.enumerated().map { index, item in
            guard let time = (item["indexedAt"] ?? item["record"]?["createdAt"])?.string, Self.date(time) != nil else {
                throw APIError(url: url.absoluteString, reason: "post \(index): expected its indexedAt, a date like 2024-11-30T16:20:25.023Z")
            }
            return time
        }
        return (times, root["cursor"]?.string)
    }

    /// Whether `time` is later than `other` (both ISO 8601, whatever their precision).
    static func isLater(_ time: String, than other: String?) -> Bool {
        guard let other else { return true }
        guard let a = date(time), let b = date(other) else { return time > other }
        return a > b
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
