/// The Atom feed of a paged list of posts: its newest `AtomFeed.limit` posts, each linking to the
/// post's own page, with the text as its card shows it (links to the web kept, hashtags and
/// mentions as plain text, since the site's own pages are linked relatively).
struct TweetFeed {
    let directory: TwitterDirectory
    /// Where entries are kept from one build to the next (the cards' shelf); nil to make each.
    var shelving: SharedParts.Shelving?

    /// The key of a post's entry on the cards' shelf.
    static func shelfKey(_ id: String) -> ContentHash {
        SharedParts.shelfKey(template: "twitter/feed-entry", key: id)
    }

    /// The feed of the list whose newest page is `page`, from its newest posts (newest first),
    /// each with the chunk that holds what it retweets or quotes. Nil when a post read only in
    /// part has no entry to take from the shelf (it could not be read there): the caller reads
    /// the posts whole and asks again.
    func feed(page: String, heading: String, site: String, posts: [(StoredTweet, TweetChunk)]) -> AtomFeed? {
        let newest = posts.prefix(AtomFeed.limit)
        let shelved = shelvedEntries(newest.map(\.0))
        var entries: [AtomFeed.Entry] = []
        for ((tweet, chunk), kept) in zip(newest, shelved) {
            guard let entry = kept ?? entry(tweet, chunk: chunk) else { return nil }
            entries.append(entry)
        }
        return AtomFeed(path: Routes.feed(of: page), page: page, title: "\(heading) · \(site)", author: site, entries: entries)
    }

    /// Whether the post's entry would be made from the post: neither this build nor the previous
    /// one (for reuse) keeps it on the shelf.
    func needsPost(_ id: String) -> Bool {
        guard let shelving else { return true }
        let key = Self.shelfKey(id)
        return shelving.shelf.made(key) == nil && (!shelving.reusable(id) || shelving.shelf.kept(key) == nil)
    }

    /// The entries of `tweets` that this build or the previous one (for reuse) keeps on the shelf,
    /// read together: entries made one after another lie side by side there, and read one at a
    /// time they were most of what a rebuild's feeds cost. Nil for each that is not there whole,
    /// which `entry` then makes.
    private func shelvedEntries(_ tweets: [StoredTweet]) -> [AtomFeed.Entry?] {
        var entries = [AtomFeed.Entry?](repeating: nil, count: tweets.count)
        guard let shelving else { return entries }
        var found: [(index: Int, key: ContentHash, location: PartShelf.Location, madeHere: Bool)] = []
        for (index, tweet) in tweets.enumerated() {
            let key = Self.shelfKey(tweet.id)
            if let made = shelving.shelf.made(key) {
                found.append((index, key, made, true))
            } else if shelving.reusable(tweet.id), let kept = shelving.shelf.kept(key) {
                found.append((index, key, kept, false))
            }
        }
        guard !found.isEmpty else { return entries }
        var next = 0
        // A read that fails leaves the rest to `entry`, which reads or makes each.
        try? shelving.shelf.read(found.map(\.location)) { bytes in
            let place = found[next]
            next += 1
            var reader = StateReader(Array(bytes))
            guard let title = reader.text(), let author = reader.text(), let html = reader.text(), reader.isAtEnd else { return }
            if !place.madeHere { shelving.shelf.keep(place.key, at: place.location) }
            let tweet = tweets[place.index]
            entries[place.index] = AtomFeed.Entry(path: Routes.tweet(tweet.id), title: title, updated: tweet.createdAt, author: author, html: html)
        }
        return entries
    }

    /// The post's entry: as this build or the previous one made it when it is on the shelf (the
    /// previous build's only if the post's card did not change since), else made and kept there;
    /// nil for a post read only in part that has none there.
    private func entry(_ tweet: StoredTweet, chunk: TweetChunk) -> AtomFeed.Entry? {
        guard let shelving else { return chunk.partial.contains(tweet.id) ? nil : make(tweet, chunk: chunk) }
        let key = Self.shelfKey(tweet.id)
        let madeHere = shelving.shelf.made(key)
        var bytes: [UInt8] = []
        if let location = madeHere ?? (shelving.reusable(tweet.id) ? shelving.shelf.kept(key) : nil),
           (try? shelving.shelf.read(location, into: &bytes)) != nil {
            var reader = StateReader(bytes)
            if let title = reader.text(), let author = reader.text(), let html = reader.text(), reader.isAtEnd {
                if madeHere == nil { shelving.shelf.keep(key, at: location) }
                return AtomFeed.Entry(path: Routes.tweet(tweet.id), title: title, updated: tweet.createdAt, author: author, html: html)
            }
        }
        guard !chunk.partial.contains(tweet.id) else { return nil }
        let entry = make(tweet, chunk: chunk)
        var record = StateBytes()
        for field in [entry.title, entry.author ?? "", entry.html] { record.append(field) }
        _ = shelving.shelf.add(key, record.bytes)
        return entry
    }

    private func make(_ tweet: StoredTweet, chunk: TweetChunk) -> AtomFeed.Entry {
        let original = tweet.retweetOf.flatMap { chunk.referenced[$0] }
        let shown = original ?? tweet
        let author = Self.name(tweet.author)
        let text = TwitterSearchDocuments.readable(shown.text.text, links: shown.text.entities.filter { $0.kind == .url })
        let title = original.map { "\(author) reposted \(Self.name($0.author)): \(AtomFeed.title(text))" } ?? "\(author): \(AtomFeed.title(text))"
        var body = html(shown.text)
        if let quoted = shown.quotes.flatMap({ chunk.referenced[$0] }) {
            body = body + .element("blockquote", [:], [.element("p", [:], [.text("\(Self.name(quoted.author)):")]), html(quoted.text)])
        }
        return AtomFeed.Entry(path: Routes.tweet(tweet.id), title: title, updated: tweet.createdAt, author: author, html: body.html)
    }

    /// `Ada Lovelace (@ada)`, or `Unknown author`.
    private static func name(_ user: StoredUser?) -> String {
        user.map { "\($0.name) (@\($0.screenName))" } ?? "Unknown author"
    }

    /// The text as a paragraph: line breaks kept, links to the web as links, the rest as text.
    private func html(_ text: TweetText) -> HTMLFragment {
        let parts = PostCard.TextPart.parts(text, directory: directory).map { part -> HTMLFragment in
            if part.isBreak { return .lineBreak }
            if part.isLink && part.isExternal { return .element("a", ["href": part.href], [.text(part.value)]) }
            return .text(part.value)
        }
        return .element("p", [:], parts)
    }
}
