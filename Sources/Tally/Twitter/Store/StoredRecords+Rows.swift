import GRDB

// How the posts source's records are read from the store: each is a `FetchableRecord` with a
// hand-written `init(row:)` reading the columns its `Columns` names, so a query's SELECT list and
// the record agree by name and the hot paths (a build reads every post several times) skip
// `Decodable`'s keyed containers. Queries live in `Store+…` files and fetch these types.

extension SearchTerm: FetchableRecord {
    enum Columns {
        static let id = Column("id"), text = Column("text"), folded = Column("folded"), searchedAt = Column("searched_at")
        static let tweetCount = Column("tweet_count"), network = Column("network")
    }

    /// Reads a `term` row.
    public init(row: Row) {
        self.init(id: row[Columns.id], text: row[Columns.text], folded: row[Columns.folded], searchedAt: row[Columns.searchedAt],
                  tweetCount: row[Columns.tweetCount], network: PostNetwork(stored: row[Columns.network]))
    }
}

extension MentionCount: FetchableRecord {
    enum Columns {
        static let display = Column("display"), folded = Column("folded"), count = Column("count")
    }

    /// Reads a mention's display name, folded name and count.
    public init(row: Row) {
        self.init(display: row[Columns.display], folded: row[Columns.folded], count: row[Columns.count])
    }
}

extension StoredUser: FetchableRecord {
    enum Columns {
        static let id = Column("id"), screenName = Column("screen_name"), name = Column("name"), avatarURL = Column("avatar_url")
        static let bio = Column("bio"), location = Column("location"), website = Column("website"), network = Column("network")
    }

    /// Reads a `user` row; the profile columns a query leaves out are nil.
    public init(row: Row) {
        self.init(id: row[Columns.id], screenName: row[Columns.screenName], name: row[Columns.name], avatarURL: row[Columns.avatarURL],
                  bio: row[Columns.bio], location: row[Columns.location], website: row[Columns.website],
                  network: PostNetwork(stored: row[Columns.network]))
    }
}

extension StoredPerson: FetchableRecord {
    enum Columns {
        static let tweets = Column("tweets"), mentioned = Column("mentioned"), searches = Column("searches")
    }

    /// Reads a `user` row with its counts.
    public init(row: Row) {
        self.init(user: StoredUser(row: row), tweetCount: row[Columns.tweets], mentionCount: row[Columns.mentioned],
                  searchCount: row[Columns.searches])
    }
}

extension StoredHashtag: FetchableRecord {
    enum Columns {
        static let folded = Column("folded"), display = Column("display"), tweets = Column("tweets")
    }

    /// Reads a hashtag with how many posts carry it.
    public init(row: Row) {
        self.init(folded: row[Columns.folded], display: row[Columns.display], tweetCount: row[Columns.tweets])
    }
}

extension StoredTimeline: FetchableRecord {
    enum Columns {
        static let id = Column("id"), name = Column("name"), tweets = Column("tweets")
    }

    /// Reads a `timeline` row with how many posts it holds.
    public init(row: Row) {
        self.init(id: row[Columns.id], name: row[Columns.name], tweetCount: row[Columns.tweets])
    }
}

extension StoredMedia: FetchableRecord {
    enum Columns {
        static let kind = Column("kind"), imageURL = Column("image_url"), linkURL = Column("link_url"), alt = Column("alt")
        static let width = Column("width"), height = Column("height")
    }

    /// Reads a `tweet_media` row.
    public init(row: Row) {
        self.init(kind: row[Columns.kind], imageURL: row[Columns.imageURL], linkURL: row[Columns.linkURL], alt: row[Columns.alt],
                  width: row[Columns.width], height: row[Columns.height])
    }
}

extension GalleryItem: FetchableRecord {
    enum Columns {
        static let tweetID = Column("tweet_id"), position = Column("position"), author = Column("author"), createdAt = Column("created_at")
    }

    /// Reads a `tweet_media` row with the post it belongs to, and, where the query gives them (the
    /// gallery's), its author as a card names them and its time.
    public init(row: Row) {
        self.init(tweetID: row[Columns.tweetID], position: row[Columns.position], media: StoredMedia(row: row),
                  author: row.hasColumn("author") ? row[Columns.author] : nil,
                  createdAt: row.hasColumn("created_at") ? row[Columns.createdAt] : 0)
    }
}

extension StoreTotals: FetchableRecord {
    enum Columns {
        static let tweets = Column("tweets"), users = Column("users"), terms = Column("terms"), mentions = Column("mentions")
        static let newest = Column("newest")
    }

    /// Reads the counts of `Store.totals()`; a newest time of 0 means no post is stored.
    public init(row: Row) {
        let newest: Int64 = row[Columns.newest]
        self.init(tweets: row[Columns.tweets], users: row[Columns.users], terms: row[Columns.terms], mentions: row[Columns.mentions],
                  newest: newest > 0 ? newest : nil)
    }
}

extension StoredTweet: FetchableRecord {
    /// The columns of `Store.tweetQuery`: the post's, then its author's under their own names.
    enum Columns {
        static let id = Column("id"), createdAt = Column("created_at"), text = Column("text"), entities = Column("entities")
        static let language = Column("lang"), retweetOf = Column("retweet_of"), quotes = Column("quoted_id"), network = Column("network")
        static let webURL = Column("web_url"), warning = Column("warning"), replyTo = Column("reply_to"), replyToUser = Column("reply_to_user")
        static let authorID = Column("uid"), authorNetwork = Column("unetwork")
        static let replies = Column("reply_count"), reposts = Column("repost_count"), quoteCount = Column("quote_count"), likes = Column("like_count")
    }

    /// Reads a row of `Store.tweetQuery`: the post with its author and entities.
    public init(row: Row) {
        let userID: String? = row[Columns.authorID]
        let author = userID.map { StoredUser(id: $0, screenName: row[StoredUser.Columns.screenName], name: row[StoredUser.Columns.name],
                                             avatarURL: row[StoredUser.Columns.avatarURL], network: PostNetwork(stored: row[Columns.authorNetwork])) }
        self.init(id: row[Columns.id], author: author, createdAt: row[Columns.createdAt],
                  text: TweetText(text: row[Columns.text], entities: TextEntity.fromStorageJSON(row[Columns.entities], parser: .ofThisThread)),
                  language: row[Columns.language], retweetOf: row[Columns.retweetOf], quotes: row[Columns.quotes],
                  network: PostNetwork(stored: row[Columns.network]), webURL: row[Columns.webURL], warning: row[Columns.warning],
                  replyTo: row[Columns.replyTo], replyToUser: row[Columns.replyToUser],
                  counts: PostCounts(replies: row[Columns.replies], reposts: row[Columns.reposts], quotes: row[Columns.quoteCount], likes: row[Columns.likes]))
    }
}
