import Foundation

/// `tally fetch --again`: fetches every search fetched before once more, each from where it
/// stopped, so only what is new is added.
public struct FetchAgain: Sendable {
    public var client: APIClient
    /// At most this many posts per search.
    public var limit: Int
    /// The Mastodon access token, from the environment; never stored.
    public var mastodonToken: String?
    /// The Bluesky handle and app password, from the environment, for a server that asks for a
    /// login (at the search's own server when it is not the public AppView).
    public var blueskyLogin: (handle: String, password: String)?
    /// The X API bearer token, from the environment; a Twitter search fails without it.
    public var twitterToken: String?
    public var progress: (@Sendable (String) -> Void)?

    public init(client: APIClient = APIClient(), limit: Int = 200, mastodonToken: String? = nil) {
        self.client = client
        self.limit = limit
        self.mastodonToken = mastodonToken
    }

    /// Fetches each stored search in turn; one that fails is handed to `failed` and the rest
    /// still run. Returns how many searches were fetched again.
    @discardableResult
    public func run(into store: Store, report: (ImportSummary) -> Void, failed: (FetchedSearch, Error) -> Void) throws -> Int {
        let searches = try store.fetchedSearches()
        for search in searches {
            do {
                guard let server = URL(string: search.server) else { throw APIError(url: search.server, reason: "not a URL to fetch from") }
                switch search.network {
                case "mastodon":
                    guard let query = MastodonFetcher.Query(kind: search.kind, text: search.query) else { continue }
                    var fetcher = MastodonFetcher(server: server, query: query, limit: limit, token: mastodonToken, term: search.term, client: client)
                    fetcher.progress = progress
                    try fetcher.fetch(into: store, report: report)
                case "bluesky":
                    guard let query = BlueskyFetcher.Query(kind: search.kind, text: search.query) else { continue }
                    var fetcher = BlueskyFetcher(server: server, query: query, limit: limit, term: search.term, client: client)
                    fetcher.progress = progress
                    fetcher.login = blueskyLogin
                    if search.server != BlueskyFetcher.defaultServer { fetcher.loginServer = server }
                    try fetcher.fetch(into: store, report: report)
                case "twitter":
                    guard let query = TwitterFetcher.Query(kind: search.kind, text: search.query) else { continue }
                    guard let token = twitterToken, !token.isEmpty else { throw TwitterFetcher.missingToken }
                    var fetcher = TwitterFetcher(server: server, query: query, limit: limit, token: token, term: search.term, client: client)
                    fetcher.progress = progress
                    try fetcher.fetch(into: store, report: report)
                default:
                    continue
                }
            } catch {
                failed(search, error)
            }
        }
        return searches.count
    }
}
