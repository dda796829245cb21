/// The Bluesky (AT Protocol) answers Tally reads, told apart by content, never by file name.
public enum BlueskyFormat: String, DocumentFormat, CaseIterable {
    /// `app.bsky.feed.getAuthorFeed`, `getTimeline`, `getListFeed`: `{feed: [{post, reason, reply}]}`.
    case feed = "Bluesky feed"
    /// `app.bsky.feed.searchPosts`, `getQuotes`, `getPosts`: `{posts: [postView]}`.
    case posts = "Bluesky posts"
    /// `app.bsky.feed.getPostThread`: `{thread: {post, parent, replies}}`.
    case thread = "Bluesky thread"

    public var name: String { rawValue }

    public var shape: String {
        switch self {
        case .feed: return "{feed: [{post: {uri: at://…, record}}], cursor}"
        case .posts: return "{posts: [{uri: at://…, record}], cursor}"
        case .thread: return "{thread: {post: {uri: at://…, record}}}"
        }
    }

    /// Claims by shape, strictly: a post view's `uri` starts with `at://`; an empty page only
    /// with no key but the ones its answer has.
    public func claims(_ root: JSONValue) -> Bool {
        guard root.kind == .object else { return false }
        switch self {
        case .feed:
            guard let feed = root["feed"], feed.kind == .array else { return false }
            guard let first = feed.firstElement else { return Self.onlyKeys(root, ["feed", "cursor"]) }
            return first["post"].map(Self.isPostView) ?? false
        case .posts:
            guard let posts = root["posts"], posts.kind == .array else { return false }
            guard let first = posts.firstElement else { return Self.onlyKeys(root, ["posts", "cursor", "hitsTotal", "uri", "cid"]) }
            return Self.isPostView(first)
        case .thread:
            guard let thread = root["thread"], thread.kind == .object, let post = thread["post"] else { return false }
            return Self.isPostView(post)
        }
    }

    static func isPostView(_ value: JSONValue) -> Bool {
        value.kind == .object && value["uri"]?.string?.hasPrefix("at://") == true && value["record"]?.kind == .object
    }

    private static func onlyKeys(_ root: JSONValue, _ allowed: Set<String>) -> Bool {
        guard let fields = root.fields else { return false }
        for (key, _) in fields where !allowed.contains(key) { return false }
        return true
    }

    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        var related: [ImportedTweet] = []
        var posts: [ImportedTweet] = []
        switch self {
        case .feed:
            for (index, item) in (root["feed"]?.arrayItems ?? []).enumerated() {
                posts.append(try BlueskyReader.feedItem(item, path: "\(path).feed[\(index)]", related: &related))
            }
        case .posts:
            for (index, item) in (root["posts"]?.arrayItems ?? []).enumerated() {
                posts.append(try BlueskyReader.post(item, path: "\(path).posts[\(index)]", related: &related))
            }
        case .thread:
            posts = try BlueskyReader.thread(root["thread"]!, path: path + ".thread", related: &related)
        }
        // A searchPosts page holds no query: its posts count toward `--term`, if given.
        var batch = TweetBatch(term: options["term"], fetchedAt: posts.map(\.createdAt).max(), tweets: posts, related: related)
        batch.fileModifiedAt = options.fileModifiedAt
        batch.network = .bluesky
        if let name = options["timeline"] {
            batch.timeline = name
        } else if self == .feed, batch.term == nil, !posts.isEmpty {
            // An author feed's reposts are the author's too.
            let authors = Set(posts.compactMap { $0.author?.id })
            if authors.count == 1, let only = posts.first?.author?.screenName { batch.timeline = "@" + only } else { batch.timeline = "Bluesky timeline" }
        }
        return batch
    }
}
