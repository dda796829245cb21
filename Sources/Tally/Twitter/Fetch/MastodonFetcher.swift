import Foundation

/// Fetches statuses from a Mastodon server page by page and imports each page as it comes: a tag
/// timeline, a full-text search, the public timeline or an account's statuses. A search fetched
/// before asks only for statuses newer than the newest it got (`since_id`, `min_id`).
public struct MastodonFetcher: Sendable {
    /// What to fetch.
    public enum Query: Sendable, Equatable {
        /// `/api/v1/timelines/tag/:tag` (the tag without `#`).
        case tag(String)
        /// `/api/v2/search?type=statuses`.
        case words(String)
        /// `/api/v1/timelines/public`.
        case publicTimeline
        /// `/api/v1/accounts/:id/statuses` for `user` or `user@host`.
        case account(String)

        /// `#tag`, `@user@host` or words, as the command line gives them.
        public init(_ argument: String) {
            let trimmed = argument.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#"), trimmed.count > 1, !trimmed.contains(" ") {
                self = .tag(String(trimmed.dropFirst()))
            } else if trimmed.hasPrefix("@"), trimmed.count > 1, !trimmed.contains(" ") {
                self = .account(String(trimmed.dropFirst()))
            } else {
                self = .words(trimmed)
            }
        }

        var kind: String {
            switch self {
            case .tag: "tag"
            case .words: "search"
            case .publicTimeline: "public"
            case .account: "account"
            }
        }

        var text: String {
            switch self {
            case .tag(let tag): "#" + tag
            case .words(let words): words
            case .publicTimeline: ""
            case .account(let name): "@" + name
            }
        }

        /// The query a stored search was made with.
        init?(kind: String, text: String) {
            switch kind {
            case "tag": self = .tag(String(text.drop { $0 == "#" }))
            case "search": self = .words(text)
            case "public": self = .publicTimeline
            case "account": self = .account(String(text.drop { $0 == "@" }))
            default: return nil
            }
        }
    }

    public var server: URL
    public var query: Query
    /// At most this many statuses in all.
    public var limit: Int
    /// An access token, sent as `Authorization: Bearer`; never stored or shown.
    public var token: String?
    /// The search the statuses count toward, instead of the tag or the words.
    public var term: String?
    public var client: APIClient
    /// Told each page's URL before it is asked for.
    public var progress: (@Sendable (String) -> Void)?

    public init(server: URL, query: Query, limit: Int = 200, token: String? = nil, term: String? = nil, client: APIClient = APIClient()) {
        self.server = server
        self.query = query
        self.limit = limit
        self.token = token
        self.term = term
        self.client = client
    }

    /// The server for `@user@host` when none is named: the account's own.
    public static func accountHost(_ query: Query) -> String? {
        guard case .account(let name) = query else { return nil }
        let parts = name.split(separator: "@")
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// Fetches, importing each page in its own transaction and handing its summary to `report`
    /// once stored; returns the number of statuses fetched. On an error, the pages before it stay.
    @discardableResult
    public func fetch(into store: Store, report: (ImportSummary) -> Void) throws -> Int {
        var search = FetchedSearch(network: "mastodon", server: server.absoluteString, kind: query.kind, query: query.text, term: term ?? defaultTerm)
        let before = try store.fetchedSearch(like: search)?.position
        search.position = before
        let headers = token.map { ["Authorization": "Bearer " + $0] } ?? [:]
        var next: URL? = try firstPage(since: before, headers: headers)
        var fetched = 0
        while let url = next, fetched < limit {
            progress?(url.absoluteString)
            let answer = try client.get(url, headers: headers, namedHost: server.host)
            let ids = try Self.statusIDs(answer.body, url: url, search: query.kind == "search")
            guard !ids.isEmpty else { break }
            for id in ids where Self.isNewer(id, than: search.position) { search.position = id }
            report(try search.importPage(answer.body, from: url, into: store, timeline: query == .publicTimeline ? "Mastodon public timeline" : nil))
            fetched += ids.count
            // A server that ignores `since_id` still stops at what an earlier fetch got.
            if let before, ids.contains(where: { !Self.isNewer($0, than: before) }) { break }
            next = try nextPage(after: url, answer: answer, oldest: ids.min(by: { Self.isNewer($1, than: $0) })!, since: before, fetched: fetched)
        }
        if fetched == 0 { try store.recordFetchedSearch(search) }
        return fetched
    }

    private var defaultTerm: String? {
        switch query {
        case .tag(let tag): "#" + tag
        case .words(let words): words
        case .publicTimeline, .account: nil
        }
    }

    private func pageSize(_ fetched: Int) -> String { String(max(1, min(40, limit - fetched))) }

    private func firstPage(since: String?, headers: [String: String]) throws -> URL {
        var parameters = [("limit", pageSize(0))]
        let path: String
        switch query {
        case .tag(let tag):
            path = "/api/v1/timelines/tag/" + (tag.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tag)
        case .publicTimeline:
            path = "/api/v1/timelines/public"
        case .words(let words):
            path = "/api/v2/search"
            parameters = [("q", words), ("type", "statuses"), ("resolve", "false")] + parameters
        case .account(let name):
            let lookup = try APIEndpoint.url(server, "/api/v1/accounts/lookup", [("acct", name)])
            progress?(lookup.absoluteString)
            let answer = try client.get(lookup, headers: headers, namedHost: server.host)
            // A parsed value lives only as long as its parser.
            let parser = JSONParser()
            let account = try? parser.parse([UInt8](answer.body))
            guard let id = withExtendedLifetime(parser, { account?["id"]?.string }), !id.isEmpty,
                  id.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw APIError(url: lookup.absoluteString, reason: "expected an account {id, acct, …}; found no account id")
            }
            path = "/api/v1/accounts/\(id)/statuses"
        }
        if let since { parameters.append((query.kind == "search" ? "min_id" : "since_id", since)) }
        return try APIEndpoint.url(server, path, parameters)
    }

    /// The `Link` header's next page; a search, which has none, pages by `max_id`. The position
    /// of an earlier fetch is kept on each page, since a server's links may leave it out.
    private func nextPage(after url: URL, answer: DownloadedAnswer, oldest: String, since: String?, fetched: Int) throws -> URL? {
        let base = query.kind == "search" ? url : answer.nextLink(from: url)
        guard let base, var parts = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        // A link is followed like a redirect would be: only on the server asked, so an answer
        // cannot send Tally to another host (one on a private network, say).
        guard parts.scheme?.lowercased() == server.scheme?.lowercased(), parts.host?.lowercased() == server.host?.lowercased(),
              parts.port == server.port else {
            throw APIError(url: url.absoluteString, reason: "the next page's link leads to \(base.absoluteString), not to \(server.absoluteString); not followed")
        }
        var items = parts.queryItems ?? []
        if query.kind == "search" {
            items.removeAll { $0.name == "max_id" || $0.name == "offset" }
            items.append(URLQueryItem(name: "max_id", value: oldest))
        } else if let since, !items.contains(where: { $0.name == "since_id" || $0.name == "min_id" }) {
            items.append(URLQueryItem(name: "since_id", value: since))
        }
        items.removeAll { $0.name == "limit" }
        items.append(URLQueryItem(name: "limit", value: pageSize(fetched)))
        parts.queryItems = items
        parts.percentEncodedQuery = parts.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return parts.url
    }

    /// The ids of a page's statuses: a list, or a search's `statuses`.
    static func statusIDs(_ body: Data, url: URL, search: Bool) throws -> [String] {
        let parser = JSONParser()
        return try withExtendedLifetime(parser) { try statusIDs(parser.parse, body, url: url, search: search) }
    }

    private static func statusIDs(_ parse: ([UInt8]) throws -> JSONValue, _ body: Data, url: URL, search: Bool) throws -> [String] {
        guard let root = try? parse([UInt8](body)) else {
            throw APIError(url: url.absoluteString, reason: "the answer is not JSON; expected Mastodon statuses")
        }
        let list = search ? root["statuses"] : root
        guard let list, list.kind == .array else {
            throw APIError(url: url.absoluteString, reason: search ? "expected a search {accounts, statuses, hashtags}" : "expected a list of statuses [{id, …}]")
        }
        return try list.arrayItems.enumerated().map { index, item in
            guard let id = item["id"]?.string, !id.isEmpty else {
                throw APIError(url: url.absoluteString, reason: "$\(search ? ".statuses" : "")[\(index)].id: expected a status id")
            }
            return id
        }
    }

    /// Whether status id `id` is newer than `other`: Mastodon's ids are numbers in text, longer
    /// is larger.
    static func isNewer(_ id: String, than other: String?) -> Bool {
        guard let other else { return true }
        return id.count != other.count ? id.count > other.count : id > other
    }
}
