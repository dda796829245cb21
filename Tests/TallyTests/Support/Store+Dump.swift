import GRDB
@testable import Tally

extension Store {
    /// Every row of every table, as text, in a fixed order: two stores holding the same data dump
    /// alike. The change clock's `origin` is random per store; its `seq`, like the rows' stamps, is compared.
    func dumpRows() throws -> [String] {
        try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            return try tables.flatMap { table in
                try Row.fetchAll(db, sql: table == "twitter_clock" ? "SELECT seq, removals FROM twitter_clock" : "SELECT * FROM \(table.quotedDatabaseIdentifier)")
                    .map { "\(table) \($0)" }.sorted()
            }
        }
    }

    /// Every index the store has, with its definition, by name.
    func indexDefinitions() throws -> [String] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").map { "\($0)" }
        }
    }
}
