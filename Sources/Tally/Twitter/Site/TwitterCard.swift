/// The posts' card on the home page: totals (with each network's posts) and the newest searches.
public struct TwitterCard: Encodable, Sendable {
    /// How many searches the card lists.
    static let recentLimit = 10

    public var tweetCount: Int
    /// Each network's posts, in the networks' order, for those with any.
    public var networks: [NetworkCount]
    public var hasNetworks: Bool
    public var userCount: Int
    public var termCount: Int
    public var mentionCount: Int
    public var recentSearches: [SearchRow]
    public var hasSearches: Bool
    public var searchesHref: String
    public var tweetsHref: String
    public var peopleHref: String
    /// Every stored picture (`GallerySection`).
    public var galleryHref: String
    /// Every stored post per day, as a calendar heatmap (`Plot.calendar`).
    public var calendar: HTMLFragment?

    init(totals: StoreTotals, recent: [SearchTerm]) {
        tweetCount = totals.tweets
        let stored = PostNetwork.allCases.filter { (totals.byNetwork[$0] ?? 0) > 0 }
        networks = stored.enumerated().map { index, network in
            NetworkCount(label: network.label, count: totals.byNetwork[network]!, separator: index == stored.count - 1 ? "" : ", ")
        }
        hasNetworks = !networks.isEmpty
        userCount = totals.users
        termCount = totals.terms
        mentionCount = totals.mentions
        recentSearches = recent.map { SearchRow($0, from: Routes.home) }
        hasSearches = !recent.isEmpty
        searchesHref = Routes.relative(from: Routes.home, to: Routes.searches)
        tweetsHref = Routes.relative(from: Routes.home, to: Routes.allTweets())
        peopleHref = Routes.relative(from: Routes.home, to: Routes.people)
        galleryHref = Routes.relative(from: Routes.home, to: Routes.gallery())
    }

    /// One network's posts, as the card lists them (`Mastodon: 6`, then `separator`).
    public struct NetworkCount: Encodable, Sendable {
        public var label: String
        public var count: Int
        public var separator: String
    }
}
