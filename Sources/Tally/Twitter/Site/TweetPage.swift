/// One tweet: author, date, linked text, and the searches it was found for.
public struct TweetPage: Encodable, Sendable {
    public var tweet: TweetSummary
    public var terms: [PageLink]
    public var hasTerms: Bool
    public var language: String?
    public var retweetOf: PageLink?
    public var quotes: PageLink?
}
