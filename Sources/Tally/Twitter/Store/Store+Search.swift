import GRDB

/// A tweet as the site search needs it: text, author, time and the hashtags it names.
public struct SearchableTweet: Sendable {
    public var id: String
    public var createdAt: Int64
    public var text: String
    public var authorID: String?
    public var screenName: String?
    public var name: String?
    /// The network the post is from.
    public var network: PostNetwork = .twitter
    /// Hashtags as written, without `#`.
    public var hashtags: [String]
    /// The text's links (`https://t.co/…`), with the addresses they stand for.
    public var links: [TextEntity] = []
}

extension Store {
    /// Every stored tweet, oldest first (so the search index numbers new tweets after the ones
    /// stored before), handed over one at a time so the index need not hold the store's rows twice.
    public func forEachSearchableTweet(_ body: (SearchableTweet) throws -> Void) throws {
        try queue.read { db in
            let parser = JSONParser()
            let rows = try Row.fetchCursor(db, sql: """
                SELECT t.id, t.created_at, t.text, t.entities, t.network, u.id AS uid, u.screen_name, u.name
                FROM tweet t LEFT JOIN user u ON u.id = t.author_id
                ORDER BY t.created_at, length(t.id), t.id
                """)
            while let row = try rows.next() {
                let entities: String = row["entities"]
                let parsed = entities.contains("[\"h\"") || entities.contains("[\"l\"") ? TextEntity.fromStorageJSON(entities, parser: parser) : []
                try body(SearchableTweet(id: row["id"], createdAt: row["created_at"], text: row["text"], authorID: row["uid"],
                                         screenName: row["screen_name"], name: row["name"], network: PostNetwork(stored: row["network"]),
                                         hashtags: parsed.filter { $0.kind == .hashtag }.map(\.value), links: parsed.filter { $0.kind == .url }))
            }
        }
    }
}
