/// Builds the site search's index as classic script files, so that it loads from `file://`
/// where `fetch`, ES modules and WebAssembly cannot read local files.
///
/// - `search/index.js` sets `window.tallySearchIndex`: the document count, the kinds, and the
///   first token of every shard.
/// - `search/shards/N.js` calls `tallySearch.shard(N, "…")` with a run of tokens in UTF-16 order,
///   each with the documents that hold it in a title and in a body. Shards are cut by size, so a
///   query loads the one shard that can hold each word (and, for prefixes, its neighbours).
/// - `search/docs/N.js` calls `tallySearch.docs(N, […])` with `chunkSize` result records.
///
/// Documents are numbered in rank order (weight, then newest first), so among equal matches the
/// lowest number wins and the first results of a query sit in the first chunks.
public struct SearchIndexWriter {
    /// Roughly how many bytes of postings a shard holds (a token with more is a shard of its own).
    public var shardBytes = 12_000
    /// Result records per chunk file.
    public var chunkSize = 32
    /// Bodies are cut to this many characters in the result records (all of a body is indexed).
    public var bodyLimit = 300

    private var documents: [SearchDocument] = []

    public init() {}

    /// Adds one document to the index.
    public mutating func add(_ document: SearchDocument) {
        documents.append(document)
    }

    /// How many documents were added.
    public var count: Int { documents.count }

    /// The index files.
    public func files() -> [OutputFile] {
        // Sorted on plain keys first; titles and paths are compared only between equals.
        let keys = documents.map { (weight: $0.weight, date: $0.date ?? .min) }
        let ordered = documents.indices.sorted { a, b in
            if keys[a].weight != keys[b].weight { return keys[a].weight > keys[b].weight }
            if keys[a].date != keys[b].date { return keys[a].date > keys[b].date }
            let x = documents[a], y = documents[b]
            if x.title != y.title { return x.title < y.title }
            return x.path < y.path
        }
        var kinds: [SearchDocument.Kind] = []
        var kindNumbers: [SearchDocument.Kind: Int] = [:]

        // Postings: per token, the ascending numbers of the documents with it in the title and in
        // the body (a document with it in both is listed under the title only).
        var tokenNumbers: [String: Int] = [:]
        var tokens: [String] = []
        var titles: [[Int32]] = []
        var bodies: [[Int32]] = []
        func number(of token: String) -> Int {
            if let found = tokenNumbers[token] { return found }
            tokenNumbers[token] = tokens.count
            tokens.append(token)
            titles.append([])
            bodies.append([])
            return tokens.count - 1
        }
        var records: [[UInt8]] = []
        records.reserveCapacity(ordered.count)
        for (rank, index) in ordered.enumerated() {
            let document = documents[index]
            let id = Int32(rank)
            SearchText.forEachToken(document.title) { token in
                let n = number(of: token)
                if titles[n].last != id { titles[n].append(id) }
            }
            SearchText.forEachToken(document.body) { token in
                let n = number(of: token)
                if titles[n].last != id && bodies[n].last != id { bodies[n].append(id) }
            }
            let kind: Int
            if let known = kindNumbers[document.kind] { kind = known } else {
                kind = kinds.count
                kindNumbers[document.kind] = kind
                kinds.append(document.kind)
            }
            var record: [UInt8] = Array("[\(kind),".utf8)
            JavaScript.appendString(document.title, to: &record)
            record.append(UInt8(ascii: ","))
            JavaScript.appendString(cut(document.body), to: &record)
            record.append(UInt8(ascii: ","))
            JavaScript.appendString(document.path, to: &record)
            record += Array(",\(document.date ?? 0)]".utf8)
            records.append(record)
        }

        var files: [OutputFile] = []
        // Shards: tokens in UTF-16 order (the order of JavaScript's string comparison), cut by size.
        let units = tokens.map { Array($0.utf16) }  // compared many times: transcoded once
        let order = tokens.indices.sorted { units[$0].lexicographicallyPrecedes(units[$1]) }
        var boundaries: [String] = []
        var body: [UInt8] = []
        func flush() {
            guard !body.isEmpty else { return }
            var bytes = Array("tallySearch.shard(\(boundaries.count - 1),\"".utf8)
            bytes += body
            bytes += Array("\");\n".utf8)
            files.append(OutputFile(path: Routes.searchShard(boundaries.count - 1), bytes: bytes))
            body = []
        }
        for n in order {
            var entry = Array(tokens[n].utf8)
            JavaScript.escapeInPlace(&entry)
            entry.append(UInt8(ascii: " "))
            PostingCode.append(titles[n], to: &entry)
            entry.append(UInt8(ascii: " "))
            PostingCode.append(bodies[n], to: &entry)
            if boundaries.isEmpty || (!body.isEmpty && body.count + entry.count > shardBytes) {
                flush()
                boundaries.append(boundaries.isEmpty ? "" : tokens[n])
            } else {
                body.append(UInt8(ascii: ","))
            }
            body += entry
        }
        flush()

        for start in stride(from: 0, to: records.count, by: chunkSize) {
            var bytes = Array("tallySearch.docs(\(start / chunkSize),[\n".utf8)
            for (offset, record) in records[start..<min(start + chunkSize, records.count)].enumerated() {
                if offset > 0 { bytes += Array(",\n".utf8) }
                bytes += record
            }
            bytes += Array("]);\n".utf8)
            files.append(OutputFile(path: Routes.searchDocuments(start / chunkSize), bytes: bytes))
        }

        var index = Array("window.tallySearchIndex = {\"documents\":\(records.count),\"chunkSize\":\(chunkSize),\"maxLength\":\(SearchText.maxLength),".utf8)
        index += Array("\"shardFolder\":".utf8)
        JavaScript.appendString(Routes.searchShardFolder, to: &index)
        index += Array(",\"documentFolder\":".utf8)
        JavaScript.appendString(Routes.searchDocumentFolder, to: &index)
        index += Array(",\"kinds\":[".utf8)
        for (offset, kind) in kinds.enumerated() {
            if offset > 0 { index.append(UInt8(ascii: ",")) }
            JavaScript.appendString(kind.label, to: &index)
        }
        index += Array("],\n\"shards\":[".utf8)
        for (offset, boundary) in boundaries.enumerated() {
            if offset > 0 { index.append(UInt8(ascii: ",")) }
            JavaScript.appendString(boundary, to: &index)
        }
        index += Array("]};\n".utf8)
        files.append(OutputFile(path: Routes.searchIndex, bytes: index))
        return files
    }

    private func cut(_ text: String) -> String {
        text.count <= bodyLimit ? text : String(text.prefix(bodyLimit)) + "…"
    }
}

/// Document numbers as text inside a JavaScript string, in the 64 characters `0-9A-Za-z-_`.
///
/// A list is either gaps (each number minus the previous minus one) written as variable-length
/// numbers, five bits a character, high groups first and marked by adding 32; or, when shorter, `~`,
/// the first number the same way, and a bitmap six numbers a character from it, low bit first.
/// Dense lists (a word in a sixth of all documents or more) then cost one character per six documents.
enum PostingCode {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_".utf8)

    static func append(_ numbers: [Int32], to out: inout [UInt8]) {
        guard let first = numbers.first, let last = numbers.last else { return }
        var gaps: [UInt8] = []
        var previous: Int32 = -1
        for number in numbers {
            appendNumber(Int(number - previous - 1), to: &gaps)
            previous = number
        }
        let bitmapLength = 1 + (Int(last - first) + 6) / 6 + 4
        if gaps.count <= bitmapLength {
            out += gaps
            return
        }
        out.append(UInt8(ascii: "~"))
        appendNumber(Int(first), to: &out)
        var bits = [UInt8](repeating: 0, count: (Int(last - first) + 6) / 6)
        for number in numbers {
            let offset = Int(number - first)
            bits[offset / 6] |= 1 << UInt8(offset % 6)
        }
        for value in bits { out.append(alphabet[Int(value)]) }
    }

    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        var groups: [Int] = [value & 31]
        var rest = value >> 5
        while rest > 0 {
            groups.append(rest & 31)
            rest >>= 5
        }
        for (offset, group) in groups.reversed().enumerated() {
            out.append(alphabet[offset == groups.count - 1 ? group : group + 32])
        }
    }

    /// The numbers back from their text: the script's decoder, for tests.
    static func decode(_ text: String) -> [Int32] {
        let bytes = Array(text.utf8)
        var values: [Int32] = []
        var position = 0
        func readNumber() -> Int {
            var value = 0
            while position < bytes.count {
                let digit = alphabet.firstIndex(of: bytes[position])!
                position += 1
                value = value * 32 + (digit & 31)
                if digit < 32 { break }
            }
            return value
        }
        if bytes.first == UInt8(ascii: "~") {
            position = 1
            let first = readNumber()
            var offset = 0
            while position < bytes.count {
                let digit = alphabet.firstIndex(of: bytes[position])!
                for bit in 0..<6 where digit & (1 << bit) != 0 { values.append(Int32(first + offset + bit)) }
                offset += 6
                position += 1
            }
            return values
        }
        var previous = -1
        while position < bytes.count {
            previous += readNumber() + 1
            values.append(Int32(previous))
        }
        return values
    }
}

/// Text written into generated JavaScript files.
enum JavaScript {
    private static let hex = Array("0123456789abcdef".utf8)

    /// Appends `text` as a double-quoted JavaScript string literal.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var bytes = Array(text.utf8)
        escapeInPlace(&bytes)
        out += bytes
        out.append(UInt8(ascii: "\""))
    }

    /// Escapes UTF-8 bytes for the inside of a double-quoted string literal: quotes, backslashes,
    /// control characters, `<` (so no `</script>` or `<!--` can appear), and U+2028/U+2029.
    static func escapeInPlace(_ bytes: inout [UInt8]) {
        guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0xE2 }) else { return }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                out += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 3
                continue
            }
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3C: out += Array("\\u003c".utf8)
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case ..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
            index += 1
        }
        bytes = out
    }
}
