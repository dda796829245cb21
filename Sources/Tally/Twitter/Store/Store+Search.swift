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
            let rows = try SearchableTweet.fetchCursor(db, sql: """
                SELECT t.id, t.created_at, t.text, t.entities, t.network, u.id AS uid, u.screen_name, u.name
                FROM tweet t LEFT JOIN user u ON u.id = t.author_id
                ORDER BY t.created_at, length(t.id), t.id
                """)
            while let tweet = try rows.next() { try body(tweet) }
        }
    }
}

extension SearchableTweet: FetchableRecord {
    enum Columns {
        static let id = Column("id"), createdAt = Column("created_at"), text = Column("text"), entities = Column("entities")
        static let network = Column("network"), authorID = Column("uid"), screenName = Column("screen_name"), name = Column("name")
    }

    /// Reads a post with its author's names; of its entities, only hashtags and links are kept
    /// (and parsed only when it has some).
    public init(row: Row) {
        let entities: String = row[Columns.entities]
        let parsed = entities.contains("[\"h\"") || entities.contains("[\"l\"") ? TextEntity.fromStorageJSON(entities, parser: .ofThisThread) : []
        self.init(id: row[Columns.id], createdAt: row[Columns.createdAt], text: row[Columns.text], authorID: row[Columns.authorID],
                  screenName: row[Columns.screenName], name: row[Columns.name], network: PostNetwork(stored: row[Columns.network]),
                  hashtags: parsed.filter { $0.kind == .hashtag }.map(\.value), links: parsed.filter { $0.kind == .url })
    }
}
