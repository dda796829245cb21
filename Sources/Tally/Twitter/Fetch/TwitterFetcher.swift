import Foundation

/// Fetches tweets from the X API v2 page by page (`next_token` paging) and imports each page as it
/// comes: a recent search (`/2/tweets/search/recent`) or a user's tweets (`/2/users/:id/tweets`,
/// the id looked up by username). Each page is stored with a `__twarc` record as twarc writes it
/// (`url`, `version`, `retrieved_at`), so the search's query and time are read as from twarc's
/// files. A search fetched before asks only for tweets newer than the newest it got (`since_id`).
public struct TwitterFetcher: Sendable {
    /// What to fetch.
    public enum Query: Sendable, Equatable {
        /// A search query, in the API's own syntax (`#swift lang:en`).
        case words(String)
        /// A username, without `@`.
        case user(String)

        /// `@user` or a query, as the command line gives them.
        public init(_ argument: String) {
            let trimmed = argument.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("@"), trimmed.count > 1, !trimmed.contains(" ") { self = .user(String(trimmed.dropFirst())) } else { self = .words(trimmed) }
        }

        /// The query a stored search was made with.
        init?(kind: String, text: String) {
            switch kind {
            case "search": self = .words(text)
            case "user": self = .user(String(text.drop { $0 == "@" }))
            default: return nil
            }
        }

        var kind: String {
            switch self {
            case .words: "search"
            case .user: "user"
            }
        }

        var text: String {
            switch self {
            case .words(let words): words
            case .user(let name): "@" + name
            }
        }
    }

    /// The X API's address.
    public static let defaultServer = "https://api.x.com"
    /// Where the bearer token comes from; it is never stored or shown.
    public static let tokenVariable = "TALLY_TWITTER_BEARER_TOKEN"

    /// The expansions and fields `TwitterV2Reader` reads: authors, media, and the tweets a tweet
    /// retweets or quotes with their authors.
    static let fields: [(String, String)] = [
        ("expansions", "author_id,referenced_tweets.id,referenced_tweets.id.author_id,attachments.media_keys"),
        ("tweet.fields", "attachments,author_id,created_at,entities,id,lang,referenced_tweets,text"),
        ("user.fields", "description,entities,id,location,name,profile_image_url,url,username"),
        ("media.fields", "alt_text,height,media_key,preview_image_url,type,url,variants,width"),
    ]

    public var server: URL
    public var query: Query
    /// At most this many tweets in all.
    public var limit: Int
    /// The app's bearer token, sent as `Authorization: Bearer`.
    public var token: String
    /// The search the tweets count toward, instead of the query.
    public var term: String?
    public var client: APIClient
    /// Told each request's URL before it is asked.
    public var progress: (@Sendable (String) -> Void)?
    /// The time written as each page's `retrieved_at`.
    public var now: @Sendable () -> Date = { Date() }

    public init(server: URL, query: Query, limit: Int = 200, token: String, term: String? = nil, client: APIClient = APIClient()) {
        self.server = server
        self.query = query
        self.limit = limit
        self.token = token
        self.term = term
        self.client = client
    }

    /// The error for a missing bearer token: what to set.
    public static var missingToken: APIError {
        APIError(url: "", reason: "\(tokenVariable) is not set: set it to your X API app's bearer token (developer.x.com, Keys and tokens)")
    }

    /// Fetches, importing each page in its own transaction and handing its summary to `report`
    /// once stored; returns the number of tweets fetched. On an error, the pages before it stay.
    @discardableResult
    public func fetch(into store: Store, report: (ImportSummary) -> Void) throws -> Int {
        var defaultTerm: String?
        if case .words(let words) = query { defaultTerm = words }
        var search = FetchedSearch(network: "twitter", server: server.absoluteString, kind: query.kind, query: query.text, term: term ?? defaultTerm)
        let before = try store.fetchedSearch(like: search)?.position
        search.position = before
        let headers = ["Authorization": "Bearer " + token]
        let path = try timelinePath(headers: headers)
        var nextToken: String?
        var fetched = 0
        repeat {
            let url = try page(path, since: before, next: nextToken, fetched: fetched)
            progress?(url.absoluteString)
            let answer = try ask(url, headers: headers)
            let (ids, next) = try Self.tweetIDs(answer.body, url: url)
            guard !ids.isEmpty else { break }
            for id in ids where MastodonFetcher.isNewer(id, than: search.position) { search.position = id }
            let recorded = try Self.recording(answer.body, url: url, at: now())
            report(try search.importPage(recorded, from: url, into: store, timeline: query.kind == "user" ? query.text : nil))
            fetched += ids.count
            guard let next, !next.isEmpty, next != nextToken else { break }
            nextToken = next
        } while fetched < limit
        if fetched == 0 { try store.recordFetchedSearch(search) }
        return fetched
    }

    /// A request whose refusal for want of a valid token says which variable to check.
    private func ask(_ url: URL, headers: [String: String]) throws -> DownloadedAnswer {
        do {
            return try client.get(url, headers: headers, namedHost: server.host)
        } catch var error as APIError where error.status == 401 || error.status == 403 {
            error.reason += "; check \(Self.tokenVariable)"
            throw error
        }
    }

    /// The path the pages are asked at: the search, or the user's tweets once their id is known.
    private func timelinePath(headers: [String: String]) throws -> String {
        guard case .user(let name) = query else { return "/2/tweets/search/recent" }
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        let lookup = try APIEndpoint.url(server, "/2/users/by/username/" + encoded, [])
        progress?(lookup.absoluteString)
        let answer = try ask(lookup, headers: headers)
        // A parsed value lives only as long as its parser.
        let parser = JSONParser()
        let root = try? parser.parse([UInt8](answer.body))
        return try withExtendedLifetime(parser) {
            guard let id = root?["data"]?["id"]?.string, !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                let detail = root?["errors"]?.firstElement?["detail"]?.string
                throw APIError(url: lookup.absoluteString, reason: detail.map { "the server answered: \($0)" } ?? "expected a user {data: {id, username}}; found no user id")
            }
            return "/2/users/\(id)/tweets"
        }
    }

    private func page(_ path: String, since: String?, next: String?, fetched: Int) throws -> URL {
        var parameters: [(String, String)] = []
        if case .words(let words) = query { parameters.append(("query", words)) }
        // The search asks 10 to 100 a page, a user's tweets 5 to 100.
        parameters.append(("max_results", String(max(10, min(100, limit - fetched)))))
        parameters += Self.fields
        if let since { parameters.append(("since_id", since)) }
        if let next { parameters.append((query.kind == "user" ? "pagination_token" : "next_token", next)) }
        return try APIEndpoint.url(server, path, parameters)
    }

    /// The ids of a page's tweets (`data`, absent when none matched) and its `meta.next_token`.
    static func tweetIDs(_ body: Data, url: URL) throws -> (ids: [String], next: String?) {
        let parser = JSONParser()
        return try withExtendedLifetime(parser) { try tweetIDs(parser.parse, body, url: url) }
    }

    private static func tweetIDs(_ parse: ([UInt8]) throws -> JSONValue, _ body: Data, url: URL) throws -> (ids: [String], next: String?) {
        guard let root = try? parse([UInt8](body)), root.kind == .object else {
            throw APIError(url: url.absoluteString, reason: "the answer is not a JSON object; expected an X API v2 page {data, includes, meta}")
        }
        guard let data = root["data"] else {
            if root["meta"] != nil { return ([], nil) }
            let detail = root["errors"]?.firstElement.flatMap { $0["detail"]?.string ?? $0["message"]?.string } ?? root["detail"]?.string
            throw APIError(url: url.absoluteString, reason: detail.map { "the server answered: \($0)" } ?? "expected an X API v2 page {data, includes, meta}; found keys \(root.keyList)")
        }
        guard data.kind == .array else { throw APIError(url: url.absoluteString, reason: "$.data: expected a list of tweets [{id, text, …}]") }
        let ids = try data.arrayItems.enumerated().map { index, item in
            guard let id = item["id"]?.string, !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw APIError(url: url.absoluteString, reason: "$.data[\(index)].id: expected a tweet id")
            }
            return id
        }
        return (ids, root["meta"]?["next_token"]?.string)
    }

    /// The page with twarc's `__twarc` record first in it: the request's URL (no key is in it),
    /// Tally's version and when the page was retrieved.
    static func recording(_ body: Data, url: URL, at time: Date) throws -> Data {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let stamp = formatter.string(from: time).replacingOccurrences(of: "Z", with: "+00:00")
        let record = try JSONSerialization.data(withJSONObject: ["__twarc": ["url": url.absoluteString, "version": "tally " + TallyVersion.current,
                                                                              "retrieved_at": stamp]],
                                                options: [.sortedKeys, .withoutEscapingSlashes])
        let bytes = [UInt8](body)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let open = bytes.firstIndex(where: { !isSpace($0) }), bytes[open] == UInt8(ascii: "{") else {
            throw APIError(url: url.absoluteString, reason: "the answer is not a JSON object; expected an X API v2 page {data, includes, meta}")
        }
        let rest = bytes[(open + 1)...]
        let isEmpty = rest.first(where: { !isSpace($0) }) == UInt8(ascii: "}")
        // `{"__twarc":{…}` then the page's own members after a comma.
        return Data(record.dropLast()) + Data(isEmpty ? [] : [UInt8(ascii: ",")]) + Data(rest)
    }
}
