/// How many replies, reposts, quotes and likes a post had when its document was written, as far
/// as the document says: nil where it does not (a format without counts), never a guessed 0.
public struct PostCounts: Sendable, Equatable, Hashable {
    public var replies: Int64?
    /// Retweets, boosts (Mastodon) or reposts (Bluesky).
    public var reposts: Int64?
    public var quotes: Int64?
    /// Likes, or favourites (Mastodon).
    public var likes: Int64?

    public init(replies: Int64? = nil, reposts: Int64? = nil, quotes: Int64? = nil, likes: Int64? = nil) {
        // A negative count is no count: a document that says -1 says nothing.
        self.replies = replies.flatMap { $0 >= 0 ? $0 : nil }
        self.reposts = reposts.flatMap { $0 >= 0 ? $0 : nil }
        self.quotes = quotes.flatMap { $0 >= 0 ? $0 : nil }
        self.likes = likes.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Whether the document gave no count at all.
    public var isEmpty: Bool { replies == nil && reposts == nil && quotes == nil && likes == nil }

    /// The counts a post's fields name (`favorite_count`, `public_metrics.like_count`…), read as
    /// numbers or as numeric strings (an archive's `tweets.js` writes `"12"`).
    static func read(_ value: JSONValue?, replies: StaticString, reposts: StaticString, quotes: StaticString, likes: StaticString) -> PostCounts {
        guard let value, value.kind == .object else { return PostCounts() }
        return PostCounts(replies: value[replies]?.integerLike, reposts: value[reposts]?.integerLike,
                          quotes: value[quotes]?.integerLike, likes: value[likes]?.integerLike)
    }
}
