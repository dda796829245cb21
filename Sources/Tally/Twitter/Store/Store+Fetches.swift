import Foundation
import GRDB

extension Store {
    /// Every search fetched before, in the order first fetched.
    public func fetchedSearches() throws -> [FetchedSearch] {
        try queue.read { db in
            try FetchedSearch.fetchAll(db, sql: "SELECT network, server, kind, query, term, position FROM fetched_search ORDER BY rowid")
        }
    }

    /// The search fetched before with this network, server, kind and query, if any.
    public func fetchedSearch(like search: FetchedSearch) throws -> FetchedSearch? {
        try queue.read { db in
            try FetchedSearch.fetchOne(db, sql: """
                SELECT network, server, kind, query, term, position FROM fetched_search
                WHERE network = ? AND server = ? AND kind = ? AND query = ?
                """, arguments: [search.network, search.server, search.kind, search.query])
        }
    }

    /// Records `search` and how far it got; inside an import's transaction, it lands with the
    /// import or not at all.
    func recordFetchedSearch(_ search: FetchedSearch) throws {
        try queue.unsafeReentrantWrite { db in
            try db.execute(sql: """
                INSERT INTO fetched_search (network, server, kind, query, term, position, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (network, server, kind, query) DO UPDATE SET term = excluded.term,
                    position = coalesce(excluded.position, position), fetched_at = excluded.fetched_at
                """, arguments: [search.network, search.server, search.kind, search.query, search.term, search.position,
                                 Int64(Date().timeIntervalSince1970)])
        }
    }
}

extension FetchedSearch: FetchableRecord {
    enum Columns {
        static let network = Column("network"), server = Column("server"), kind = Column("kind"), query = Column("query")
        static let term = Column("term"), position = Column("position")
    }

    /// Reads a `fetched_search` row.
    public init(row: Row) {
        self.init(network: row[Columns.network], server: row[Columns.server], kind: row[Columns.kind], query: row[Columns.query],
                  term: row[Columns.term], position: row[Columns.position])
    }
}
