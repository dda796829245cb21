import Foundation

/// Imports input files into the store, one transaction per file.
///
/// Each file is read by content: the archive's `window.YTD` prefix, JSON Lines (one document per
/// line, streamed in chunks so memory stays flat), or one JSON document.
public struct Importer: Sendable {
    public let store: Store
    /// The search term to count the files' tweets for, overriding any the files record.
    public var term: String?
    /// Called now and then during long files with the tweets read so far.
    public var progress: (@Sendable (_ file: String, _ tweets: Int) -> Void)?

    public init(store: Store, term: String? = nil, progress: (@Sendable (String, Int) -> Void)? = nil) {
        self.store = store
        self.term = term
        self.progress = progress
    }

    /// Imports one file; nothing of it is kept if it fails.
    ///
    /// Reading (simdjson and the format readers) runs on its own thread and hands whole batches to
    /// the store's transaction through a channel of a few batches, so parsing and writing overlap
    /// on two cores while memory stays flat.
    public func importFile(_ url: URL, displayName: String? = nil) throws -> ImportSummary {
        let name = displayName ?? url.path
        let channel = BoundedChannel<(ImportBatch, InputFormat)>(capacity: 4)
        let reader = self
        let thread = Thread {
            do {
                try reader.read(url, name: name, parser: JSONParser()) { batch, format in
                    guard channel.send((batch, format)) else { throw CancellationError() }
                }
                channel.finish()
            } catch {
                channel.finish(throwing: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            return try store.importing(file: name) { sink in
                do {
                    while let (batch, format) = try channel.receive() { try sink.add(batch, format: format) }
                } catch {
                    channel.cancel()
                    throw error
                }
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

    func read(_ url: URL, name: String, parser: JSONParser,
                      into deliver: (ImportBatch, InputFormat) throws -> Void) throws {
        let lines: LineReader
        do { lines = try LineReader(url: url) } catch {
            throw ImportError(file: name, place: nil, reason: "cannot be read (\(error.localizedDescription))")
        }
        // The first non-blank line decides: the archive prefix, a whole JSON document on one line
        // (then every line is one: JSON Lines), or the start of a multi-line document.
        var first: UnsafeRawBufferPointer?
        while let line = try lines.next() {
            if !line.allSatisfy(Self.isSpace) { first = line; break }
        }
        guard let first else { throw ImportError.Located(place: nil, reason: "the file is empty; " + InputFormat.expected) }
        let start = first.drop(while: { Self.isSpace($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })
        if start.starts(with: "window.YTD.".utf8) {
            return try readWhole(url, name: name, parser: parser, archive: true, into: deliver)
        }
        guard let root = try? parser.parse(first, padded: true) else {
            return try readWhole(url, name: name, parser: parser, archive: false, into: deliver)
        }
        var tweets = 0
        var lineNumber = lines.lineNumber
        var document: JSONValue? = root
        repeat {
            let place = "line \(lineNumber)"
            let format = try located(place) { try InputFormat.detect(document!) }
            let batch = try located(place) { try format.read(document!, path: "$", term: term) }
            try deliver(batch, format)
            tweets += batch.tweets.count
            progress?(name, tweets)
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

    private func readWhole(_ url: URL, name: String, parser: JSONParser, archive: Bool,
                           into deliver: (ImportBatch, InputFormat) throws -> Void) throws {
        var bytes = try [UInt8](Data(contentsOf: url))
        if archive, let bracket = bytes.firstIndex(of: UInt8(ascii: "[")) {
            // `window.YTD.tweets.part0 = [ … ]`: the JSON starts at the first bracket.
            bytes.replaceSubrange(0..<bracket, with: repeatElement(UInt8(ascii: " "), count: bracket))
        }
        let root: JSONValue
        do {
            root = try parser.parse(bytes)
        } catch let error as JSONSyntaxError {
            if let (place, reason) = JSONLocation.describe(bytes) { throw ImportError.Located(place: place, reason: reason) }
            throw ImportError.Located(place: nil, reason: "invalid JSON: \(error.message)")
        }
        let format = try InputFormat.detect(root)
        if archive && format != .archive {
            throw ImportError.Located(place: "$", reason: "expected an archive array of {\"tweet\": …} objects after window.YTD…")
        }
        let batch = try format.read(root, path: "$", term: term)
        try deliver(batch, format)
        progress?(name, batch.tweets.count)
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

/// What one file's import did, for the summary line.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var formats: [InputFormat] = []
    public var terms: [String] = []
    public var newTweets = 0
    public var knownTweets = 0
    /// Tweets carried only as context (retweeted or quoted originals) newly stored.
    public var relatedTweets = 0
    /// Mentions added to the terms' popularity counts.
    public var mentionsCounted = 0

    public init(file: String) { self.file = file }

    public var description: String {
        let format = formats.isEmpty ? "" : " [\(formats.map(\.rawValue).joined(separator: ", "))]"
        let term = terms.isEmpty ? "no search term" : "term " + terms.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\(file)\(format): \(Self.count(newTweets, "tweet")) new, \(knownTweets) already stored, "
            + "\(Self.count(mentionsCounted, "mention")) counted (\(term))"
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
    }
}
