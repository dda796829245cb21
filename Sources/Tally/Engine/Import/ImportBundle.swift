import Foundation

/// A folder or an archive file that a source reads as a whole (an archive, as downloaded or
/// unpacked): the documents in it, imported one by one as usual, and options that apply to all
/// of them (whose archive it is). Files the source keeps beside the store (pictures) wait in
/// `staged` while the bundle is opened and go into `Store.filesFolder` only once every document
/// has imported.
public struct ImportBundle: Sendable {
    /// The documents to import, in order, each with the name messages use.
    public var documents: [(url: URL, name: String)]
    /// Added to the command line's options for every document.
    public var options: ImportOptions
    /// A temporary folder to remove once the documents are imported.
    public var temporary: URL?
    /// What the bundle was, for the summary (`archive of @jack: 3 files, 12 pictures`).
    public var note: String
    /// Files to keep beside the store, put in place only when every document has imported.
    public var staged: StagedFiles?

    public init(documents: [(url: URL, name: String)], options: ImportOptions, temporary: URL? = nil, note: String,
                staged: StagedFiles? = nil) {
        self.documents = documents
        self.options = options
        self.temporary = temporary
        self.note = note
        self.staged = staged
    }
}

extension Store {
    /// A folder beside the store where sources keep files that are not rows (`tally.sqlite.files/`).
    public var filesFolder: URL {
        URL(fileURLWithPath: path + ".files")
    }
}

extension Importer {
    /// Imports a file, or a folder or archive a source claims as a bundle (each of its documents
    /// in its own transaction); returns one summary per document.
    public func importPath(_ url: URL, displayName: String? = nil) throws -> [ImportSummary] {
        try importPath(url, displayName: displayName, memo: ImportMemo(), beforeKeepingFiles: {})
    }

    /// `importPath`, calling `beforeKeepingFiles` once a bundle's documents have imported and
    /// before its files are put in place (`importAll` commits its group there, so no picture is
    /// kept for rows that could still be rolled back); a plain file that `ReadAhead` read is stored
    /// from what it read.
    func importPath(_ url: URL, displayName: String?, memo: ImportMemo, readAhead: ReadAhead.File? = nil,
                    beforeKeepingFiles: () throws -> Void) throws -> [ImportSummary] {
        let name = displayName ?? url.path
        try Self.requireFileOrFolder(url, name: name)
        for source in store.sources {
            let bundle: ImportBundle?
            do {
                bundle = try source.bundle(at: url, filesFolder: store.filesFolder.appendingPathComponent(source.id))
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(file: name, place: nil, reason: "\(error)")
            }
            guard let bundle else { continue }
            defer {
                if let temporary = bundle.temporary { try? FileManager.default.removeItem(at: temporary) }
                bundle.staged?.discard()
            }
            var inner = self
            for (key, value) in bundle.options.values { inner.options[key] = value }
            let summaries = try bundle.documents.map { try inner.importFile($0.url, displayName: name + ": " + $0.name, memo: memo) }
            try beforeKeepingFiles()
            do {
                try bundle.staged?.commit()
            } catch {
                throw ImportError(file: name, place: nil, reason: "its documents were imported, but its files could not be put in place (\(error))")
            }
            return summaries
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            let hints = store.sources.compactMap(\.folderHint)
            throw ImportError(file: name, place: nil, reason: "is a folder that no source reads" + (hints.isEmpty ? "" : " (\(hints.joined(separator: "; ")))"))
        }
        return [try importFile(url, displayName: name, memo: memo, readAhead: readAhead)]
    }

    /// Refuses a FIFO, socket or device before anything opens it: opening a FIFO for reading
    /// waits for a writer for ever. What a link points to counts (the caller named the path).
    static func requireFileOrFolder(_ url: URL, name: String) throws {
        switch FileKind.at(url, followingLinks: true) {
        case .file?, .folder?, nil: return
        case let other?: throw ImportError(file: name, place: nil, reason: ImportInputs.refusal(other))
        }
    }
}
