/// A tweet as its author meant it, in HTML built in code: avatar, name and @screen name linking to
/// the person page, the date as `<time>`, the text with its line breaks and linked entities, a
/// retweet's original in full, a quote as a card inside, and the pictures.
struct TweetHTML {
    /// The page the card sits on (links are relative to it).
    let page: String
    let directory: TwitterDirectory
    let chunk: TweetChunk

    /// The card for a tweet in a list or on its page.
    func card(_ tweet: StoredTweet) -> HTMLFragment {
        if let id = tweet.retweetOf, let original = chunk.referenced[id] {
            let who = author(tweet.author, plain: true)
            let when = HTMLFragment.element("a", ["class": "tweet-date", "href": Routes.relative(from: page, to: Routes.tweet(tweet.id))],
                                            [Self.time(tweet.createdAt)])
            let context = HTMLFragment.element("p", ["class": "tweet-context"], [.text("↻ "), who, .text(" retweeted · "), when])
            return .element("article", ["class": "tweet tweet-retweet"], [context] + body(original, nested: false), block: true)
        }
        return .element("article", ["class": "tweet"], body(tweet, nested: false), block: true)
    }

    private func body(_ tweet: StoredTweet, nested: Bool) -> [HTMLFragment] {
        var parts: [HTMLFragment] = [header(tweet), .element("p", ["class": "tweet-text"], [text(tweet.text)])]
        if let media = chunk.media[tweet.id], !media.isEmpty { parts.append(thumbnails(tweet.id, media)) }
        if !nested, let id = tweet.quotes, let quoted = chunk.referenced[id] {
            parts.append(.element("blockquote", ["class": "tweet-quote"], body(quoted, nested: true)))
        }
        return parts
    }

    private func header(_ tweet: StoredTweet) -> HTMLFragment {
        var parts = [Self.avatar(tweet.author, size: 48, page: page), author(tweet.author, plain: false)]
        if let handle = tweet.author?.screenName { parts += [.text(" "), .element("span", ["class": "tweet-handle"], [.text("@" + handle)])] }
        parts += [.text(" · "), .element("a", ["class": "tweet-date", "href": Routes.relative(from: page, to: Routes.tweet(tweet.id))],
                                         [Self.time(tweet.createdAt)])]
        return .element("p", ["class": "tweet-head"], parts)
    }

    /// The author's name, linking to their page when they have one.
    private func author(_ user: StoredUser?, plain: Bool) -> HTMLFragment {
        guard let user else { return .element("span", ["class": "tweet-name"], [.text("Unknown author")]) }
        let name = HTMLFragment.text(user.name.isEmpty ? "@" + user.screenName : user.name)
        guard let path = directory.personPath(user.screenName) else { return .element("span", ["class": "tweet-name"], [name]) }
        return .element("a", ["class": "tweet-name", "href": Routes.relative(from: page, to: path)], [name])
    }

    /// A date as `<time datetime>`, shown in UTC; the script adds how long ago.
    static func time(_ seconds: Int64) -> HTMLFragment {
        .element("time", ["datetime": UTCTime.iso(seconds), "data-relative": ""], [.text(UTCTime.format(seconds) + " UTC")])
    }

    /// An avatar with the person's initials under it, which show when the picture cannot load.
    static func avatar(_ user: StoredUser?, size: Int, page: String) -> HTMLFragment {
        let initials = HTMLFragment.element("span", ["class": "avatar-initials", "aria-hidden": "true"], [.text(Self.initials(user))])
        var parts = [initials]
        if var url = user?.avatarURL {
            if size > 48 { url = url.replacingOccurrences(of: "_normal.", with: "_400x400.") }
            if let safe = Routes.external(url) {
                parts.append(.element("img", ["class": "avatar-img", "src": safe, "alt": "", "width": "\(size)", "height": "\(size)",
                                              "loading": "lazy", "decoding": "async", "referrerpolicy": "no-referrer"]))
            }
        }
        return .element("span", ["class": size > 48 ? "avatar avatar-large" : "avatar"], parts)
    }

    /// Up to two letters from the name (`Ada Lovelace` → `AL`), else the screen name's first.
    static func initials(_ user: StoredUser?) -> String {
        guard let user else { return "?" }
        let words = user.name.split(whereSeparator: { $0.isWhitespace }).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        let letters = words.prefix(2).map { String($0).uppercased() }.joined()
        return letters.isEmpty ? String(user.screenName.prefix(1)).uppercased() : letters
    }

    /// The text with line breaks kept and its hashtags, mentions and links linked.
    func text(_ text: TweetText) -> HTMLFragment {
        let scalars = Array(text.text.unicodeScalars)
        func slice(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        var parts: [HTMLFragment] = []
        func plain(_ string: String) {
            for (index, line) in string.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { parts.append(.lineBreak) }
                if !line.isEmpty { parts.append(.text(String(line))) }
            }
        }
        var cursor = 0
        let placed = text.entities.compactMap { entity in entity.range.map { (entity, $0) } }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (entity, range) in placed where range.lowerBound >= cursor && range.upperBound <= scalars.count && !range.isEmpty {
            if range.lowerBound > cursor { plain(slice(cursor..<range.lowerBound)) }
            let shown = slice(range)
            switch entity.kind {
            case .hashtag:
                parts.append(.element("a", ["class": "hashtag", "href": directory.hashtagHref(entity.value, folded: entity.folded, from: page)],
                                      [.text(shown)]))
            case .user:
                parts.append(.element("a", ["class": "mention", "href": directory.userHref(entity.value, from: page)], [.text(shown)]))
            case .url:
                if let target = Routes.external(entity.expandedURL ?? entity.value) ?? Routes.external(entity.value) {
                    parts.append(.element("a", ["class": "link", "href": target, "rel": "nofollow noopener", "title": entity.expandedURL],
                                          [.text(entity.displayURL ?? shown)]))
                } else {
                    plain(shown)
                }
            }
            cursor = range.upperBound
        }
        if cursor < scalars.count { plain(slice(cursor..<scalars.count)) }
        return .joined(parts)
    }

    /// The tweet's pictures as thumbnails, each opening its image page.
    func thumbnails(_ id: String, _ media: [StoredMedia]) -> HTMLFragment {
        let items = media.enumerated().compactMap { index, item -> HTMLFragment? in
            guard let src = directory.imageSource(item.imageURL, tweet: id, from: page) else { return nil }
            let (width, height) = Self.fit(item, within: 240)
            var inner: [HTMLFragment] = [.element("img", ["class": "thumb", "src": src, "alt": item.alt ?? Self.describe(item, index),
                                                          "width": "\(width)", "height": "\(height)", "loading": "lazy",
                                                          "referrerpolicy": "no-referrer"])]
            if item.kind != "photo" { inner.append(.element("span", ["class": "media-badge"], [.text(item.kind == "gif" ? "GIF" : "Video")])) }
            return .element("li", [:], [.element("a", ["href": Routes.relative(from: page, to: Routes.tweetImage(id, number: index + 1))], inner)])
        }
        return .element("ul", ["class": "tweet-media"], items, block: true)
    }

    static func describe(_ item: StoredMedia, _ index: Int) -> String {
        item.kind == "photo" ? "Photo \(index + 1)" : item.kind == "gif" ? "GIF \(index + 1), preview" : "Video \(index + 1), preview"
    }

    /// The picture's size scaled to fit `box` pixels wide and high, keeping its shape.
    static func fit(_ item: StoredMedia, within box: Int) -> (Int, Int) {
        guard let width = item.width, let height = item.height, width > 0, height > 0 else { return (box, box * 3 / 4) }
        let scale = min(1, Double(box) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
