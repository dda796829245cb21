/// One card for the retweets of one original on one page of a list, for the theme's
/// `twitter/_card-group.html`: "↻ Retweeted by A, B and 3 others", then the original.
///
/// A list shows each original once per page, where its newest retweet on the page is. The group
/// reaches no further than the page: pages are numbered from the oldest so that new posts change
/// only the newest, and a group across pages would change old pages as retweets arrive. Made once
/// per build for each distinct group (keyed by its retweets), so lists that show the same page of
/// retweets share it as they share single cards.
struct RetweetGroupCard: Encodable, Sendable {
    /// `Retweeted`, `Boosted` (Mastodon) or `Reposted` (Bluesky), from the newest retweet.
    var verb: String
    /// The people named, newest first, each with the words that follow their name (`, `, ` and `).
    var names: [Name]
    /// How many retweeted beyond those named: "and 3 others".
    var hasOthers: Bool
    var others: String
    /// The newest retweet's page and time.
    var newestHref: String
    var newestTime: PostCard.Time
    /// Every retweet, newest first, each linked to its own page (so the list still leads to
    /// each), under "All 5 retweets".
    var retweets: [Retweet]
    var every: String
    /// The original, shown once.
    var post: PostCard.Post

    struct Name: Encodable, Sendable {
        var person: PostCard.Person
        var after: String
    }

    struct Retweet: Encodable, Sendable {
        var person: PostCard.Person
        var href: String
        var time: PostCard.Time
    }

    /// How many people a group names before "and N others": three names read as well as two
    /// and "1 other", so a group of three names all three.
    static let named = 2

    /// The group of `retweets` (newest first, at least two, all of `original`).
    init(_ retweets: [StoredTweet], original: StoredTweet, chunk: TweetChunk, directory: TwitterDirectory) {
        let newest = retweets[0]
        let verb = newest.network.repostVerb
        self.verb = verb.prefix(1).uppercased() + verb.dropFirst()
        let shown = retweets.count <= Self.named + 1 ? retweets : Array(retweets.prefix(Self.named))
        let rest = retweets.count - shown.count
        names = shown.enumerated().map { index, retweet in
            let after = index == shown.count - 1 ? (rest > 0 ? " and " : "") : (index == shown.count - 2 && rest == 0 ? " and " : ", ")
            return Name(person: PostCard.Person(retweet.author, directory: directory), after: after)
        }
        hasOthers = rest > 0
        others = rest == 1 ? "1 other" : "\(rest.formatted) others"
        self.retweets = retweets.map {
            Retweet(person: PostCard.Person($0.author, directory: directory), href: Routes.relative(from: SharedParts.page, to: Routes.tweet($0.id)),
                    time: PostCard.Time($0.createdAt))
        }
        // "retweeted", "boosted", "reposted" name the act; less "ed", the post.
        every = "All \(retweets.count.formatted) \(verb.dropLast(2))s"
        newestHref = Routes.relative(from: SharedParts.page, to: Routes.tweet(newest.id))
        newestTime = PostCard.Time(newest.createdAt)
        post = PostCard.Post(original, chunk: chunk, directory: directory, nested: false)
    }

    /// The retweets of `tweets` (newest first) grouped by the original they show, for the
    /// originals retweeted at least twice among them; the originals' retweets in order.
    static func groups(_ tweets: [StoredTweet], chunk: TweetChunk) -> [String: [StoredTweet]] {
        var byOriginal: [String: [StoredTweet]] = [:]
        for tweet in tweets {
            guard let id = tweet.retweetOf, chunk.referenced[id] != nil else { continue }
            byOriginal[id, default: []].append(tweet)
        }
        return byOriginal.filter { $0.value.count > 1 }
    }
}
