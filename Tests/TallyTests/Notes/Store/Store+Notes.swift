import GRDB
@testable import Tally

extension Store {
    /// Every note, by id.
    func notes() throws -> [Note] {
        try queue.read { db in
            try Note.fetchAll(db, sql: "SELECT id, text FROM note ORDER BY id")
        }
    }

    /// Adds a note, or changes its text.
    func addNote(_ note: Note) throws {
        try queue.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO note (id, text) VALUES (?, ?)", arguments: [note.id, note.text])
        }
    }
}

/// A note is read as every source reads its records: a FetchableRecord with its own init(row:).
extension Note: FetchableRecord {
    enum Columns { static let id = Column("id"), text = Column("text") }

    init(row: Row) {
        self.init(id: row[Columns.id], text: row[Columns.text])
    }
}
