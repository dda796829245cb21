import GRDB

extension Database {
    /// Every column, in any source's tables, that refers to `table` by foreign key: what must be
    /// empty of a row's key before that row may go.
    func foreignKeyReferences(to table: String) throws -> [(table: String, column: String)] {
        let tables = try String.fetchAll(self, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name
            """)
        var found: [(String, String)] = []
        for child in tables {
            for key in try ForeignKey.fetchAll(self, sql: "PRAGMA foreign_key_list(\(child.quotedDatabaseIdentifier))")
            where key.table?.lowercased() == table.lowercased() {
                found.append((child, key.from))
            }
        }
        return found
    }

    /// An SQL condition true for rows of `table` whose `key` no foreign key in the store refers
    /// to: `id NOT IN (SELECT owner_id FROM item WHERE owner_id IS NOT NULL) AND …`.
    func unreferencedCondition(table: String, key: String = "id") throws -> String {
        let conditions = try foreignKeyReferences(to: table).map { child, column in
            "\(key.quotedDatabaseIdentifier) NOT IN (SELECT \(column.quotedDatabaseIdentifier) FROM \(child.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IS NOT NULL)"
        }
        return conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
    }

    /// A row of `PRAGMA foreign_key_list`: the table referred to and the referring column.
    private struct ForeignKey: FetchableRecord {
        enum Columns { static let table = Column("table"), from = Column("from") }
        var table: String?, from: String

        init(row: Row) {
            table = row[Columns.table]
            from = row[Columns.from]
        }
    }
}
