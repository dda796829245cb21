/// Gives each document to the first format, in registry order, that claims it, and explains what
/// Tally reads when none does.
struct FormatDetector: Sendable {
    let sources: [any DataSource]

    /// A claimed document: which source and which of its formats.
    struct Match: Sendable {
        var source: Int
        var format: any DocumentFormat
    }

    /// The format of a parsed document. A document with a key twice in one object is refused:
    /// which of the two values counts is ambiguous.
    func detect(_ root: JSONValue) throws -> Match {
        try refuseDuplicateKeys(root)
        for (index, source) in sources.enumerated() {
            for format in source.formats where format.claims(root) { return Match(source: index, format: format) }
        }
        switch root.kind {
        case .array:
            guard let first = root.firstElement else {
                throw ShapeError(path: "$", reason: expected + "; found an empty array")
            }
            let found = first.kind == .object ? "has keys \(first.keyList)" : "is \(first.kind.described)"
            throw ShapeError(path: "$[0]", reason: expected + "; found an array whose first element \(found)")
        case .object:
            throw ShapeError(path: "$", reason: expected + "; found an object with keys \(root.keyList)")
        default:
            throw ShapeError(path: "$", reason: expected + "; found \(root.kind.described)")
        }
    }

    /// Refuses a document with a key twice in one object (a later part of an array whose format
    /// the first part decided is checked with this alone).
    func refuseDuplicateKeys(_ root: JSONValue) throws {
        if let (path, key) = root.duplicateKey {
            throw ShapeError(path: path, reason: "the key \"\(key)\" appears twice in one object; expected each key once")
        }
    }

    /// Everything Tally reads, grouped by source: `expected one of: Notes: list
    /// {notes: [{id, text}]}; …`.
    var expected: String {
        let groups = sources.filter { !$0.formats.isEmpty }.map { source in
            source.title + ": " + source.formats.map { format in
                let name = format.name.hasPrefix(source.title + " ") ? String(format.name.dropFirst(source.title.count + 1)) : format.name
                return "\(name) \(format.shape)"
            }.joined(separator: ", ")
        }
        return "expected one of what Tally reads (" + groups.joined(separator: "; ") + ")"
    }
}
