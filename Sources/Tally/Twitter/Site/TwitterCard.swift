/// Twitter's card on the home page: totals and the newest searches.
public struct TwitterCard: Encodable, Sendable {
    /// How many searches the card lists.
    static let recentLimit = 10

    public var tweetCount: Int
    public var userCount: Int
    public var termCount: Int
    public var mentionCount: Int
    public var recentSearches: [SearchRow]
    public var hasSearches: Bool
    public var searchesHref: String
    public var tweetsHref: String
    public var peopleHref: String

    init(totals: StoreTotals, recent: [SearchTerm]) {
        tweetCount = totals.tweets
        userCount = totals.users
        termCount = totals.terms
        mentionCount = totals.mentions
        recentSearches = recent.map { SearchRow($0, from: Routes.home) }
        hasSearches = !recent.isEmpty
        searchesHref = Routes.relative(from: Routes.home, to: Routes.searches)
        tweetsHref = Routes.relative(from: Routes.home, to: Routes.allTweets())
        peopleHref = Routes.relative(from: Routes.home, to: Routes.people)
    }
}
