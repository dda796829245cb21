/// A post (a tweet, a Mastodon status, a Bluesky post) as read from any source format, ready to store.
public struct ImportedTweet: Sendable, Equatable {
    /// The post's key in the store, unique across networks: see `PostKey`.
    public var id: String
    public var network: PostNetwork = .twitter
    /// The post's own address on its site, when it cannot be made from the id (a Mastodon
    /// status's `url`); nil for Twitter and Bluesky, whose addresses are made when shown.
    public var webURL: String?
    /// A content warning (Mastodon's `spoiler_text`, an ActivityPub `summary`): the text is shown
    /// behind it.
    public var warning: String?
    public var author: ImportedUser?
    /// Seconds since 1970, UTC.
    public var createdAt: Int64
    /// Text unescaped once, with hashtags, mentions and links placed on it.
    public var text: TweetText
    public var language: String?
    /// The id of the tweet this one retweets, or quotes.
    public var retweetOf: String?
    public var quotes: String?
    /// The post this one replies to (its key), and its author's screen name when the document
    /// names them: shown as "Replying to @x", linked to the parent when it is stored.
    public var replyTo: String?
    public var replyToUser: String?
    /// Photos, videos and GIFs attached to it, in order.
    public var media: [ImportedMedia] = []
    /// Its replies, reposts, quotes and likes as the document counted them; none for a repost,
    /// whose counts are its original's.
    public var counts = PostCounts()

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
    public var distinctMentions: [TextEntity] { distinctMentions(work: nil) }

    /// The same, counting one step per entity looked at and per key compared.
    func distinctMentions(work: WorkCounter?) -> [TextEntity] {
        struct Key: Hashable {
            var kind: TextEntity.Kind
            var folded: String
        }
        // Hashing keeps this linear: a tweet built with 40,000 entities once took minutes when each
        // was compared with all those before it.
        var result: [TextEntity] = []
        var seen = Set<Key>()
        for entity in text.entities where entity.kind != .url {
            work?.add()
            if seen.insert(Key(kind: entity.kind, folded: entity.folded)).inserted { result.append(entity) }
        }
        return result
    }
}

/// The author of a post: one per account (see `PostKey` for the ids).
public struct ImportedUser: Sendable, Equatable, Hashable {
    public var id: String
    /// `name` on Twitter, `name@instance` on Mastodon, the handle on Bluesky: shown after `@`.
    public var screenName: String
    public var network: PostNetwork = .twitter
    public var name: String
    public var avatarURL: String?
    /// The profile's bio, location and website, when the document carries them.
    public var bio: String?
    public var location: String?
    public var website: String?

    public init(id: String, screenName: String, name: String, avatarURL: String?,
                bio: String? = nil, location: String? = nil, website: String? = nil) {
        self.id = id
        self.screenName = screenName
        self.name = name
        self.avatarURL = avatarURL
        self.bio = bio.flatMap { $0.isEmpty ? nil : $0 }
        self.location = location.flatMap { $0.isEmpty ? nil : $0 }
        self.website = website.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A photo, video or animated GIF attached to a tweet.
public struct ImportedMedia: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable { case photo, video, gif }
    public var kind: Kind
    /// The picture: the photo itself, or a video's preview image.
    public var imageURL: String
    /// Where the original lives (the video file, or the tweet's media page).
    public var linkURL: String?
    public var alt: String?
    public var width: Int?
    public var height: Int?

    public init(kind: Kind, imageURL: String, linkURL: String? = nil, alt: String? = nil, width: Int? = nil, height: Int? = nil) {
        self.kind = kind
        self.imageURL = imageURL
        self.linkURL = linkURL
        self.alt = alt.flatMap { $0.isEmpty ? nil : $0 }
        self.width = width
        self.height = height
    }
}
