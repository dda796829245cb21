extension PostCard {
    /// The card for `tweet`, with what its chunk knows of the posts it retweets or quotes and their
    /// pictures, and the directory's knowledge of which people and hashtags have pages.
    init(_ tweet: StoredTweet, chunk: TweetChunk, directory: TwitterDirectory) {
        let from = SharedParts.page
        retweetVerb = tweet.network.repostVerb
        if let id = tweet.retweetOf, let original = chunk.referenced[id] {
            isRetweet = true
            retweetedBy = PostCard.Person(tweet.author, directory: directory)
            retweetHref = Routes.relative(from: from, to: Routes.tweet(tweet.id))
            retweetTime = PostCard.Time(tweet.createdAt)
            post = PostCard.Post(original, chunk: chunk, directory: directory, nested: false)
        } else {
            let own = PostCard.Post(tweet, chunk: chunk, directory: directory, nested: false)
            if tweet.network == .twitter, var shown = own.asArchiveRetweet() {
                // An archive keeps a retweet as its own text, "RT @x: …", with no original to
                // show: the card still says who retweeted, and shows the rest as @x's post.
                isRetweet = true
                retweetedBy = own.person
                retweetHref = own.href
                retweetTime = own.time
                shown.hasWebLink = false
                post = shown
            } else {
                isRetweet = false
                retweetedBy = PostCard.Person(nil, directory: directory)
                retweetHref = ""
                retweetTime = PostCard.Time(iso: "", text: "")
                post = own
            }
        }
    }
}

extension PostCard.Post {
    init(_ tweet: StoredTweet, chunk: TweetChunk, directory: TwitterDirectory, nested: Bool) {
        let from = SharedParts.page
        person = PostCard.Person(tweet.author, directory: directory)
        href = Routes.relative(from: from, to: Routes.tweet(tweet.id))
        time = PostCard.Time(tweet.createdAt)
        network = tweet.network.rawValue
        networkLabel = tweet.network.label
        webHref = Routes.postOnWeb(tweet) ?? ""
        hasWebLink = !webHref.isEmpty
        isReply = tweet.replyTo != nil
        replyingTo = tweet.replyToUser.map { "@" + $0 } ?? "a post"
        let parent = tweet.replyTo.flatMap { chunk.parents.contains($0) ? $0 : nil }
        hasParentLink = parent != nil
        parentHref = parent.map { Routes.relative(from: from, to: Routes.tweet($0)) } ?? ""
        warning = tweet.warning ?? ""
        hasWarning = !warning.isEmpty
        text = PostCard.TextPart.parts(tweet.text, directory: directory)
        let items = chunk.media[tweet.id] ?? []
        hasMedia = !items.isEmpty
        media = items.enumerated().compactMap { index, item in
            guard let src = directory.imageSource(item.imageURL, tweet: tweet.id, from: from) else { return nil }
            let (width, height) = TweetHTML.fit(item, within: 240)
            return PostCard.Media(href: Routes.relative(from: from, to: Routes.tweetImage(tweet.id, number: index + 1)), src: src,
                             alt: item.alt ?? TweetHTML.describe(item, index), width: width, height: height,
                             hasBadge: item.kind != "photo", badge: item.kind == "gif" ? "GIF" : "Video")
        }
        if !nested, let id = tweet.quotes, let quoted = chunk.referenced[id] {
            hasQuote = true
            quote = [PostCard.Post(quoted, chunk: chunk, directory: directory, nested: true)]
        } else {
            hasQuote = false
            quote = []
        }
        text = Self.withoutShownLinks(text, media: !media.isEmpty, quoted: hasQuote ? tweet.quotes : nil)
        let phrases = nested ? [] : tweet.counts.phrases(on: tweet.network)
        counts = phrases.enumerated().map { PostCard.Count(text: $1, separator: $0 == phrases.count - 1 ? "" : " · ") }
        hasCounts = !counts.isEmpty
    }

    /// This post read as an archive retweet, "RT @x: text": the post by @x (as the mention names
    /// them, linked as the mention is) with the text after the colon; nil for any other post.
    /// Made from the tweet alone, so the card changes only with it.
    func asArchiveRetweet() -> PostCard.Post? {
        guard text.count >= 3, text[0].isText, text[0].value == "RT ", text[1].isLink, text[1].linkClass == "mention",
              text[2].isText, text[2].value.hasPrefix(": ") else { return nil }
        var post = self
        let handle = String(text[1].value.drop { $0 == "@" || $0 == "＠" })
        post.person = PostCard.Person(isKnown: true, name: "@" + handle, hasPage: !text[1].href.isEmpty, pageHref: text[1].href,
                                      hasHandle: false, handle: handle, initials: String(handle.prefix(1)).uppercased(), hasAvatar: false, avatarSrc: "")
        var rest = Array(text.dropFirst(2))
        rest[0].value = String(rest[0].value.dropFirst(2))
        if rest[0].value.isEmpty { rest.removeFirst() }
        post.text = rest
        // An archive counts a retweet's retweets as its original's, and none of its likes.
        post.counts = []
        post.hasCounts = false
        return post
    }

    /// The text without the links to what the card already shows: Twitter puts a picture's
    /// `pic.twitter.com/…` link and the quoted tweet's address at the end of the text (a Bluesky
    /// client the quoted post's bsky.app address), and the card shows the picture and the quote
    /// themselves. Line breaks left at the end go too.
    static func withoutShownLinks(_ parts: [PostCard.TextPart], media: Bool, quoted: String?) -> [PostCard.TextPart] {
        guard media || quoted != nil else { return parts }
        func shown(_ part: PostCard.TextPart) -> Bool {
            guard part.isLink, part.linkClass == "link" else { return false }
            let address = part.title.lowercased()
            if media, part.value.hasPrefix("pic.twitter.com/") || address.contains("/photo/") || address.contains("/video/") { return true }
            if let quoted, address.hasPrefix("https://twitter.com/") || address.hasPrefix("https://x.com/") || address.hasPrefix("http://twitter.com/") {
                let path = address.split(separator: "?").first ?? ""
                return path.hasSuffix("/status/" + quoted) || path.hasSuffix("/status/" + quoted + "/")
            }
            // Bluesky: the post's address on bsky.app ends in its record key, as its at:// URI does.
            if let quoted, quoted.hasPrefix("at://"), quoted.contains("/app.bsky.feed.post/"), address.hasPrefix("https://bsky.app/profile/"),
               let key = quoted.split(separator: "/").last {
                let path = address.split(separator: "?").first ?? ""
                return path.hasSuffix("/post/" + key.lowercased()) || path.hasSuffix("/post/" + key.lowercased() + "/")
            }
            return false
        }
        var kept = parts.filter { !shown($0) }
        while let last = kept.last, last.isBreak || (last.isText && last.value.allSatisfy(\.isWhitespace)) { kept.removeLast() }
        return kept
    }
}

extension PostCard.Person {
    init(_ user: StoredUser?, directory: TwitterDirectory) {
        guard let user else {
            self.init(isKnown: false, name: "Unknown author", hasPage: false, pageHref: "", hasHandle: false, handle: "",
                      initials: TweetHTML.initials(nil), hasAvatar: false, avatarSrc: "")
            return
        }
        let page = directory.personPath(user.screenName).map { Routes.relative(from: SharedParts.page, to: $0) }
        let avatar = directory.ownerPicture(.avatar, of: user).map { Routes.relative(from: SharedParts.page, to: $0) }
            ?? user.avatarURL.flatMap(Routes.secureImage)
        self.init(isKnown: true, name: user.name.isEmpty ? "@" + user.screenName : user.name, hasPage: page != nil, pageHref: page ?? "",
                  hasHandle: true, handle: user.screenName, initials: TweetHTML.initials(user), hasAvatar: avatar != nil,
                  avatarSrc: avatar ?? "")
    }
}

extension PostCard.Time {
    init(_ seconds: Int64) {
        self.init(iso: UTCTime.iso(seconds), text: UTCTime.format(seconds) + " UTC")
    }
}

extension PostCard.TextPart {
    private static func plain(_ text: String) -> PostCard.TextPart {
        PostCard.TextPart(isText: true, isBreak: false, isLink: false, value: text, linkClass: "", href: "", isExternal: false, hasTitle: false, title: "")
    }

    private static let lineBreak = PostCard.TextPart(isText: false, isBreak: true, isLink: false, value: "", linkClass: "", href: "",
                                                isExternal: false, hasTitle: false, title: "")

    private static func link(_ shown: String, kind: String, href: String, title: String? = nil) -> PostCard.TextPart {
        PostCard.TextPart(isText: false, isBreak: false, isLink: true, value: shown, linkClass: kind, href: href, isExternal: kind == "link",
                     hasTitle: title != nil, title: title ?? "")
    }

    /// The text with line breaks kept and its hashtags, mentions and links linked, each over
    /// exactly its own code points; entities that overlap or fall outside the text stay plain.
    static func parts(_ text: TweetText, directory: TwitterDirectory) -> [PostCard.TextPart] {
        // Entities count code points: each slice's ends are found by walking the scalars from the
        // last end (they come in order), and its text copied as it is stored. Built a scalar at
        // a time from an array of them, the slices were 3 % of a 20k full build.
        let view = text.text.unicodeScalars
        let scalarCount = view.count
        var walked = (offset: 0, index: view.startIndex)
        func index(_ offset: Int) -> String.Index {
            if offset < walked.offset { walked = (0, view.startIndex) }
            walked = (offset, view.index(walked.index, offsetBy: offset - walked.offset))
            return walked.index
        }
        func slice(_ range: Range<Int>) -> String {
            let start = index(range.lowerBound)
            return String(view[start..<index(range.upperBound)])
        }
        var parts: [PostCard.TextPart] = []
        // Lines end at each line feed but one ending a CR LF pair, which is one character (as
        // splitting the text's characters on "\n" found them), found on the text's bytes.
        func plain(_ string: String) {
            let utf8 = string.utf8
            var lineStart = utf8.startIndex
            var previous: UInt8 = 0
            var position = utf8.startIndex
            func line(to end: String.Index) {
                if lineStart < end { parts.append(.plain(String(Substring(utf8[lineStart..<end])))) }
            }
            while position < utf8.endIndex {
                let byte = utf8[position]
                if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                    line(to: position)
                    parts.append(lineBreak)
                    lineStart = utf8.index(after: position)
                }
                previous = byte
                position = utf8.index(after: position)
            }
            line(to: utf8.endIndex)
        }
        let from = SharedParts.page
        var cursor = 0
        let placed = text.entities.compactMap { entity in entity.range.map { (entity, $0) } }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (entity, range) in placed where range.lowerBound >= cursor && range.upperBound <= scalarCount && !range.isEmpty {
            if range.lowerBound > cursor { plain(slice(cursor..<range.lowerBound)) }
            let shown = slice(range)
            switch entity.kind {
            case .hashtag:
                parts.append(.link(shown, kind: "hashtag", href: directory.hashtagHref(entity.value, folded: entity.folded, web: entity.expandedURL, from: from)))
            case .user:
                parts.append(.link(shown, kind: "mention", href: directory.userHref(entity.value, web: entity.expandedURL, from: from)))
            case .url:
                if let target = Routes.external(entity.expandedURL ?? entity.value) ?? Routes.external(entity.value) {
                    parts.append(.link(entity.displayURL ?? shown, kind: "link", href: target,
                                       title: entity.expandedURL.map(MarkdownEscaping.removingDirectionalControls)))
                } else {
                    plain(shown)
                }
            }
            cursor = range.upperBound
        }
        if cursor < scalarCount { plain(slice(cursor..<scalarCount)) }
        return parts
    }
}
