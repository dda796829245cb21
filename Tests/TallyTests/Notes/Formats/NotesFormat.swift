@testable import Tally

struct Note: Encodable, Sendable {
    var id: String
    var text: String
}

struct NotesBatch: ImportBatch {
    var notes: [Note]
    var itemCount: Int { notes.count }
}

/// `{"notes": [{id, text}]}`.
struct NotesFormat: DocumentFormat {
    var name: String { "Notes list" }
    var shape: String { "{notes: [{id, text}]}" }

    func claims(_ root: JSONValue) -> Bool { root.kind == .object && root["notes"]?.kind == .array }

    func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        var notes: [Note] = []
        for (index, item) in root["notes"]!.array!.enumerated() {
            guard let id = item["id"]?.string, let text = item["text"]?.string else {
                throw ShapeError(path: "\(path).notes[\(index)]", reason: "expected an object with string `id` and `text`")
            }
            notes.append(Note(id: id, text: text))
        }
        return NotesBatch(notes: notes)
    }
}
