import Foundation
import GRDB

extension Store {
    /// Every search fetched before, in the order first fetched.
    public func fetchedSearches() throws -> [FetchedSearch] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT network, server, kind, query, term, position FROM fetched_search ORDER BY rowid").map(Self.fetchedSearch)
        }
    }

    /// The search fetched before with this network, server, kind and query, if any.
    public func fetchedSearch(like search: FetchedSearch) throws -> FetchedSearch? {
        try queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT network, server, kind, query, term, position FROM fetched_search
                WHERE network = ? AND server = ? AND kind = ? AND query = ?
                """, arguments: [search.network, search.server, search.kind, search.query]).map(Self.fetchedSearch)
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

    private static func fetchedSearch(_ row: Row) -> FetchedSearch {
        FetchedSearch(network: row["network"], server: row["server"], kind: row["kind"], query: row["query"], term: row["term"], position: row["position"])
    }
}
