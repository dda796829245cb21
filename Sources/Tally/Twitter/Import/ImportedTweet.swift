/// A tweet as read from any source format, ready to store.
public struct ImportedTweet: Sendable, Equatable {
    public var id: String
    public var author: ImportedUser?
    /// Seconds since 1970, UTC.
    public var createdAt: Int64
    /// Text unescaped once, with hashtags, mentions and links placed on it.
    public var text: TweetText
    public var language: String?
    /// The id of the tweet this one retweets, or quotes.
    public var retweetOf: String?
    public var quotes: String?

    public init(id: String, author: ImportedUser?, createdAt: Int64, text: TweetText,
                language: String? = nil, retweetOf: String? = nil, quotes: String? = nil) {
        self.id = id
        self.author = author
        self.createdAt = createdAt
        self.text = text
        self.language = language
        self.retweetOf = retweetOf
        self.quotes = quotes
    }

    /// Each hashtag and user mention once, by its folded key, in the order first seen.
    ///
    /// A tweet that names `#Swift` twice mentions it once: popularity counts tweets, not repeats.
    public var distinctMentions: [TextEntity] {
        // A handful per tweet: a linear scan beats hashing.
        var result: [TextEntity] = []
        var folded: [String] = []
        for entity in text.entities where entity.kind != .url {
            let key = entity.folded
            if !zip(result, folded).contains(where: { $0.0.kind == entity.kind && $0.1 == key }) {
                result.append(entity)
                folded.append(key)
            }
        }
        return result
    }
}

/// The author of a tweet.
public struct ImportedUser: Sendable, Equatable, Hashable {
    public var id: String
    public var screenName: String
    public var name: String
    public var avatarURL: String?

    public init(id: String, screenName: String, name: String, avatarURL: String?) {
        self.id = id
        self.screenName = screenName
        self.name = name
        self.avatarURL = avatarURL
    }
}
