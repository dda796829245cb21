/// The Mastodon documents Tally reads, told apart by content, never by file name.
public enum MastodonFormat: String, DocumentFormat, CaseIterable {
    /// A list of statuses (`/api/v1/timelines/tag/:tag`, `/timelines/public`, `/accounts/:id/statuses`).
    case statuses = "Mastodon statuses"
    /// One status (`/api/v1/statuses/:id`, or a boost's answer).
    case status = "Mastodon status"
    /// A status's thread (`/api/v1/statuses/:id/context`).
    case context = "Mastodon context"
    /// A search (`/api/v2/search`).
    case search = "Mastodon search"
    /// An export's `outbox.json`, or an outbox page as a server serves it; also the export's
    /// `likes.json` and `bookmarks.json`, whose bare URIs hold no post to store.
    case outbox = "Mastodon outbox"
    /// An export's `actor.json`: its owner.
    case actor = "Mastodon actor"
    /// One ActivityStreams `Create` or `Announce` activity, as an outbox holds them.
    case activity = "Mastodon activity"

    public var name: String { rawValue }

    public var shape: String {
        switch self {
        case .statuses: return "[{id, uri, content, account}, …]"
        case .status: return "{id, uri, content, account}"
        case .context: return "{ancestors, descendants}"
        case .search: return "{accounts, statuses, hashtags}"
        case .outbox: return "{type: OrderedCollection(Page), orderedItems}"
        case .actor: return "{type: Person, preferredUsername, outbox}"
        case .activity: return "{type: Create or Announce, actor, object}"
        }
    }

    /// Claims by shape, strictly: a status has a `uri`, an HTML `content` and an `account`
    /// object (no tweet has all three); an outbox names its ActivityStreams type.
    public func claims(_ root: JSONValue) -> Bool {
        switch self {
        case .statuses:
            guard root.kind == .array, let first = root.firstElement else { return false }
            return Self.isStatus(first)
        case .status:
            return Self.isStatus(root)
        case .context:
            return root.kind == .object && root["ancestors"]?.kind == .array && root["descendants"]?.kind == .array
        case .search:
            return root.kind == .object && root["accounts"]?.kind == .array && root["statuses"]?.kind == .array
                && root["hashtags"]?.kind == .array
        case .outbox:
            guard root.kind == .object, let type = root["type"]?.string, root["orderedItems"]?.kind == .array else { return false }
            return type == "OrderedCollection" || type == "OrderedCollectionPage"
        case .actor:
            guard root.kind == .object, let type = root["type"]?.string else { return false }
            return ["Person", "Service", "Application", "Group", "Organization"].contains(type)
                && root["preferredUsername"]?.kind == .string && root["outbox"] != nil
        case .activity:
            guard root.kind == .object, let type = root["type"]?.string, type == "Create" || type == "Announce" else { return false }
            return root["actor"]?.kind == .string && root["object"] != nil
        }
    }

    static func isStatus(_ value: JSONValue) -> Bool {
        value.kind == .object && value["uri"]?.kind == .string && value["content"]?.kind == .string
            && value["account"]?.kind == .object && value["created_at"] != nil
    }

    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        var batch = try posts(root, path: path, options: options)
        batch.fileModifiedAt = options.fileModifiedAt
        batch.network = .mastodon
        if let name = options["timeline"] { batch.timeline = name }
        return batch
    }

    private func posts(_ root: JSONValue, path: String, options: ImportOptions) throws -> TweetBatch {
        var related: [ImportedTweet] = []
        func list(_ value: JSONValue?, _ at: String) throws -> [ImportedTweet] {
            return try (value?.arrayItems ?? []).enumerated().map { index, item in try MastodonReader.status(item, path: "\(at)[\(index)]", related: &related) }
        }
        switch self {
        case .statuses:
            let posts = try list(root, path)
            var batch = TweetBatch(term: options["term"] ?? Self.commonTag(posts), fetchedAt: posts.map(\.createdAt).max(), tweets: posts, related: related)
            if batch.term == nil, !posts.isEmpty { batch.timeline = Self.timelineName(posts) }
            return batch
        case .status:
            let post = try MastodonReader.status(root, path: path, related: &related)
            return TweetBatch(term: options["term"], fetchedAt: post.createdAt, tweets: [post], related: related)
        case .context:
            let posts = try list(root["ancestors"], path + ".ancestors") + list(root["descendants"], path + ".descendants")
            return TweetBatch(term: options["term"], fetchedAt: posts.map(\.createdAt).max(), tweets: posts, related: related)
        case .search:
            let posts = try list(root["statuses"], path + ".statuses")
            // Its `accounts` are matches, not authors: people are kept for their posts (a prune
            // would remove them at once), so only the statuses' authors are stored.
            return TweetBatch(term: options["term"], fetchedAt: posts.map(\.createdAt).max(), tweets: posts, related: related)
        case .outbox:
            let owner = MastodonExport.owner(options) ?? Self.actorOf(root["orderedItems"]?.firstElement?["actor"])
            var posts: [ImportedTweet] = []
            for (index, item) in (root["orderedItems"]?.arrayItems ?? []).enumerated() {
                if let post = try MastodonReader.activity(item, path: "\(path).orderedItems[\(index)]", owner: owner) { posts.append(post) }
            }
            var batch = TweetBatch(term: options["term"], fetchedAt: posts.map(\.createdAt).max(), tweets: posts)
            if let owner { batch.people = [owner] }
            if batch.term == nil, let owner, !posts.isEmpty { batch.timeline = "@" + owner.screenName }
            return batch
        case .activity:
            let owner = MastodonExport.owner(options) ?? Self.actorOf(root["actor"])
            let posts = try MastodonReader.activity(root, path: path, owner: owner).map { [$0] } ?? []
            return TweetBatch(term: options["term"], fetchedAt: posts.first?.createdAt, tweets: posts)
        case .actor:
            var batch = TweetBatch(term: nil, tweets: [])
            batch.people = MastodonReader.actor(root).map { [$0] } ?? []
            return batch
        }
    }

    /// The tag every status carries, as `#Tag` in the first status's spelling: a tag timeline,
    /// which counts toward that tag's search. Nil when they share none (or more than one).
    static func commonTag(_ posts: [ImportedTweet]) -> String? {
        guard let first = posts.first else { return nil }
        var common = Set(first.text.entities.filter { $0.kind == .hashtag }.map(\.folded))
        for post in posts.dropFirst() { common.formIntersection(post.text.entities.filter { $0.kind == .hashtag }.map(\.folded)) }
        guard common.count == 1, let folded = common.first,
              let shown = first.text.entities.first(where: { $0.kind == .hashtag && $0.folded == folded })?.value else { return nil }
        return "#" + shown
    }

    /// One author's statuses are their timeline (`@name@instance`); any other list is the
    /// Mastodon timeline.
    static func timelineName(_ posts: [ImportedTweet]) -> String {
        let authors = Set(posts.compactMap { $0.author?.id })
        if authors.count == 1, let only = posts.first?.author?.screenName { return "@" + only }
        return "Mastodon timeline"
    }

    /// The author of an outbox or activity read alone: the actor its activities name.
    private static func actorOf(_ value: JSONValue?) -> ImportedUser? {
        guard let actor = value?.string,
              let name = MastodonReader.accountName(fromProfile: actor, shown: "") else { return nil }
        var user = ImportedUser(id: PostKey.mastodonUserID(name), screenName: name, name: name.split(separator: "@").first.map(String.init) ?? name,
                                avatarURL: nil)
        user.network = .mastodon
        return user
    }
}
