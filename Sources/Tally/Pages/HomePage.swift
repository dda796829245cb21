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
}
