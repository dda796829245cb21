import Foundation

/// Imports input files into the store, one transaction per file.
///
/// Each file is read by content: a JavaScript assignment wrapping JSON (`window.YTD… = [ … ]`),
/// JSON Lines (one document per line, streamed in chunks so memory stays flat), or one JSON
/// document. Each document goes to the first format of the store's sources that claims it.
public struct Importer: Sendable {
    public let store: Store
    /// Options from the command line (`term`, `place`…), passed to the sources' formats and sinks.
    public var options: ImportOptions
    /// Called now and then during long files with the items (posts, entries…) read so far.
    public var progress: (@Sendable (_ file: String, _ items: Int) -> Void)?

    public init(store: Store, options: ImportOptions = [:], progress: (@Sendable (String, Int) -> Void)? = nil) {
        self.store = store
        self.options = options
        self.progress = progress
    }

    private var detector: FormatDetector { FormatDetector(sources: store.sources) }

    /// Files up to this size are read on the importing thread: starting a reader thread costs
    /// more than the overlap it buys on a small file, and crawlers leave many small files.
    static let inlineLimit = 4 << 20

    /// Imports one file; nothing of it is kept if it fails.
    ///
    /// Reading a large file (simdjson and the format readers) runs on its own thread and hands
    /// whole batches to the store's transaction through a channel of a few batches, so parsing and
    /// writing overlap on two cores while memory stays flat.
    public func importFile(_ url: URL, displayName: String? = nil) throws -> ImportSummary {
        try importFile(url, displayName: displayName, memo: ImportMemo())
    }

    /// `importFile`, with what earlier files of the open transaction remembered (`importAll`), and
    /// the file as `ReadAhead` read it, if it did.
    func importFile(_ url: URL, displayName: String?, memo: ImportMemo, readAhead: ReadAhead.File? = nil) throws -> ImportSummary {
        let name = displayName ?? url.path
        try Self.requireFileOrFolder(url, name: name)
        do {
            if let readAhead {
                return try store.importing { db in
                    let writer = BatchWriter(db: db, sources: store.sources, options: readAhead.options, file: name, memo: memo)
                    for (batch, match) in readAhead.batches { try writer.add(batch, match) }
                    if let failure = readAhead.failure { throw failure }
                    return try writer.finish()
                }
            }
            let (reader, size) = dated(url)
            let options = reader.options
            if let size, size <= Self.inlineLimit {
                return try store.importing { db in
                    let writer = BatchWriter(db: db, sources: store.sources, options: options, file: name, memo: memo)
                    try reader.read(url, name: name, parser: JSONParser()) { batch, match in try writer.add(batch, match) }
                    return try writer.finish()
                }
            }
            let channel = BoundedChannel<(any ImportBatch, FormatDetector.Match)>(capacity: 4)
            // Batches the writing thread is done with, freed by the reading thread (`SpentBatches`).
            let spent = SpentBatches()
            let thread = Thread {
                do {
                    try reader.read(url, name: name, parser: JSONParser()) { batch, format in
                        spent.free()
                        guard channel.send((batch, format)) else { throw CancellationError() }
                    }
                    channel.finish()
                } catch {
                    channel.finish(throwing: error)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
            return try store.importing { db in
                let writer = BatchWriter(db: db, sources: store.sources, options: options, file: name, memo: memo)
                do {
                    while let (batch, match) = try channel.receive() {
                        try writer.add(batch, match)
                        spent.keep(batch)
                    }
                } catch {
                    channel.cancel()
                    throw error
                }
                spent.free()
                return try writer.finish()
            }
        } catch let error as ImportError {
            throw error
        } catch let error as ShapeError {
            throw ImportError(file: name, place: error.path, reason: error.reason)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
            throw ImportError(file: name, place: nil, reason: "no such file")
        } catch let error as ImportError.Located {
            throw ImportError(file: name, place: error.place, reason: error.reason)
        } catch {
            // Anything else (the disk, the store) still names the file; the transaction was rolled back.
            throw ImportError(file: name, place: nil, reason: "\(error)")
        }
    }

    /// This importer with the file's modification time in its options (sources may date what a
    /// file holds by the file itself: an empty search page), and the file's size.
    func dated(_ url: URL) -> (importer: Importer, size: Int?) {
        var configured = self
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let modified = attributes?[.modificationDate] as? Date {
            configured.options.fileModifiedAt = Int64(modified.timeIntervalSince1970)
        }
        return (configured, attributes?[.size] as? Int)
    }

    func read(_ url: URL, name: String, parser: JSONParser,
              into deliver: (any ImportBatch, FormatDetector.Match) throws -> Void) throws {
        let lines: LineReader
        do { lines = try LineReader(url: url) } catch {
            throw ImportError(file: name, place: nil, reason: "cannot be read (\(error.localizedDescription))")
        }
        // A `window.… =` prefix is a script holding one array, read a chunk of elements at a time;
        // it is told before reading a line, which in a minified script is the whole file.
        let ahead = try lines.lookahead(4096).drop(while: { Self.isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        if ahead.starts(with: "window.".utf8) {
            return try readScript(url, name: name, parser: parser, into: deliver)
        }
        // Otherwise the first non-blank line decides: a whole JSON document on one line (then every
        // line is one: JSON Lines), or the start of a multi-line document.
        var first: UnsafeRawBufferPointer?
        while let line = try lines.next() {
            if !line.allSatisfy(Self.isSpace) { first = line; break }
        }
        guard let first else { throw ImportError.Located(place: nil, reason: "the file is empty; " + detector.expected) }
        guard let root = try? parser.parse(first, padded: true) else {
            return try readWhole(url, name: name, parser: parser, wrapped: false, into: deliver)
        }
        let detector = self.detector
        var items = 0
        var lineNumber = lines.lineNumber
        var document: JSONValue? = root
        repeat {
            let place = "line \(lineNumber)"
            let match = try located(place) { try detector.detect(document!) }
            var batch = try located(place) { try match.format.read(document!, path: "$", options: options) }
            batch.prepare()
            try deliver(batch, match)
            items += batch.itemCount
            progress?(name, items)
            document = nil
            while let line = try lines.next() {
                if line.allSatisfy(Self.isSpace) { continue }
                lineNumber = lines.lineNumber
                do {
                    document = try parser.parse(line, padded: true)
                } catch let error as JSONSyntaxError {
                    let bytes = Array(line)
                    let problem = JSONLocation.firstProblem(bytes, maxDepth: 1024)
                    let column = problem.map { ", column \($0.offset + 1)" } ?? ""
                    throw ImportError.Located(place: "line \(lineNumber)\(column) (byte \(lines.lineOffset + Int64(problem?.offset ?? 0)))",
                                              reason: (problem?.reason ?? "invalid JSON: \(error.message)") + "; expected one JSON document per line")
                }
                break
            }
        } while document != nil
    }

    /// Reads `window.… = [ … ]` a chunk of elements at a time, so memory stays flat however many
    /// items an archive holds. The first chunk decides the format, as the whole array's first
    /// element would; paths in messages count elements from the start of the whole array.
    private func readScript(_ url: URL, name: String, parser: JSONParser,
                            into deliver: (any ImportBatch, FormatDetector.Match) throws -> Void) throws {
        let chunks = try JSONArrayChunks(url: url, wrapped: true)
        let detector = self.detector
        var match: FormatDetector.Match?
        var items = 0
        do {
            while let (bytes, firstIndex) = try chunks.next() {
                let root = try parser.parse(bytes, padded: true)
                var (batch, found) = try Self.counting(from: firstIndex) { () throws -> (any ImportBatch, FormatDetector.Match) in
                    let found: FormatDetector.Match
                    if let match {
                        try detector.refuseDuplicateKeys(root)
                        found = match
                    } else {
                        found = try detector.detect(root)
                    }
                    return (try found.format.read(root, path: "$", options: options), found)
                }
                match = found
                batch.prepare()
                try deliver(batch, found)
                items += batch.itemCount
                progress?(name, items)
            }
        } catch is JSONArrayChunks.Malformed, is JSONSyntaxError {
            // Nothing delivered yet: the whole file says what it is (an object after the `=`, say).
            guard match != nil else { return try readWhole(url, name: name, parser: parser, wrapped: true, into: deliver) }
            _ = try parseWhole(url, parser: parser, wrapped: true)
            throw ImportError.Located(place: nil, reason: "invalid JSON: the array after the `=` does not close as JSON requires")
        }
    }

    /// Runs `body` on a chunk whose first element is element `first` of the whole array, so that
    /// the paths in its shape errors (`$[3].item`) name elements of the whole array.
    private static func counting<T>(from first: Int, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ShapeError where first > 0 {
            guard error.path.hasPrefix("$["), let close = error.path.firstIndex(of: "]"),
                  let index = Int(error.path[error.path.index(error.path.startIndex, offsetBy: 2)..<close]) else { throw error }
            throw ShapeError(path: "$[\(index + first)" + error.path[close...], reason: error.reason)
        }
    }

    /// Parses the whole file; a syntax error says where, by line and column.
    private func parseWhole(_ url: URL, parser: JSONParser, wrapped: Bool) throws -> JSONValue {
        var bytes = try [UInt8](Data(contentsOf: url))
        if wrapped, let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            // `window.YTD.<name>.part0 = [ … ]`: the JSON starts after the `=`. Blanking the prefix
            // rather than dropping it keeps lines and columns in messages true to the file.
            bytes.replaceSubrange(0...equals, with: repeatElement(UInt8(ascii: " "), count: equals + 1))
        }
        do {
            return try parser.parse(bytes)
        } catch let error as JSONSyntaxError {
            if let (place, reason) = JSONLocation.describe(bytes) { throw ImportError.Located(place: place, reason: reason) }
            throw ImportError.Located(place: nil, reason: "invalid JSON: \(error.message)")
        }
    }

    private func readWhole(_ url: URL, name: String, parser: JSONParser, wrapped: Bool,
                           into deliver: (any ImportBatch, FormatDetector.Match) throws -> Void) throws {
        let root = try parseWhole(url, parser: parser, wrapped: wrapped)
        let match = try detector.detect(root)
        var batch = try match.format.read(root, path: "$", options: options)
        batch.prepare()
        try deliver(batch, match)
        progress?(name, batch.itemCount)
    }

    private func located<T>(_ place: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ShapeError {
            throw ImportError.Located(place: error.path == "$" ? place : "\(place), \(error.path)", reason: error.reason)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension ImportError {
    /// An error with its place, before the file's name is attached.
    struct Located: Error {
        var place: String?
        var reason: String
    }
}
