/// This build's post cards: each tweet's card rendered once, the first time a page shows it, from
/// the theme's `twitter/_card.html`, and placed by reference in every page that shows the tweet.
struct PostCards: Sendable {
    let parts: SharedParts
    /// The cards of retweets grouped on a page (`RetweetGroupCard`), keyed by their retweets.
    let groups: SharedParts
    let directory: TwitterDirectory

    /// The key the cards' shelf is recorded under, beside the site (`PartShelf`).
    static let shelfKey = PartShelf.stateKeyPrefix + "twitter"
    static let template = "twitter/_card"

    /// Cards rendered from `theme`'s partial; with `memory`, kept on a shelf beside the site from
    /// one build to the next, and read from it for the posts whose card did not change since
    /// (as `plan` tells), instead of rendered again.
    init(theme: Theme, directory: TwitterDirectory, memory: BuildMemory? = nil, plan: TwitterPlan? = nil) {
        var opening: (@Sendable () -> SharedParts.Shelving?)?
        if let memory {
            opening = { Self.shelving(memory: memory, plan: plan) }
        }
        parts = SharedParts(template: Self.template, theme: theme, shelf: opening)
        groups = SharedParts(template: "twitter/_card-group", theme: theme)
        self.directory = directory
    }

    /// The cards' shelf for this build, decided at the first card, once the build knows whether
    /// it updates a site: the previous build's when it does, with the cards that changed since
    /// dropped from it; else a new one.
    private static func shelving(memory: BuildMemory, plan: TwitterPlan?) -> SharedParts.Shelving? {
        let changes = (try? plan?.changes()) ?? nil
        guard let shelf = memory.shelf(for: shelfKey, continuing: changes != nil) else { return nil }
        guard let changed = changes?.cards else { return SharedParts.Shelving(shelf: shelf, reusable: { _ in false }) }
        // Gone for good: a later build must not take them for what this one would have made.
        shelf.drop(changed.flatMap { [SharedParts.shelfKey(template: template, key: $0), TweetFeed.shelfKey($0)] })
        return SharedParts.Shelving(shelf: shelf, reusable: { !changed.contains($0) })
    }

    /// The Atom feed of a list's newest posts, their entries taken from the cards' shelf where
    /// they did not change; nil when a post read only in part has none there.
    func feed(page: String, heading: String, site: String, posts: [(StoredTweet, TweetChunk)]) -> AtomFeed? {
        TweetFeed(directory: directory, shelving: parts.shelf).feed(page: page, heading: heading, site: site, posts: posts)
    }

    /// Whether a page showing the post needs it read whole (`Store.tweetChunk(ids:whole:)`): its
    /// card, or with `feed` its feed entry, is neither made in this build nor kept for reuse.
    func needsWhole(_ id: String, feed: Bool) -> Bool {
        parts.needsModel(id) || (feed && TweetFeed(directory: directory, shelving: parts.shelf).needsPost(id))
    }

    /// Renders the cards of the chunk's tweets that have none yet.
    func prepare(_ chunk: TweetChunk) throws {
        // A post read in part has nothing to make a card from: its card must be kept.
        if let id = chunk.partial.first(where: parts.needsModel) { throw PostCardError(id: id) }
        let directory = directory
        try parts.add(chunk.tweets.map(\.id)) { PostCard(chunk.tweets[$0], chunk: chunk, directory: directory) }
    }

    /// The card of a tweet whose chunk was prepared.
    func card(_ id: String) throws -> SharedPart {
        guard let part = parts.part(id) else { throw PostCardError(id: id) }
        return part
    }

    /// The chunk's cards as a list (`<ol class="tweets">`), rendering those not made yet; the
    /// retweets of one original show once, as a group where the newest of them is.
    func list(_ chunk: TweetChunk) throws -> SharedPartList {
        try prepare(chunk)
        let grouped = RetweetGroupCard.groups(chunk.tweets, chunk: chunk)
        var items: [SharedPart] = []
        var placed = Set<String>()
        for tweet in chunk.tweets {
            guard let original = tweet.retweetOf, let retweets = grouped[original] else {
                items.append(try card(tweet.id))
                continue
            }
            guard placed.insert(original).inserted else { continue }
            items.append(try group(retweets, of: original, chunk: chunk))
        }
        return SharedPartList(listClass: "tweets", items: items)
    }

    /// The card of a page's retweets of `original`, rendered the first time a page shows them.
    private func group(_ retweets: [StoredTweet], of original: String, chunk: TweetChunk) throws -> SharedPart {
        let key = ([original] + retweets.map(\.id)).joined(separator: " ")
        let directory = directory
        try groups.add([key]) { _ in RetweetGroupCard(retweets, original: chunk.referenced[original]!, chunk: chunk, directory: directory) }
        guard let part = groups.part(key) else { throw PostCardError(id: original) }
        return part
    }
}

/// A page asked for a card that no chunk prepared: a fault in a section's planning.
struct PostCardError: Error, CustomStringConvertible {
    var id: String
    var description: String { "no card was prepared for tweet \(id)" }
}
