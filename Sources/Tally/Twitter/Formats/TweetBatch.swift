/// What one document (a search page, a timeline, an archive) holds.
public struct TweetBatch: ImportBatch {
    /// The search term the tweets were found for, if the document says or the user gave one.
    public var term: String?
    /// When the search ran, if the document says (seconds since 1970).
    public var fetchedAt: Int64?
    /// The tweets the document returned; these are counted for the term.
    public var tweets: [ImportedTweet]
    /// Tweets it carries only as context (retweeted or quoted originals): stored, not counted.
    public var related: [ImportedTweet]
    /// The timeline the tweets came from (`--timeline NAME`, or recognised by shape), if any.
    public var timeline: String?
    /// The file's modification time, for a search page that says nothing of when it ran.
    public var fileModifiedAt: Int64?
    /// People the document holds beside its posts' authors (a Mastodon search's accounts, an
    /// export's owner): stored, with no post of their own needed.
    public var people: [ImportedUser] = []
    /// The network the document comes from: its search's network when it holds no post (a post
    /// counts toward the search on its own network).
    public var network: PostNetwork = .twitter
    /// What the sink writes for each of `tweets` and of `related`, once `prepare()` made it.
    var rows: [TweetRow]?
    var relatedRows: [TweetRow]?
    /// The ids of `tweets` and of `related` as a JSON array, the argument the sink looks them up
    /// in the store with, made by `prepare()`.
    var ids: String?
    var relatedIDs: String?

    public var itemCount: Int { tweets.count }

    public mutating func prepare() {
        guard rows?.count != tweets.count || relatedRows?.count != related.count else { return }
        rows = tweets.map(TweetRow.init)
        relatedRows = related.map(TweetRow.init)
        ids = JSONArgument.array(tweets.lazy.map(\.id))
        relatedIDs = JSONArgument.array(related.lazy.map(\.id))
    }

    public init(term: String?, fetchedAt: Int64? = nil, tweets: [ImportedTweet], related: [ImportedTweet] = []) {
        self.term = term
        self.fetchedAt = fetchedAt
        self.tweets = tweets
        self.related = related
    }
}
