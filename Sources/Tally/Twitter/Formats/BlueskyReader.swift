/// Reads Bluesky's (AT Protocol) post views: `app.bsky.feed.defs#postView` and the feed items,
/// thread views and embedded records that carry them.
enum BlueskyReader {
    /// A post view; a post it quotes (an `app.bsky.embed.record#view`) goes into `related`.
    static func post(_ value: JSONValue, path: String, related: inout [ImportedTweet]) throws -> ImportedTweet {
        guard value.kind == .object, let uri = value["uri"]?.string, uri.hasPrefix("at://") else {
            throw ShapeError(path: path + ".uri", reason: "expected the post's at:// uri")
        }
        // A quoted post's view names its record `value`, a post view `record`.
        guard let record = value["record"] ?? value["value"], record.kind == .object else {
            throw ShapeError(path: path + ".record", reason: "expected the post's record (an object)")
        }
        guard let createdAt = (record["createdAt"] ?? value["indexedAt"])?.twitterDate else {
            throw ShapeError(path: path + ".record.createdAt", reason: "expected a date like 2024-11-30T16:20:25.023Z")
        }
        var post = ImportedTweet(id: uri, author: value["author"].flatMap(author), createdAt: createdAt,
                                 text: text(record["text"]?.string ?? "", facets: record["facets"]),
                                 language: record["langs"]?.firstElement?.string)
        post.network = .bluesky
        post.counts = PostCounts.read(value, replies: "replyCount", reposts: "repostCount", quotes: "quoteCount", likes: "likeCount")
        let embed = value["embed"] ?? value["embeds"]?.firstElement
        if let embed {
            post.media = media(embed)
            if let quoted = quotedRecord(embed), quoted["uri"]?.string != nil, quoted["value"] != nil || quoted["record"] != nil {
                let original = try self.post(quoted, path: path + ".embed.record", related: &related)
                related.append(original)
                post.quotes = original.id
            }
        }
        if let parent = record["reply"]?["parent"]?["uri"]?.string, parent.hasPrefix("at://") { post.replyTo = parent }
        if post.quotes == nil, let target = record["embed"]?["record"]?["uri"]?.string ?? record["embed"]?["record"]?["record"]?["uri"]?.string {
            post.quotes = target
        }
        return post
    }

    /// A feed item (`{post, reason, reply}`): the post itself, or, reposted, the repost; the
    /// reposted original and a reply's parent go into `related`.
    static func feedItem(_ value: JSONValue, path: String, related: inout [ImportedTweet]) throws -> ImportedTweet {
        guard let postView = value["post"] else { throw ShapeError(path: path + ".post", reason: "expected a post view") }
        let original = try post(postView, path: path + ".post", related: &related)
        if let parent = value["reply"]?["parent"], parent["uri"]?.string != nil, parent["record"] != nil {
            related.append(try post(parent, path: path + ".reply.parent", related: &related))
        }
        guard let reason = value["reason"], reason["$type"]?.string == "app.bsky.feed.defs#reasonRepost", let by = reason["by"].flatMap(author) else {
            return original
        }
        related.append(original)
        // A repost is the reposter's record; older answers leave out its uri, and the one made
        // here is the same each time the feed is fetched.
        let key = reason["uri"]?.string ?? "\(original.id)#repost-by-\(by.id)"
        var repost = ImportedTweet(id: key, author: by, createdAt: reason["indexedAt"]?.twitterDate ?? original.createdAt,
                                   text: original.text, language: original.language, retweetOf: original.id)
        repost.network = .bluesky
        return repost
    }

    /// The posts of a thread view, the post first, then its parents and replies, however deep
    /// (walked with a list, not recursion, so a deep thread cannot exhaust the stack).
    static func thread(_ value: JSONValue, path: String, related: inout [ImportedTweet]) throws -> [ImportedTweet] {
        var posts: [ImportedTweet] = []
        var pending: [(JSONValue, String)] = [(value, path)]
        while let (node, at) = pending.popLast() {
            guard node.kind == .object else { continue }
            if let view = node["post"], view["uri"]?.string != nil { posts.append(try post(view, path: at + ".post", related: &related)) }
            if let parent = node["parent"] { pending.append((parent, at + ".parent")) }
            for (index, reply) in (node["replies"]?.arrayItems ?? []).enumerated().reversed() {
                pending.append((reply, "\(at).replies[\(index)]"))
            }
        }
        return posts
    }

    /// A profile view as a person, kept by DID.
    static func author(_ value: JSONValue) -> ImportedUser? {
        guard value.kind == .object, let did = value["did"]?.string, did.hasPrefix("did:") else { return nil }
        let handle = value["handle"]?.string ?? did
        let display = value["displayName"]?.string ?? ""
        var user = ImportedUser(id: did, screenName: handle, name: display.isEmpty ? handle : display,
                                avatarURL: value["avatar"]?.string.flatMap(Routes.external), bio: value["description"]?.string)
        user.network = .bluesky
        return user
    }

    /// The text with its facets moved from UTF-8 byte offsets onto Unicode scalars. A mention
    /// names its handle as the text shows it (the person is kept by DID; the link leads to the
    /// DID's profile), a tag has no `#` in the record. A facet whose bytes fall outside the text or
    /// inside a character still counts (mentions and tags), with no place in the text.
    static func text(_ text: String, facets: JSONValue?) -> TweetText {
        // Scalar index at each UTF-8 byte offset that starts a scalar.
        var scalarAt: [Int: Int] = [:]
        var offset = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarAt[offset] = index
            offset += String(scalar).utf8.count
        }
        scalarAt[offset] = text.unicodeScalars.count
        let scalars = Array(text.unicodeScalars)
        var entities: [TextEntity] = []
        for facet in facets?.arrayItems ?? [] {
            var range: Range<Int>? = nil
            if let start = facet["index"]?["byteStart"]?.integerLike, let end = facet["index"]?["byteEnd"]?.integerLike,
               let from = scalarAt[Int(start)], let to = scalarAt[Int(end)], from < to {
                range = from..<to
            }
            let shown = range.map { String(String.UnicodeScalarView(scalars[$0])) }
            for feature in facet["features"]?.arrayItems ?? [] {
                switch feature["$type"]?.string {
                case "app.bsky.richtext.facet#mention":
                    guard let did = feature["did"]?.string else { continue }
                    let handle = shown.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 } ?? did
                    entities.append(TextEntity(kind: .user, value: handle.isEmpty ? did : handle, range: range,
                                               expandedURL: Routes.external("https://bsky.app/profile/" + did)))
                case "app.bsky.richtext.facet#tag":
                    guard let tag = feature["tag"]?.string, !tag.isEmpty else { continue }
                    let bare = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
                    entities.append(TextEntity(kind: .hashtag, value: bare, range: range,
                                               expandedURL: Routes.external("https://bsky.app/hashtag/" + Routes.percentEncodeComponent(bare))))
                case "app.bsky.richtext.facet#link":
                    guard let uri = feature["uri"]?.string, Routes.external(uri) != nil, let range else { continue }
                    entities.append(TextEntity(kind: .url, value: uri, range: range, expandedURL: uri, displayURL: shown))
                default:
                    continue
                }
                break
            }
        }
        // Overlapping facets would link one text twice: the first keeps its place.
        var taken: [Range<Int>] = []
        for index in entities.indices {
            guard let range = entities[index].range else { continue }
            if taken.contains(where: { $0.overlaps(range) }) { entities[index].range = nil } else { taken.append(range) }
        }
        return TweetText(text: text, entities: entities.filter { $0.kind != .url || $0.range != nil })
    }

    /// Pictures (`images#view`) and a video's thumbnail (`video#view`) of an embed view, also
    /// inside a quote with media (`recordWithMedia#view`).
    static func media(_ embed: JSONValue) -> [ImportedMedia] {
        switch embed["$type"]?.string {
        case "app.bsky.embed.images#view":
            return (embed["images"]?.arrayItems ?? []).compactMap { image in
                guard let src = (image["fullsize"] ?? image["thumb"])?.string.flatMap(Routes.external) else { return nil }
                return ImportedMedia(kind: .photo, imageURL: src, linkURL: src, alt: image["alt"]?.string,
                                     width: image["aspectRatio"]?["width"]?.integerLike.map(Int.init),
                                     height: image["aspectRatio"]?["height"]?.integerLike.map(Int.init))
            }
        case "app.bsky.embed.video#view":
            guard let thumb = embed["thumbnail"]?.string.flatMap(Routes.external) else { return [] }
            return [ImportedMedia(kind: .video, imageURL: thumb, linkURL: embed["playlist"]?.string.flatMap(Routes.external),
                                  alt: embed["alt"]?.string, width: embed["aspectRatio"]?["width"]?.integerLike.map(Int.init),
                                  height: embed["aspectRatio"]?["height"]?.integerLike.map(Int.init))]
        case "app.bsky.embed.recordWithMedia#view":
            return embed["media"].map(media) ?? []
        default:
            return []
        }
    }

    /// The quoted post's view of an embed (`record#view` or `recordWithMedia#view`), if any.
    private static func quotedRecord(_ embed: JSONValue) -> JSONValue? {
        switch embed["$type"]?.string {
        case "app.bsky.embed.record#view":
            return embed["record"]
        case "app.bsky.embed.recordWithMedia#view":
            return embed["record"]?["record"]
        default:
            return nil
        }
    }
}
