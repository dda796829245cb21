/// Reads API v2 search pages (`{data, includes, meta}`), as saved by twarc or by hand.
enum TwitterV2Reader {
    static func page(_ value: JSONValue, path: String, term: String?) throws -> TweetBatch {
        var users: [String: ImportedUser] = [:]
        if let list = value["includes"]?["users"]?.array {
            for item in list {
                guard let id = item["id"]?.identifier, let username = item["username"]?.string else { continue }
                users[id] = ImportedUser(id: id, screenName: username, name: item["name"]?.string ?? username,
                                         avatarURL: item["profile_image_url"]?.string, bio: item["description"]?.string,
                                         location: item["location"]?.string,
                                         website: item["entities"]?["url"]?["urls"]?.firstElement?["expanded_url"]?.string ?? item["url"]?.string)
            }
        }
        var media: [String: ImportedMedia] = [:]
        if let list = value["includes"]?["media"]?.array {
            for item in list {
                guard let key = item["media_key"]?.string, let image = (item["url"] ?? item["preview_image_url"])?.string else { continue }
                let type = item["type"]?.string ?? "photo"
                let kind: ImportedMedia.Kind = type == "video" ? .video : type == "animated_gif" ? .gif : .photo
                let best = item["variants"]?.array?.filter { $0["content_type"]?.string == "video/mp4" }
                    .max { ($0["bit_rate"]?.integerLike ?? 0) < ($1["bit_rate"]?.integerLike ?? 0) }
                media[key] = ImportedMedia(kind: kind, imageURL: image, linkURL: best?["url"]?.string, alt: item["alt_text"]?.string,
                                           width: item["width"]?.integerLike.map { Int(clamping: $0) },
                                           height: item["height"]?.integerLike.map { Int(clamping: $0) })
            }
        }
        var tweets: [ImportedTweet] = []
        var related: [ImportedTweet] = []
        if let data = value["data"] {
            switch data.kind {
            case .array:
                for (index, item) in data.array!.enumerated() {
                    tweets.append(try tweet(item, path: "\(path).data[\(index)]", users: users, media: media))
                }
            case .object:
                tweets.append(try tweet(data, path: "\(path).data", users: users, media: media))
            default:
                throw ShapeError(path: path + ".data", reason: "expected an array of tweets, found \(data.kind.described)")
            }
        }
        if let list = value["includes"]?["tweets"]?.array {
            for (index, item) in list.enumerated() {
                related.append(try tweet(item, path: "\(path).includes.tweets[\(index)]", users: users, media: media))
            }
        }
        let twarc = value["__twarc"]
        let recordedTerm = twarc?["url"]?.string.flatMap { QueryString.value(of: "query", in: $0) }
        let fetchedAt = twarc?["retrieved_at"]?.string.flatMap(TwitterDate.parse) ?? tweets.map(\.createdAt).max()
        return TweetBatch(term: term ?? recordedTerm, fetchedAt: fetchedAt, tweets: tweets, related: related)
    }

    static func tweet(_ value: JSONValue, path: @autoclosure () -> String, users: [String: ImportedUser],
                      media: [String: ImportedMedia] = [:]) throws -> ImportedTweet {
        guard value.kind == .object, let id = value["id"]?.identifier else {
            throw ShapeError(path: path(), reason: "expected a v2 tweet with an `id`, found \(value.keyList)")
        }
        guard let escaped = value["text"]?.string else { throw ShapeError(path: path(), reason: "expected the tweet's `text` string") }
        guard let createdAt = value["created_at"]?.twitterDate ?? Snowflake.seconds(id) else {
            throw ShapeError(path: path() + ".created_at", reason: "expected an ISO 8601 date like \"2021-09-22T16:37:29.000Z\"")
        }
        var entities: [TextEntity] = []
        if let block = value["entities"] {
            func each(_ key: StaticString, _ kind: TextEntity.Kind, valueKey: StaticString) {
                guard let list = block[key]?.array else { return }
                for item in list {
                    guard let text = item[valueKey]?.string else { continue }
                    var range: Range<Int>? = nil
                    if let start = item["start"]?.integerLike, let end = item["end"]?.integerLike, start >= 0, start <= end, end < Int64(Int32.max) {
                        range = Int(start)..<Int(end)
                    }
                    entities.append(TextEntity(kind: kind, value: text, range: range,
                                               expandedURL: item["expanded_url"]?.string, displayURL: item["display_url"]?.string))
                }
            }
            each("hashtags", .hashtag, valueKey: "tag")
            each("mentions", .user, valueKey: "username")
            each("urls", .url, valueKey: "url")
            entities.sort { ($0.range?.lowerBound ?? Int.max) < ($1.range?.lowerBound ?? Int.max) }
        }
        var tweet = ImportedTweet(id: id, author: value["author_id"]?.identifier.flatMap { users[$0] }, createdAt: createdAt,
                                  text: TweetText(escaped: escaped, entities: entities), language: value["lang"]?.string)
        if let keys = value["attachments"]?["media_keys"]?.array {
            tweet.media = keys.compactMap { $0.string.flatMap { media[$0] } }
        }
        if let references = value["referenced_tweets"]?.array {
            for reference in references {
                guard let kind = reference["type"]?.string, let target = reference["id"]?.identifier else { continue }
                if kind == "retweeted" { tweet.retweetOf = target }
                if kind == "quoted" { tweet.quotes = target }
                if kind == "replied_to" {
                    tweet.replyTo = target
                    tweet.replyToUser = value["in_reply_to_user_id"]?.identifier.flatMap { users[$0]?.screenName }
                }
            }
        }
        // A retweet's own counts are its original's (and 0 likes): only an original keeps them.
        if tweet.retweetOf == nil {
            tweet.counts = PostCounts.read(value["public_metrics"], replies: "reply_count", reposts: "retweet_count", quotes: "quote_count", likes: "like_count")
        }
        return tweet
    }
}
