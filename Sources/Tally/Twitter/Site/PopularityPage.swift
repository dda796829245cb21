/// A term's mention popularity: hashtags and users seen in at least two of its tweets.
public struct PopularityPage: Encodable, Sendable {
    public var term: String
    public var tweetCount: Int
    public var searchedAt: String
    public var tweetsHref: String
    public var searchesHref: String
    public var hashtags: Table
    public var users: Table

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
