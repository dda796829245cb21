/// A search term with its place in the history.
public struct SearchTerm: Sendable, Equatable, Hashable {
    public var id: Int64
    /// The term as first given.
    public var text: String
    /// The term folded to lower case: its identity.
    public var folded: String
    /// When it was last searched (seconds since 1970).
    public var searchedAt: Int64
    /// Distinct tweets stored for it.
    public var tweetCount: Int
    /// The network it was searched on: a term searched on several networks is one search per network.
    public var network: PostNetwork = .twitter
}

/// A hashtag or user with how many of a term's tweets mention it.
public struct MentionCount: Sendable, Equatable {
    /// As first seen (`Swift`, `BarackObama`), without `#` or `@`.
    public var display: String
    public var folded: String
    public var count: Int
}

/// One popularity table: the mentions seen more than once, and how many were seen only once.
public struct Popularity: Sendable, Equatable {
    public var rows: [MentionCount]
    public var hiddenSingles: Int
}

/// A stored user.
public struct StoredUser: Sendable, Equatable {
    public var id: String
    public var screenName: String
    public var name: String
    public var avatarURL: String?
    public var bio: String? = nil
    public var location: String? = nil
    public var website: String? = nil
    public var network: PostNetwork = .twitter
}

/// A person with a page, and the counts it shows.
public struct StoredPerson: Sendable, Equatable {
    public var user: StoredUser
    /// Tweets stored by them, tweets naming them, searches that found their tweets.
    public var tweetCount: Int
    public var mentionCount: Int
    public var searchCount: Int
}

/// A hashtag with how many stored tweets carry it.
public struct StoredHashtag: Sendable, Equatable {
    public var folded: String
    public var display: String
    public var tweetCount: Int
}

/// A named timeline.
public struct StoredTimeline: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var tweetCount: Int
}

/// A photo, video or GIF of a stored tweet.
public struct StoredMedia: Sendable, Equatable {
    /// `photo`, `video` or `gif`.
    public var kind: String
    public var imageURL: String
    public var linkURL: String?
    public var alt: String?
    public var width: Int?
    public var height: Int?
}

/// A stored tweet with its author and entities.
public struct StoredTweet: Sendable, Equatable {
    public var id: String
    public var author: StoredUser?
    public var createdAt: Int64
    public var text: TweetText
    public var language: String?
    public var retweetOf: String?
    public var quotes: String?
    public var network: PostNetwork = .twitter
    /// Its own address on its site, when stored (Mastodon's status `url`).
    public var webURL: String? = nil
    /// Its content warning, if any.
    public var warning: String? = nil
    /// The post it replies to (its key, stored or not) and that post's author's screen name.
    public var replyTo: String? = nil
    public var replyToUser: String? = nil
    /// Its replies, reposts, quotes and likes as its newest import counted them (nil: not said).
    public var counts = PostCounts()
}

/// Totals for the home page.
public struct StoreTotals: Sendable, Equatable {
    public var tweets: Int
    public var users: Int
    public var terms: Int
    public var mentions: Int
    /// The newest stored tweet (seconds since 1970), nil when none is stored.
    public var newest: Int64? = nil
    /// Posts stored per network, for the networks that have any.
    public var byNetwork: [PostNetwork: Int] = [:]
}

/// A run of stored tweets, newest first, with what their pages need to know about other rows.
public struct TweetChunk: Sendable {
    public var tweets: [StoredTweet]
    /// The ids of the terms that found each tweet, by tweet id.
    public var termIDs: [String: [Int64]] = [:]
    /// Which of the tweets these retweet or quote are stored, so their pages can be linked.
    public var stored: Set<String> = []
    /// The stored originals they retweet or quote, by id.
    public var referenced: [String: StoredTweet] = [:]
    /// Which of the posts the tweets and their originals reply to are stored, so "Replying to"
    /// can link them.
    public var parents: Set<String> = []
    /// The stored replies to the tweets, by the tweet they answer, oldest first: a post's page
    /// shows them under it.
    public var replies: [String: [String]] = [:]
    /// Media of the tweets and of their originals, by tweet id, in order.
    public var media: [String: [StoredMedia]] = [:]
    /// The tweets read only as their id, time and what they retweet, their cards and feed entries
    /// being kept from the previous build (`Store.tweetChunk(ids:whole:)`): none of the above is
    /// read for them, and nothing may be made from them.
    public var partial: Set<String> = []
}
