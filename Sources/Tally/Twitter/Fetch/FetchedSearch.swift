/// A search `tally fetch` ran against a server, and how far it got: what the next fetch of the
/// same search starts from. Holds no key or token.
public struct FetchedSearch: Sendable, Equatable {
    /// `mastodon`, `bluesky` or `twitter`.
    public var network: String
    /// The server's base URL, as fetched (`https://mastodon.social`).
    public var server: String
    /// What was asked: `tag`, `search`, `public` or `account` (Mastodon), `search` or `author`
    /// (Bluesky), `search` or `user` (Twitter).
    public var kind: String
    /// The tag, words or account, as the user wrote them (empty for the public timeline).
    public var query: String
    /// The search the posts counted toward (`--term`, the tag or the words), if any.
    public var term: String?
    /// The newest post fetched so far: a status id (Mastodon), a post's `indexedAt` (Bluesky) or
    /// a tweet id (Twitter).
    public var position: String?

    public init(network: String, server: String, kind: String, query: String, term: String?, position: String? = nil) {
        self.network = network
        self.server = server
        self.kind = kind
        self.query = query
        self.term = term
        self.position = position
    }
}
