/// The dashboard's entry page: one card per source that holds data.
public struct HomePage: Encodable, Sendable {
    /// One source's card, its body already rendered to Markdown by the source's own template.
    public struct Card: Encodable, Sendable {
        public var title: String
        public var body: String
    }

    public var title: String
    public var cards: [Card]
    public var hasCards: Bool
    /// When the site was built and how new its data is, stated in the HTML for readers without
    /// scripts (other pages get these from `assets/site.js`, so they stay unchanged between builds).
    public var builtAt: String
    public var hasData: Bool
    public var dataAsOf: String
    public var staleAtBuild: Bool

    /// Data older than this at build time is flagged; the browser checks again against its own clock.
    public static let staleAfter: Int64 = 7 * 86_400
}
