/// One search in the history, as the home and searches pages list it: a term on one network.
public struct SearchRow: Encodable, Sendable, Equatable {
    public var term: String
    /// Its network's badge (`Mastodon`), as post cards show it.
    public var badge: HTMLFragment
    public var popularityHref: String
    public var tweetsHref: String
    public var tweetCount: Int
    /// When it was last searched, as `2013-12-20 16:52` (UTC) and ISO 8601.
    public var searchedAt: String
    public var searchedAtISO: String

    init(_ term: SearchTerm, from page: String) {
        self.term = term.text
        badge = term.network.badge
        popularityHref = Routes.relative(from: page, to: Routes.popularity(term))
        tweetsHref = Routes.relative(from: page, to: Routes.termTweets(term))
        tweetCount = term.tweetCount
        searchedAt = UTCTime.format(term.searchedAt)
        searchedAtISO = UTCTime.iso(term.searchedAt)
    }
}
