/// The tweets stored for one term, newest first.
public struct TermTweetsPage: Encodable, Sendable {
    public var term: String
    public var popularityHref: String
    public var tweets: [TweetSummary]
    public var hasTweets: Bool
    public var tweetCount: Int
}
