/// A term's mention popularity: hashtags and users seen in at least two of its tweets, on one
/// network, or on every network it was searched on (`network` nil: the combined page).
public struct PopularityPage: Encodable, Sendable {
    public var term: String
    /// The page's heading after "Popularity of": the term, with its network when it was searched
    /// on several (`#swift on Mastodon`), or `#swift everywhere` on the combined page.
    public var heading: String
    /// The network searched, nil on the combined page.
    public var network: PostNetwork?
    public var tweetCount: Int
    public var searchedAt: String
    /// The list of its posts; nil on the combined page, whose posts are its networks' lists.
    public var tweetsHref: String?
    public var searchesHref: String
    /// The term's searches on the other networks (on the combined page, on every network), and
    /// the combined page, when it was searched on several.
    public var networks: [NetworkLink] = []
    public var everywhereHref: String?
    public var hashtags: Table
    public var users: Table
    /// Tweets per day for the term, as an inline SVG plot with its table (when over several days).
    public var perDay: HTMLFragment?
    public var hasPlots: Bool { perDay != nil || hashtags.bars != nil || users.bars != nil }
    /// What the counts count: `Tweets` on Twitter's pages, `Posts` on the others and the combined page.
    public var postNoun: String { network == .twitter ? "Tweets" : "Posts" }

    /// A term's search on one network, as the others link to it.
    public struct NetworkLink: Encodable, Sendable {
        public var label: String
        public var href: String
        public var count: Int
    }

    enum CodingKeys: String, CodingKey {
        case term, heading, badge, isTweets, isCombined, tweetCount, searchedAt, tweetsHref, searchesHref, networks, hasNetworks,
             everywhereHref, hashtags, users, perDay, hasPlots, postNoun, postNounLower
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(term, forKey: .term)
        try container.encode(heading, forKey: .heading)
        try container.encodeIfPresent(network?.badge, forKey: .badge)
        try container.encode(network == .twitter, forKey: .isTweets)
        try container.encode(network == nil, forKey: .isCombined)
        try container.encode(tweetCount, forKey: .tweetCount)
        try container.encode(searchedAt, forKey: .searchedAt)
        try container.encodeIfPresent(tweetsHref, forKey: .tweetsHref)
        try container.encode(searchesHref, forKey: .searchesHref)
        try container.encode(networks, forKey: .networks)
        try container.encode(!networks.isEmpty, forKey: .hasNetworks)
        try container.encodeIfPresent(everywhereHref, forKey: .everywhereHref)
        try container.encode(postNoun, forKey: .postNoun)
        try container.encode(postNoun.lowercased(), forKey: .postNounLower)
        try container.encode(hashtags, forKey: .hashtags)
        try container.encode(users, forKey: .users)
        try container.encodeIfPresent(perDay, forKey: .perDay)
        try container.encode(hasPlots, forKey: .hasPlots)
    }

    /// One popularity table and the data files written beside it.
    public struct Table: Encodable, Sendable {
        public var rows: [Row]
        public var hasRows: Bool
        /// Mentions seen in one tweet only, which the table leaves out.
        public var hiddenSingles: Int
        public var hasHidden: Bool
        public var hiddenNote: String
        public var csvHref: String
        public var jsonHref: String
        /// The top ten as bars, with their numbers.
        public var bars: HTMLFragment?
    }

    public struct Row: Encodable, Sendable {
        /// `#Swift` or `@BarackObama`, in the casing first seen.
        public var label: String
        public var href: String
        public var count: Int
        /// The share of the term's tweets that mention it: `12.50%`.
        public var share: String
    }

    /// `count` as a percentage of `total` with two decimals, the same on every machine.
    static func share(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "" }
        let hundredths = (count * 10_000 + total / 2) / total
        let decimals = String(hundredths % 100)
        return "\(hundredths / 100).\(decimals.count == 1 ? "0" + decimals : decimals)%"
    }
}
