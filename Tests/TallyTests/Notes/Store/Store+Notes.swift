import GRDB
@testable import Tally

extension Store {
    /// Every note, by id.
    func notes() throws -> [Note] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, text FROM note ORDER BY id").map { Note(id: $0["id"], text: $0["text"]) }
        }
    }

    /// Adds a note, or changes its text.
    func addNote(_ note: Note) throws {
        try queue.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO note (id, text) VALUES (?, ?)", arguments: [note.id, note.text])
        }
    }
}
