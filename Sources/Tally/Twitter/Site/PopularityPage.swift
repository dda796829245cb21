/// A term's mention popularity: hashtags and users seen in at least two of its tweets.
public struct PopularityPage: Encodable, Sendable {
    public var term: String
    public var tweetCount: Int
    public var searchedAt: String
    public var tweetsHref: String
    public var searchesHref: String
    public var hashtags: Table
    public var users: Table
    /// Tweets per day for the term, as an inline SVG plot with its table (when over several days).
    public var perDay: HTMLFragment?
    public var hasPlots: Bool { perDay != nil || hashtags.bars != nil || users.bars != nil }

    enum CodingKeys: String, CodingKey {
        case term, tweetCount, searchedAt, tweetsHref, searchesHref, hashtags, users, perDay, hasPlots
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(term, forKey: .term)
        try container.encode(tweetCount, forKey: .tweetCount)
        try container.encode(searchedAt, forKey: .searchedAt)
        try container.encode(tweetsHref, forKey: .tweetsHref)
        try container.encode(searchesHref, forKey: .searchesHref)
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
