/// This build's post cards: each tweet's card rendered once, the first time a page shows it, from
/// the theme's `twitter/_card.html`, and placed by reference in every page that shows the tweet.
struct PostCards: Sendable {
    let parts: SharedParts
    let directory: TwitterDirectory

    init(theme: Theme, directory: TwitterDirectory) {
        parts = SharedParts(template: "twitter/_card", theme: theme)
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

    /// The chunk's cards as a list (`<ol class="tweets">`), rendering those not made yet.
    func list(_ chunk: TweetChunk) throws -> SharedPartList {
        try prepare(chunk)
        return SharedPartList(listClass: "tweets", items: try chunk.tweets.map { try card($0.id) })
    }
}

/// A page asked for a card that no chunk prepared: a fault in a section's planning.
struct PostCardError: Error, CustomStringConvertible {
    var id: String
    var description: String { "no card was prepared for tweet \(id)" }
}
