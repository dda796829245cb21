import GRDB
@testable import Tally

struct NotesReport: ImportReport {
    var added = 0
    var description: String { "\(added) notes added" }
}

final class NotesSink: ImportSink {
    let db: Database
    var report = NotesReport()

    init(db: Database) { self.db = db }

    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws {
        for note in (batch as! NotesBatch).notes {
            try db.execute(sql: "INSERT OR IGNORE INTO note (id, text) VALUES (?, ?)", arguments: [note.id, note.text])
            report.added += db.changesCount
        }
    }

    func finish() throws -> any ImportReport { report }
}
