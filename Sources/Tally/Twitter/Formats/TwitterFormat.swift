/// The Twitter documents Tally reads, told apart by content, never by file name.
public enum TwitterFormat: String, DocumentFormat, CaseIterable {
    /// API v1.1 `search/tweets.json`: `{statuses, search_metadata}` (and premium search's `{results}`).
    case v1Search = "Twitter v1.1 search"
    /// API v1.1 timelines and lookups: a bare array of statuses.
    case v1Timeline = "Twitter v1.1 timeline"
    /// One v1.1 status object.
    case v1Status = "Twitter v1.1 status"
    /// API v2 pages: `{data, includes, meta}`.
    case v2Page = "Twitter v2 page"
    /// The personal data archive: `window.YTD.tweets.part0 = [{"tweet": …}]`.
    case archive = "Twitter archive"

    public var name: String { rawValue }

    public var shape: String {
        switch self {
        case .v1Search: return "{statuses, search_metadata}"
        case .v1Timeline: return "[{text, user, …}, …]"
        case .v1Status: return "{id_str, text, user}"
        case .v2Page: return "{data, includes, meta}"
        case .archive: return "window.YTD.tweets.part0 = [{tweet}, …]"
        }
    }

    /// Claims by shape, strictly: a `statuses` array beside Mastodon's `accounts` and `hashtags`
    /// is no search of tweets; a `results` array counts as a search only when it holds tweets
    /// (the iTunes Search API also answers `{resultCount, results}`), `data` only when it holds
    /// tweets (objects with `id` and `text`).
    public func claims(_ root: JSONValue) -> Bool {
        switch self {
        case .v1Search:
            // Mastodon's search answers `{accounts, statuses, hashtags}`: its statuses are no tweets.
            if root["statuses"]?.kind == .array { return root.kind == .object && !MastodonFormat.search.claims(root) }
            guard root.kind == .object, let results = root["results"], results.kind == .array, root["resultCount"] == nil else { return false }
            guard let first = results.firstElement else { return root["requestParameters"] != nil }
            return Self.isStatus(first)
        case .v1Timeline:
            guard root.kind == .array else { return false }
            guard let first = root.firstElement else { return true }
            return first.kind == .object && first["tweet"] == nil && (first["text"] != nil || first["full_text"] != nil) && !MastodonFormat.isStatus(first)
        case .archive:
            guard root.kind == .array, let first = root.firstElement else { return false }
            return first.kind == .object && first["tweet"]?.kind == .object
        case .v1Status:
            // A Mastodon status carries `text` too once deleted or edited (its source): never a tweet.
            return root.kind == .object && Self.isStatus(root) && (root["user"] != nil || root["created_at"] != nil) && !MastodonFormat.isStatus(root)
        case .v2Page:
            guard root.kind == .object else { return false }
            if let data = root["data"] {
                switch data.kind {
                case .array:
                    guard let first = data.firstElement else { return true }
                    return first.kind == .object && first["id"] != nil && first["text"] != nil
                case .object: return data["id"] != nil && data["text"] != nil
                default: return false
                }
            }
            return root["meta"]?["result_count"] != nil
        }
    }

    private static func isStatus(_ value: JSONValue) -> Bool {
        value.kind == .object && (value["id_str"] ?? value["id"]) != nil && (value["text"] ?? value["full_text"]) != nil
    }

    /// Reads a document of this format into a batch.
    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        var batch = try tweets(root, path: path, term: options["term"])
        batch.fileModifiedAt = options.fileModifiedAt
        // An archive's tweets are its owner's (the tweets carry no user of their own).
        if self == .archive, let owner = TwitterArchive.owner(options) {
            for index in batch.tweets.indices where batch.tweets[index].author == nil { batch.tweets[index].author = owner }
        }
        if let name = options["timeline"] {
            batch.timeline = name
        } else if self == .v1Timeline, !batch.tweets.isEmpty {
            batch.timeline = Self.timelineName(batch.tweets, oldShape: root.firstElement?["id_str"] == nil)
        }
        return batch
    }

    /// What a bare array of statuses is, by shape: one author's (a user timeline), every tweet
    /// naming one user (mentions), the 2007 public timeline (no `id_str`), or a home or list timeline.
    static func timelineName(_ tweets: [ImportedTweet], oldShape: Bool) -> String {
        let authors = Set(tweets.compactMap { $0.author?.screenName.lowercased() })
        if authors.count == 1, let only = tweets.first?.author?.screenName { return "@" + only }
        let named = tweets.map { Set($0.text.entities.filter { $0.kind == .user }.map(\.folded)) }
        if var common = named.first {
            for set in named.dropFirst() { common.formIntersection(set) }
            if let user = common.sorted().first,
               let shown = tweets.first?.text.entities.first(where: { $0.kind == .user && $0.folded == user })?.value {
                return "Mentions of @" + shown
            }
        }
        return oldShape ? "Public timeline" : "Home timeline"
    }

    func tweets(_ root: JSONValue, path: String, term: String?) throws -> TweetBatch {
        var related: [ImportedTweet] = []
        switch self {
        case .v1Search:
            let list = (root["statuses"] ?? root["results"])!.array!
            let key = root["statuses"] != nil ? "statuses" : "results"
            var tweets: [ImportedTweet] = []
            tweets.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                tweets.append(try TwitterV1Reader.status(item, path: "\(path).\(key)[\(index)]", related: &related))
            }
            let recorded = (root["search_metadata"]?["query"] ?? root["requestParameters"]?["query"])?.string.map(QueryString.decode)
            // An empty page still says when it ran: its `max_id_str` is a snowflake id with a time in it.
            let ran = tweets.map(\.createdAt).max() ?? root["search_metadata"]?["max_id_str"]?.string.flatMap(Snowflake.seconds)
            return TweetBatch(term: term ?? recorded, fetchedAt: ran, tweets: tweets, related: related)
        case .v1Timeline, .archive:
            var tweets: [ImportedTweet] = []
            for (index, item) in root.array!.enumerated() {
                let status = self == .archive ? item["tweet"] : item
                guard let status else { throw ShapeError(path: "\(path)[\(index)]", reason: "expected an object with a `tweet` key") }
                let suffix = self == .archive ? ".tweet" : ""
                tweets.append(try TwitterV1Reader.status(status, path: "\(path)[\(index)]\(suffix)", related: &related))
            }
            return TweetBatch(term: term, fetchedAt: tweets.map(\.createdAt).max(), tweets: tweets, related: related)
        case .v1Status:
            let tweet = try TwitterV1Reader.status(root, path: path, related: &related)
            return TweetBatch(term: term, fetchedAt: tweet.createdAt, tweets: [tweet], related: related)
        case .v2Page:
            return try TwitterV2Reader.page(root, path: path, term: term)
        }
    }
}
