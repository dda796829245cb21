import Foundation

/// Every stored tweet: the paged list of all of them, newest first, one page per tweet, and one
/// per picture; planned a page of tweets at a time from the store.
struct TweetsSection: SiteSection {
    static let entry = NavigationEntry(id: "tweets", title: "Posts", path: Routes.allTweets())

    let context: SiteContext
    /// Every term, newest search first: a tweet lists the searches that found it in this order.
    let terms: [SearchTerm]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var navigation: NavigationEntry? { Self.entry }
    /// Where pictures kept from archives are (`Store.filesFolder`'s `twitter/media`).
    var mediaFolder: URL? = nil
    var keepsUnplanned: Bool { changes.updates }

    func plan(into sink: PageSink) throws {
        let byID = Dictionary(terms.enumerated().map { ($1.id, ($0, $1)) }, uniquingKeysWith: { first, _ in first })
        let list = TweetListPlanner(context: context, cards: cards, filter: .all, heading: "All posts",
                                    path: { Routes.allTweets(page: $0) }, section: Self.entry.id)
        if let changed = try changes.changes() {
            // The same archive pictures as before (or the plan would not update): they stay.
            try list.planChanges(new: changed.newTweets, cards: changed.cards, header: false, whole: false, into: sink)
            return try planTweets(changed.tweetPages.sorted(), terms: byID, into: sink)
        }
        // Archive pictures go into the site one at a time, so they show offline.
        if let mediaFolder {
            for name in directory.localMedia.sorted() {
                let bytes = try [UInt8](Data(contentsOf: mediaFolder.appendingPathComponent(name)))
                try sink.file(OutputFile(path: Routes.archiveMedia(name), bytes: bytes))
            }
        }
        // A post in a thread reads the store for its thread, which it cannot while the list's
        // walk holds the store: its page is planned after the walk, from its id.
        var threaded: [String] = []
        try list.plan(into: sink) { tweet, chunk in
            if Self.hasParent(tweet, chunk) || chunk.replies[tweet.id] != nil {
                threaded.append(tweet.id)
            } else {
                try planTweet(tweet, chunk: chunk, terms: byID, into: sink)
            }
        }
        try planTweets(threaded, terms: byID, into: sink)
    }

    /// The pages of the tweets `ids`, read from the store 256 at a time.
    private func planTweets(_ ids: [String], terms byID: [Int64: (Int, SearchTerm)], into sink: PageSink) throws {
        for start in stride(from: 0, to: ids.count, by: 256) {
            let chunk = try context.store.tweetChunk(ids: Array(ids[start..<min(start + 256, ids.count)]))
            try cards.prepare(chunk)
            for tweet in chunk.tweets { try planTweet(tweet, chunk: chunk, terms: byID, into: sink) }
        }
    }

    /// A tweet's page and its pictures' pages; `terms` gives each search's place in the history.
    private func planTweet(_ tweet: StoredTweet, chunk: TweetChunk, terms byID: [Int64: (Int, SearchTerm)], into sink: PageSink) throws {
        let path = Routes.tweet(tweet.id)
        let found = (chunk.termIDs[tweet.id] ?? []).compactMap { byID[$0] }.sorted { $0.0 < $1.0 }
            .map { PageLink(text: $0.1.text, href: Routes.relative(from: path, to: Routes.popularity($0.1))) }
        // A retweet's page shows the original's pictures, links and names: what the reader sees.
        let shown = tweet.retweetOf.flatMap { chunk.referenced[$0] } ?? tweet
        let media = chunk.media[shown.id] ?? []
        let entities = shown.text.entities
        var links: [HTMLFragment] = []
        for entity in entities where entity.kind == .url {
            // A picture's own link (pic.twitter.com/…): the card above shows the picture.
            let address = (entity.expandedURL ?? "").lowercased()
            if !media.isEmpty, (entity.displayURL ?? "").hasPrefix("pic.twitter.com/") || address.contains("/photo/") || address.contains("/video/") {
                continue
            }
            guard let target = Routes.external(entity.expandedURL ?? entity.value) else { continue }
            links.append(.element("a", ["href": target, "rel": "nofollow noopener"], [.text(entity.expandedURL ?? entity.value)]))
        }
        var seen = Set<String>()
        let hashtags = entities.filter { $0.kind == .hashtag && seen.insert("#" + $0.folded).inserted }
            .map { PageLink(text: "#" + $0.value, href: directory.hashtagHref($0.value, folded: $0.folded, web: $0.expandedURL, from: path)) }
        let users = entities.filter { $0.kind == .user && seen.insert("@" + $0.folded).inserted }
            .map { PageLink(text: "@" + $0.value, href: directory.userHref($0.value, web: $0.expandedURL, from: path)) }
        let name = tweet.author.map { "\($0.name) (@\($0.screenName))" } ?? "an unknown author"
        // A tweet on Twitter, a post elsewhere.
        let heading = (tweet.network == .twitter ? "Tweet by " : "Post by ") + name
        let (parents, replies) = try thread(of: tweet, chunk: chunk)
        try sink.page(SitePage(path: path, template: "twitter/tweet", title: heading, section: Self.entry.id, model: TweetPage(
            heading: heading, card: try cards.card(tweet.id), parents: parents, hasParents: !parents.isEmpty,
            replies: replies, hasReplies: !replies.isEmpty, images: nil,  // the card shows the pictures
            links: links, hasLinks: !links.isEmpty, hashtags: hashtags, hasHashtags: !hashtags.isEmpty,
            users: users, hasUsers: !users.isEmpty, terms: found, hasTerms: !found.isEmpty,
            webHref: Routes.postOnWeb(tweet) ?? Routes.postOnWeb(shown) ?? "", webLabel: tweet.network.label,
            allTweetsHref: Routes.relative(from: path, to: Routes.allTweets()))))
        // Image pages belong to the tweet whose pictures they are (an original is planned once, by its own id).
        if shown.id == tweet.id {
            for (index, item) in media.enumerated() { try planImage(item, number: index + 1, of: tweet, into: sink) }
        }
    }

    /// Whether the post `tweet` replies to is stored.
    private static func hasParent(_ tweet: StoredTweet, _ chunk: TweetChunk) -> Bool {
        tweet.replyTo.map(chunk.parents.contains) ?? false
    }

    /// How many stored posts above a reply its page shows, nearest last.
    static let threadDepth = 20

    /// A post's thread as cards: the stored posts it replies to (oldest first, at most
    /// `threadDepth`), and its stored replies (oldest first).
    private func thread(of tweet: StoredTweet, chunk: TweetChunk) throws -> (SharedPartList, SharedPartList) {
        let above = Self.hasParent(tweet, chunk) ? try context.store.ancestors(of: tweet.id, limit: Self.threadDepth) : []
        let below = chunk.replies[tweet.id] ?? []
        if !above.isEmpty || !below.isEmpty { try cards.prepare(try context.store.tweetChunk(ids: above + below)) }
        return (SharedPartList(listClass: "tweets thread-above", items: try above.map { try cards.card($0) }),
                SharedPartList(listClass: "tweets thread-below", items: try below.map { try cards.card($0) }))
    }

    private func planImage(_ item: StoredMedia, number: Int, of tweet: StoredTweet, into sink: PageSink) throws {
        let path = Routes.tweetImage(tweet.id, number: number)
        guard let src = directory.imageSource(item.imageURL, tweet: tweet.id, from: path) else { return }
        let (width, height) = TweetHTML.fit(item, within: 1600)
        let alt = item.alt ?? TweetHTML.describe(item, number - 1)
        let figure = HTMLFragment.element("figure", ["class": "zoom-frame"], [
            .element("img", ["class": "zoomable", "src": src, "alt": alt, "width": "\(width)", "height": "\(height)", "tabindex": "0",
                             "referrerpolicy": "no-referrer", "aria-describedby": "zoom-help"]),
            .element("figcaption", ["id": "zoom-help", "class": "zoom-help"],
                     [.text("Click, use the mouse wheel, pinch, or press + and − to zoom; 0 fits the picture again.")]),
        ], block: true)
        let original = item.kind == "photo" ? Routes.external(item.imageURL + (item.imageURL.contains("pbs.twimg.com") ? "?name=orig" : ""))
            : item.linkURL.flatMap(Routes.external)
        let by = tweet.author.map { " by @" + $0.screenName } ?? ""
        let of = "Picture \(number) of a \(tweet.network == .twitter ? "tweet" : "post")\(by)"
        try sink.page(SitePage(path: path, template: "twitter/image", title: of, section: Self.entry.id,
                               model: TweetImagePage(heading: of, figure: figure, alt: item.alt,
                                                     tweetHref: Routes.relative(from: path, to: Routes.tweet(tweet.id)),
                                                     originalHref: original,
                                                     originalText: item.kind == "photo" ? "The picture at full size" : item.kind == "gif" ? "The GIF" : "The video"),
                               script: PageScript(asset: "zoom.js", stylesheet: "zoom.css")))
    }
}
