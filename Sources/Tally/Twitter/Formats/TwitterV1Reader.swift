/// Reads API v1.1 statuses (search results, timelines, single statuses) and archive tweets,
/// which share v1.1's field names.
enum TwitterV1Reader {
    /// Reads one status at `path`, adding retweeted and quoted originals to `related`.
    static func status(_ value: JSONValue, path: @autoclosure () -> String, related: inout [ImportedTweet]) throws -> ImportedTweet {
        guard value.kind == .object else { throw ShapeError(path: path(), reason: "expected a tweet object, found \(value.kind.described)") }
        guard let id = (value["id_str"] ?? value["id"])?.identifier else {
            throw ShapeError(path: path(), reason: "expected a tweet with `id_str` or `id`, found keys \(value.keyList)")
        }
        let extended = value["extended_tweet"].flatMap { $0.kind == .object ? $0 : nil }
        guard let escaped = (extended?["full_text"] ?? value["full_text"] ?? value["text"])?.string else {
            throw ShapeError(path: path(), reason: "expected the tweet's `text` or `full_text` string")
        }
        let createdAt = value["created_at"]?.twitterDate ?? Snowflake.seconds(id)
        guard let createdAt else {
            throw ShapeError(path: path() + ".created_at", reason: "expected a date like \"Fri Dec 20 16:52:25 +0000 2013\"")
        }
        let text: TweetText
        if let entities = (extended?["entities"] ?? value["entities"]), entities.kind == .object {
            text = TweetText(escaped: escaped, entities: try Self.entities(entities, path: path() + ".entities"))
        } else {
            let plain = TweetText(escaped: escaped, entities: [])
            text = TweetText(text: plain.text, entities: TweetText.extractEntities(from: plain.text))
        }
        var tweet = ImportedTweet(id: id, author: try value["user"].flatMap { try user($0, path: path() + ".user") },
                                  createdAt: createdAt, text: text, language: value["lang"]?.string)
        let mediaList = (extended?["extended_entities"] ?? value["extended_entities"])?["media"]?.array
            ?? (extended?["entities"] ?? value["entities"])?["media"]?.array
        if let mediaList { tweet.media = mediaList.compactMap(Self.media) }
        tweet.replyTo = value["in_reply_to_status_id_str"]?.identifier ?? value["in_reply_to_status_id"]?.identifier
        if tweet.replyTo != nil { tweet.replyToUser = value["in_reply_to_screen_name"]?.string }
        if let original = value["retweeted_status"], original.kind == .object {
            let retweeted = try status(original, path: path() + ".retweeted_status", related: &related)
            tweet.retweetOf = retweeted.id
            related.append(retweeted)
        } else {
            // A retweet's own counts are its original's (and 0 likes): only an original keeps them.
            tweet.counts = PostCounts.read(value, replies: "reply_count", reposts: "retweet_count", quotes: "quote_count", likes: "favorite_count")
        }
        if let quoted = value["quoted_status"], quoted.kind == .object {
            let original = try status(quoted, path: path() + ".quoted_status", related: &related)
            tweet.quotes = original.id
            related.append(original)
        } else if let quotedID = value["quoted_status_id_str"]?.identifier {
            tweet.quotes = quotedID
        }
        return tweet
    }

    static func user(_ value: JSONValue, path: @autoclosure () -> String) throws -> ImportedUser? {
        guard value.kind == .object else { return nil }
        guard let id = (value["id_str"] ?? value["id"])?.identifier, let screenName = value["screen_name"]?.string else {
            throw ShapeError(path: path(), reason: "expected a user with `id_str` and `screen_name`")
        }
        let website = value["entities"]?["url"]?["urls"]?.firstElement?["expanded_url"]?.string ?? value["url"]?.string
        return ImportedUser(id: id, screenName: screenName, name: value["name"]?.string ?? screenName,
                            avatarURL: (value["profile_image_url_https"] ?? value["profile_image_url"])?.string,
                            bio: value["description"]?.string, location: value["location"]?.string, website: website)
    }

    /// One `extended_entities.media` item: a photo, or a video or GIF with its preview image.
    static func media(_ item: JSONValue) -> ImportedMedia? {
        guard item.kind == .object, let image = (item["media_url_https"] ?? item["media_url"])?.string else { return nil }
        let type = item["type"]?.string ?? "photo"
        let kind: ImportedMedia.Kind = type == "video" ? .video : type == "animated_gif" ? .gif : .photo
        var link = item["expanded_url"]?.string
        if kind != .photo, let variants = item["video_info"]?["variants"]?.array {
            let best = variants.filter { $0["content_type"]?.string == "video/mp4" }
                .max { ($0["bitrate"]?.integerLike ?? 0) < ($1["bitrate"]?.integerLike ?? 0) }
            link = best?["url"]?.string ?? link
        }
        let size = item["original_info"] ?? item["sizes"]?["large"]
        let width = (size?["width"] ?? size?["w"])?.integerLike
        let height = (size?["height"] ?? size?["h"])?.integerLike
        return ImportedMedia(kind: kind, imageURL: image, linkURL: link, alt: item["ext_alt_text"]?.string,
                             width: width.map { Int(clamping: $0) }, height: height.map { Int(clamping: $0) })
    }

    static func entities(_ value: JSONValue, path: @autoclosure () -> String) throws -> [TextEntity] {
        var found: [TextEntity] = []
        found.reserveCapacity(4)
        func each(_ key: StaticString, _ kind: TextEntity.Kind, valueKey: StaticString) throws {
            guard let list = value[key]?.array else { return }
            for (index, item) in list.enumerated() {
                guard let text = item[valueKey]?.string else {
                    throw ShapeError(path: "\(path()).\(key)[\(index)]", reason: "expected a `\(valueKey)` string")
                }
                var range: Range<Int>? = nil
                if let indices = item["indices"]?.array, indices.count == 2 {
                    let bounds = indices.compactMap { $0.integerLike }
                    if bounds.count == 2, bounds[0] >= 0, bounds[0] <= bounds[1], bounds[1] < Int64(Int32.max) {
                        range = Int(bounds[0])..<Int(bounds[1])
                    }
                }
                found.append(TextEntity(kind: kind, value: text, range: range,
                                        expandedURL: item["expanded_url"]?.string, displayURL: item["display_url"]?.string))
            }
        }
        try each("hashtags", .hashtag, valueKey: "text")
        try each("user_mentions", .user, valueKey: "screen_name")
        try each("urls", .url, valueKey: "url")
        try each("media", .url, valueKey: "url")
        return found.sorted { ($0.range?.lowerBound ?? Int.max) < ($1.range?.lowerBound ?? Int.max) }
    }
}

/// Twitter ids since late 2010 carry their creation time (milliseconds since Twitter's epoch, shifted by 22 bits).
enum Snowflake {
    static func seconds(_ id: String) -> Int64? {
        guard let value = UInt64(id), value > 1 << 32 else { return nil }
        return Int64(((value >> 22) + 1_288_834_974_657) / 1000)
    }
}
