import GRDB

/// Secondary indexes set aside for one large import's transaction and made again before it
/// commits. Kept up row by row, each index costs every insert a descent of its own B-tree (about
/// a fifth of a 100k-tweet import's time, measured); made once from the finished table, it costs
/// one sort. The drop and the remake are inside the transaction, so a failed or killed import
/// rolls back to the store as it was, indexes and all, and no committed store ever lacks one.
struct DeferredIndexes {
    private let definitions: [(name: String, sql: String)]

    /// Whether any index is set aside.
    var isEmpty: Bool { definitions.isEmpty }

    /// Drops those of the named indexes that the store has, keeping their definitions. Unique
    /// indexes are never dropped (imports rely on them to refuse duplicates), nor SQLite's own.
    static func drop(_ names: [String], in db: Database) throws -> DeferredIndexes {
        guard !names.isEmpty else { return DeferredIndexes(definitions: []) }
        let statement = try RawStatement(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%'
                AND name IN (SELECT value FROM json_each(?)) ORDER BY rowid
            """)
        statement.bind(1, JSONArgument.array(names))
        let definitions = try statement.rows { (name: $0.text(0), sql: $0.text(1)) }
        for definition in definitions {
            try db.execute(sql: "DROP INDEX \(definition.name.quotedDatabaseIdentifier)")
        }
        return DeferredIndexes(definitions: definitions)
    }

    /// Makes the indexes again, in the order they were found, exactly as they were defined.
    func restore(in db: Database) throws {
        for definition in definitions { try db.execute(sql: definition.sql) }
    }
}
