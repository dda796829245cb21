import Foundation

/// Reads Mastodon's REST API statuses and accounts, and an export's ActivityStreams notes.
enum MastodonReader {
    /// One REST status; a boost (`reblog`) comes back as the boost, carrying the original's text,
    /// with the original (and any quoted status) in `related`.
    static func status(_ value: JSONValue, path: String, related: inout [ImportedTweet]) throws -> ImportedTweet {
        guard value.kind == .object else { throw ShapeError(path: path, reason: "expected a status object") }
        guard let key = (value["uri"] ?? value["url"])?.string, PostKey.isMastodonKey(key) else {
            throw ShapeError(path: path + ".uri", reason: "expected the status's uri (an http or https address)")
        }
        guard let createdAt = value["created_at"]?.twitterDate else {
            throw ShapeError(path: path + ".created_at", reason: "expected a date like 2023-05-28T12:06:50.000Z")
        }
        let author = value["account"].flatMap(account)
        if let reblog = value["reblog"], reblog.kind == .object {
            let original = try status(reblog, path: path + ".reblog", related: &related)
            related.append(original)
            var boost = ImportedTweet(id: key, author: author, createdAt: createdAt, text: original.text,
                                      language: original.language, retweetOf: original.id)
            boost.network = .mastodon
            boost.webURL = value["url"]?.string.flatMap(Routes.external) ?? original.webURL
            boost.warning = original.warning
            return boost
        }
        let mentions = mentionNames(value["mentions"])
        var text = MastodonHTML.text(value["content"]?.string ?? "") { href, shown in
            if let href, let name = mentions[href] { return name }
            return accountName(fromProfile: href, shown: shown)
        }
        addUnplacedTags(value["tags"], to: &text)
        var post = ImportedTweet(id: key, author: author, createdAt: createdAt, text: text, language: value["language"]?.string)
        post.network = .mastodon
        post.webURL = value["url"]?.string.flatMap(Routes.external)
        post.warning = value["spoiler_text"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        post.media = (value["media_attachments"]?.arrayItems ?? []).compactMap(restMedia)
        post.counts = PostCounts.read(value, replies: "replies_count", reposts: "reblogs_count", quotes: "quotes_count", likes: "favourites_count")
        // `quote` is false, null or `{state, quoted_status}` depending on the server's version.
        if let quote = value["quote"], quote.kind == .object, let quoted = quote["quoted_status"], quoted.kind == .object {
            let original = try status(quoted, path: path + ".quote.quoted_status", related: &related)
            related.append(original)
            post.quotes = original.id
        }
        return post
    }

    /// A REST account as the author of its statuses (nil when it names no account).
    static func account(_ value: JSONValue) -> ImportedUser? {
        guard value.kind == .object, let acct = (value["acct"] ?? value["username"])?.string,
              let name = PostKey.mastodonAccount(acct: acct, profileURL: (value["url"] ?? value["uri"])?.string) else { return nil }
        let display = value["display_name"]?.string ?? ""
        var user = ImportedUser(id: PostKey.mastodonUserID(name), screenName: name, name: display.isEmpty ? (value["username"]?.string ?? name) : display,
                                avatarURL: value["avatar"]?.string.flatMap(Routes.external),
                                bio: value["note"]?.string.map(MastodonHTML.plainText))
        user.network = .mastodon
        return user
    }

    /// An export's `actor.json` (or any ActivityPub actor) as the author of its notes.
    static func actor(_ value: JSONValue) -> ImportedUser? {
        guard value.kind == .object, let username = value["preferredUsername"]?.string,
              let name = PostKey.mastodonAccount(acct: username, profileURL: (value["id"] ?? value["url"])?.string) else { return nil }
        let display = value["name"]?.string ?? ""
        // An export names its avatar by a file inside it (`avatar.jpg`): only an address is kept.
        var user = ImportedUser(id: PostKey.mastodonUserID(name), screenName: name, name: display.isEmpty ? username : display,
                                avatarURL: value["icon"]?["url"]?.string.flatMap(Routes.external),
                                bio: value["summary"]?.string.map(MastodonHTML.plainText))
        user.network = .mastodon
        return user
    }

    /// One ActivityStreams activity of an outbox: a `Create` of a note, or an `Announce` (a
    /// boost) whose object is only the boosted post's URI. Anything else is nil.
    static func activity(_ value: JSONValue, path: String, owner: ImportedUser?) throws -> ImportedTweet? {
        guard value.kind == .object, let type = value["type"]?.string else { return nil }
        switch type {
        case "Create":
            guard let object = value["object"], object.kind == .object else { return nil }
            return try note(object, path: path + ".object", owner: owner)
        case "Announce":
            guard let key = value["id"]?.string, PostKey.isMastodonKey(key),
                  let target = value["object"]?.string ?? value["object"]?["id"]?.string, !target.isEmpty else {
                return nil
            }
            guard let createdAt = value["published"]?.twitterDate else {
                throw ShapeError(path: path + ".published", reason: "expected a date like 2016-11-01T20:36:49Z")
            }
            // The boosted post is not in the export: the boost shows a link to it (an old
            // OStatus `tag:` URI leads nowhere, and stays text).
            let link = Routes.external(target).map { [TextEntity(kind: .url, value: target, range: 0..<target.unicodeScalars.count, expandedURL: $0)] }
            let text = TweetText(text: target, entities: link ?? [])
            var boost = ImportedTweet(id: key, author: owner, createdAt: createdAt, text: text, retweetOf: target)
            boost.network = .mastodon
            return boost
        default:
            return nil
        }
    }

    /// A `Note` (or `Question`, `Article`) object.
    static func note(_ object: JSONValue, path: String, owner: ImportedUser?) throws -> ImportedTweet? {
        guard let key = object["id"]?.string, PostKey.isMastodonKey(key) else { return nil }
        guard let createdAt = object["published"]?.twitterDate else {
            throw ShapeError(path: path + ".published", reason: "expected a date like 2016-11-01T19:18:43Z")
        }
        var mentions: [String: String] = [:]
        var tags: [String] = []
        for tag in object["tag"]?.arrayItems ?? [] {
            guard let type = tag["type"]?.string, let name = tag["name"]?.string else { continue }
            if type == "Mention", let href = tag["href"]?.string,
               let account = PostKey.mastodonAccount(acct: name, profileURL: href) {
                mentions[href] = account
            } else if type == "Hashtag" {
                tags.append(name.hasPrefix("#") ? String(name.dropFirst()) : name)
            }
        }
        var text = MastodonHTML.text(object["content"]?.string ?? "") { href, shown in
            if let href, let name = mentions[href] { return name }
            // Mention tags name the account's `users/` address, the HTML its `@name` page.
            let short = shown.hasPrefix("@") ? String(shown.dropFirst()) : shown
            if let found = mentions.values.first(where: { $0.lowercased().hasPrefix(short.lowercased() + "@") }) { return found }
            return accountName(fromProfile: href, shown: shown)
        }
        for tag in tags where !tag.isEmpty && !text.entities.contains(where: { $0.kind == .hashtag && $0.folded == tag.lowercased() }) {
            text.entities.append(TextEntity(kind: .hashtag, value: tag, range: nil))
        }
        var post = ImportedTweet(id: key, author: owner, createdAt: createdAt, text: text)
        post.network = .mastodon
        post.webURL = object["url"]?.string.flatMap(Routes.external)
        post.warning = object["summary"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        // An export names the parent by its ActivityPub id, which is its key here (the REST API's
        // `in_reply_to_id` is a server's own number, which keys nothing).
        if let parent = object["inReplyTo"]?.string, PostKey.isMastodonKey(parent) { post.replyTo = parent }
        post.media = (object["attachment"]?.arrayItems ?? []).compactMap(exportMedia)
        if let fields = object["contentMap"]?.fields { for (language, _) in fields { post.language = language; break } }
        return post
    }

    /// `name@instance` for a mention whose account the status does not list, from the address
    /// it links to (`https://instance/@name` or `https://instance/users/name`).
    static func accountName(fromProfile href: String?, shown: String) -> String? {
        guard let href, let components = URLComponents(string: href), let host = components.host, !host.isEmpty else { return nil }
        let last = components.path.split(separator: "/").last.map(String.init) ?? ""
        let name = last.hasPrefix("@") ? String(last.dropFirst()) : last
        let fallback = shown.hasPrefix("@") ? String(shown.dropFirst()) : shown
        let chosen = name.isEmpty || name.contains("@") ? fallback : name
        guard !chosen.isEmpty else { return nil }
        return chosen.contains("@") ? chosen : chosen + "@" + host
    }

    /// The status's `mentions`, as `name@instance` by profile address.
    private static func mentionNames(_ list: JSONValue?) -> [String: String] {
        var names: [String: String] = [:]
        for mention in list?.arrayItems ?? [] {
            guard let url = mention["url"]?.string, let acct = mention["acct"]?.string,
                  let name = PostKey.mastodonAccount(acct: acct, profileURL: url) else { continue }
            names[url] = name
        }
        return names
    }

    /// Tags in `tags` that the HTML did not link (rare: a server's featured tags) still count,
    /// with no place in the text. `tags[].name` is lower-cased; a tag the text shows keeps the
    /// author's spelling from the text.
    private static func addUnplacedTags(_ tags: JSONValue?, to text: inout TweetText) {
        for tag in tags?.arrayItems ?? [] {
            guard let name = tag["name"]?.string, !name.isEmpty else { continue }
            if text.entities.contains(where: { $0.kind == .hashtag && $0.folded == name.lowercased() }) { continue }
            text.entities.append(TextEntity(kind: .hashtag, value: name, range: nil, expandedURL: tag["url"]?.string.flatMap(Routes.external)))
        }
    }

    /// A REST `media_attachments` item: pictures by their full address, videos and GIFs by
    /// their preview; audio and unknown types only when they have a preview.
    private static func restMedia(_ item: JSONValue) -> ImportedMedia? {
        let type = item["type"]?.string ?? ""
        let full = (item["url"] ?? item["remote_url"])?.string.flatMap(Routes.external)
        let preview = item["preview_url"]?.string.flatMap(Routes.external)
        let size = item["meta"]?["original"]
        let width = size?["width"]?.integerLike.map(Int.init)
        let height = size?["height"]?.integerLike.map(Int.init)
        let alt = item["description"]?.string
        switch type {
        case "image":
            guard let image = full ?? preview else { return nil }
            return ImportedMedia(kind: .photo, imageURL: image, linkURL: full, alt: alt, width: width, height: height)
        case "gifv", "video", "audio":
            guard let preview else { return nil }
            return ImportedMedia(kind: type == "gifv" ? .gif : .video, imageURL: preview, linkURL: full, alt: alt, width: width, height: height)
        default:
            guard let preview else { return nil }
            return ImportedMedia(kind: .photo, imageURL: preview, linkURL: full, alt: alt, width: width, height: height)
        }
    }

    /// An export's `attachment` item: its `url` is a path inside the export (with or without a
    /// leading slash) or an address; the picture is found by its file name among the copied ones.
    private static func exportMedia(_ item: JSONValue) -> ImportedMedia? {
        guard let url = item["url"]?.string, !url.isEmpty else { return nil }
        let type = item["mediaType"]?.string ?? ""
        let kind: ImportedMedia.Kind = type.hasPrefix("video/") ? .video : .photo
        return ImportedMedia(kind: kind, imageURL: url, alt: item["name"]?.string,
                             width: item["width"]?.integerLike.map(Int.init), height: item["height"]?.integerLike.map(Int.init))
    }
}
