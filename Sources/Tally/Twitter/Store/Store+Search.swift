import Foundation
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
    /// stored before), handed over one at a time so the index need not hold the store's rows twice;
    /// with `seq`, only those stored after it (found down the stamps' index and sorted: walking
    /// the date index, which SQLite would prefer, looks up every post to find the few new ones).
    public func forEachSearchableTweet(storedAfter seq: Int64? = nil, _ body: (SearchableTweet) throws -> Void) throws {
        try queue.read { db in
            let rows = try SearchableTweet.fetchCursor(db, sql: """
                SELECT t.id, t.created_at, t.text, t.entities, t.network, u.id AS uid, u.screen_name, u.name
                FROM tweet t LEFT JOIN user u ON u.id = t.author_id
                \(seq == nil ? "ORDER BY t.created_at" : "WHERE t.seq > ? ORDER BY +t.created_at"), length(t.id), t.id
                """, arguments: seq.map { [$0] } ?? [])
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

/// Where the posts stored since a build stand against those it indexed (`store.searchIndexGrowth`).
public struct SearchIndexGrowth: Sendable, Equatable {
    /// Posts stored at or before the build's clock.
    public var older: Int
    /// Whether a post stored since sorts at or before the last one the build indexed.
    public var interleaved: Bool
    /// Whether one of the given authors wrote a post stored at or before the clock.
    public var touchesOlder: Bool
}

extension Store {
    /// How the posts stored after `seq` continue those stored before: the search index carries
    /// its posts' block over only when none sorts among the older ones (`last` is the newest of
    /// those, as `forEachSearchableTweet` orders them) and no author of an older one changed.
    public func searchIndexGrowth(after seq: Int64, last: (createdAt: Int64, id: String)?, changedAuthors: [String]) throws -> SearchIndexGrowth {
        try queue.read { db in
            // The posts stored since, down the stamps' index; the older ones counted as all less
            // those (a whole table's count is its smallest index's page count).
            let (newer, interleaved) = try ValuePair<Int, Bool>.fetchOne(db, sql: """
                SELECT count(*), ifnull(max(?2 AND (created_at, length(id), id) <= (?3, length(?4), ?4)), 0) FROM tweet WHERE seq > ?1
                """, arguments: [seq, last != nil, last?.createdAt ?? 0, last?.id ?? ""]).map { ($0.first, $0.second) } ?? (0, true)
            let older = try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet").map { $0 - newer } ?? 0
            let touchesOlder = changedAuthors.isEmpty ? false : try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM tweet WHERE author_id IN (SELECT value FROM json_each(?)) AND seq <= ?)
                """, arguments: [String(decoding: try JSONEncoder().encode(changedAuthors), as: UTF8.self), seq]) ?? true
            return SearchIndexGrowth(older: older, interleaved: interleaved, touchesOlder: touchesOlder)
        }
    }
}
