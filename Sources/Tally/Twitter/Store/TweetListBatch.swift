/// Many short lists' posts read at once (people's, hashtags'): each list's posts newest first and
/// per day, and one chunk with what all their cards show (`Store.tweetLists`).
public struct TweetListBatch: Sendable {
    /// Which lists a batch holds: the posts of authors (by user id) or of hashtags (by folded name).
    public enum Kind: Sendable {
        case authors
        case hashtags
    }

    /// Each list's posts, newest first, by its key; a list with none is left out.
    public var tweets: [String: [StoredTweet]] = [:]
    /// Each list's posts per UTC day, oldest first, as `Store.tweetsPer(.day, …)` gives them.
    public var daily: [String: [(key: String, count: Int)]] = [:]
    /// What the cards of every post of the batch show beside them; its `tweets` are all of them.
    public var chunk = TweetChunk(tweets: [])

    public init() {}
}
