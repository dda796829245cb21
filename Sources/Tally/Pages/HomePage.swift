/// The dashboard's entry page: totals and the newest searches.
public struct HomePage: Encodable, Sendable {
    public var title: String
    public var recentSearches: [SearchRow]
    public var hasSearches: Bool
    public var searchesHref: String
    public var tweetCount: Int
    public var userCount: Int
    public var termCount: Int
    public var mentionCount: Int
    /// When the site was built and how new its data is, stated in the HTML for readers without
    /// scripts (other pages get these from `assets/site.js`, so they stay unchanged between builds).
    public var builtAt: String
    public var hasData: Bool
    public var dataAsOf: String
    public var staleAtBuild: Bool
}
