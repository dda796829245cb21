/// The source formats Tally reads, told apart by content, never by file name.
public enum InputFormat: String, Sendable, CaseIterable {
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

    static let expected = "expected a Twitter v1.1 search response ({statuses, search_metadata}), a timeline (an array of tweets), "
        + "a v2 page ({data, includes, meta}), or an archive (window.YTD.tweets.part0 = [...])"

    /// Tells the format of a parsed document, or explains what it looks like instead. A document
    /// with a key twice in one object is refused: which of the two values counts is ambiguous.
    static func detect(_ root: JSONValue) throws -> InputFormat {
        if let (path, key) = root.duplicateKey {
            throw ShapeError(path: path, reason: "the key \"\(key)\" appears twice in one object; expected each key once")
        }
        switch root.kind {
        case .array:
            var elements = root.array?.makeIterator()
            guard let first = elements?.next() else { return .v1Timeline }
            if first.kind == .object, first["tweet"] != nil { return .archive }
            if first.kind == .object, first["text"] != nil || first["full_text"] != nil { return .v1Timeline }
            throw ShapeError(path: "$[0]", reason: expected + "; found an array whose first element has keys \(first.keyList)")
        case .object:
            if root["statuses"]?.kind == .array || root["results"]?.kind == .array { return .v1Search }
            if root["data"] != nil || (root["meta"]?["result_count"] != nil) { return .v2Page }
            if (root["id_str"] ?? root["id"]) != nil, root["text"] != nil || root["full_text"] != nil { return .v1Status }
            throw ShapeError(path: "$", reason: expected + "; found an object with keys \(root.keyList)")
        default:
            throw ShapeError(path: "$", reason: expected + "; found \(root.kind.described)")
        }
    }

    /// Reads a document of this format into a batch.
    func read(_ root: JSONValue, path: String, term: String?) throws -> ImportBatch {
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
            return ImportBatch(term: term ?? recorded, fetchedAt: tweets.map(\.createdAt).max(), tweets: tweets, related: related)
        case .v1Timeline, .archive:
            var tweets: [ImportedTweet] = []
            for (index, item) in root.array!.enumerated() {
                let status = self == .archive ? item["tweet"] : item
                guard let status else { throw ShapeError(path: "\(path)[\(index)]", reason: "expected an object with a `tweet` key") }
                let suffix = self == .archive ? ".tweet" : ""
                tweets.append(try TwitterV1Reader.status(status, path: "\(path)[\(index)]\(suffix)", related: &related))
            }
            return ImportBatch(term: term, fetchedAt: tweets.map(\.createdAt).max(), tweets: tweets, related: related)
        case .v1Status:
            let tweet = try TwitterV1Reader.status(root, path: path, related: &related)
            return ImportBatch(term: term, fetchedAt: tweet.createdAt, tweets: [tweet], related: related)
        case .v2Page:
            return try TwitterV2Reader.page(root, path: path, term: term)
        }
    }
}
