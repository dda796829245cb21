/// This build's post cards: each tweet's card rendered once, the first time a page shows it, from
/// the theme's `twitter/_card.html`, and placed by reference in every page that shows the tweet.
struct PostCards: Sendable {
    let parts: SharedParts
    /// The cards of retweets grouped on a page (`RetweetGroupCard`), keyed by their retweets.
    let groups: SharedParts
    let directory: TwitterDirectory

    init(theme: Theme, directory: TwitterDirectory) {
        parts = SharedParts(template: "twitter/_card", theme: theme)
        groups = SharedParts(template: "twitter/_card-group", theme: theme)
        self.directory = directory
    }

    /// Renders the cards of the chunk's tweets that have none yet.
    func prepare(_ chunk: TweetChunk) throws {
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
