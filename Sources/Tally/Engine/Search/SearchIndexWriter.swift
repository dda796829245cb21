/// Builds the site search's index as classic script files, so that it loads from `file://`
/// where `fetch`, ES modules and WebAssembly cannot read local files.
///
/// - `search/index.js` sets `window.tallySearchIndex`: the document count, the blocks, and the
///   first token of every shard.
/// - `search/shards/N.js` calls `tallySearch.shard(N, "…")` with a run of tokens in UTF-16 order,
///   each with the documents that hold it in a title and in a body. Shards are cut by size, so a
///   query loads the one shard that can hold each word (and, for prefixes, its neighbours).
/// - `search/docs/B-N.js` calls `tallySearch.docs("B-N", […])` with `chunkSize` result records of block B.
///
/// Documents are numbered in blocks, one per weight and source (`block`), each in the order its
/// source gave them, which sources keep stable as their data grows (oldest first, or in the order
/// rows were stored): a document's number is its block times 2^24 plus its place in the block.
/// So new documents are added at the ends of their blocks, and a rebuild after an import rewrites
/// the shards that hold their words and the last record chunks of their blocks, not every file.
/// The script ranks equal matches by block (weight first, then the source registered first), then
/// the highest number first: the document its source stored last.
///
/// A rebuild whose source says a block continues the previous build's (`SearchContinuation`)
/// carries that block over (`carry`): its postings read back from the previous shards, its
/// record files left in place but the last, and only the documents after them added. A block
/// the source revisits has every document handed over again, most as `SearchDocument.unchanged`:
/// only the changed ones are tokenised (their previous words taken out of the postings) and only
/// the record files that hold them written again.
public struct SearchIndexWriter {
    /// Roughly how many bytes of postings a shard holds (a token with more is a shard of its own).
    public var shardBytes = 12_000
    /// Result records per chunk file.
    public var chunkSize = 32
    /// Bodies are cut to this many characters in the result records (all of a body is indexed).
    public var bodyLimit = 300

    // A document is not kept: as it is added, its words go into the postings under its number,
    // and its result record into `records` (a file, so that a million records do not sit in
    // memory), listed under its block.
    private var records = RecordSpill()
    private var blocks: [Int32: [Int]] = [:]
    /// Carried blocks: how many documents each holds from the previous build, and the records
    /// of its last chunk when that chunk is not full (the new ones complete it).
    private var carried: [Int32: Carried] = [:]
    private var tokenNumbers: [String: Int32] = [:]
    private var tokens: [String] = []
    /// How many of `tokens` came from carried blocks: those, read from shards in order, are sorted.
    private var carriedTokens = 0
    private var postings: [Posting] = []
    /// The shards and their first tokens, and the previous records a revisited block writes
    /// again, once `seal()` made them.
    private var sealed: (shards: [OutputFile], boundaries: [String], previous: PreviousRecords)?

    /// A block carried over from the previous build.
    private struct Carried {
        var count: Int
        var tail: [[UInt8]]
        var revisits: Bool
        var chunk: (Int) -> [[UInt8]]?
        /// In a revisited block: the place of the next document handed over, and the places of
        /// the changed documents with their records' places in the spill.
        var cursor = 0
        var changed: [Int: Int] = [:]
        /// Places whose previous words are taken out of the postings (changed in their words).
        var reworded: [Int] = []

        /// How many documents the block holds now, given how many were added after its carried ones.
        func total(appended: Int) -> Int { revisits && cursor < count ? cursor : count + appended }
    }

    /// Records of a previous build's full record files, by block and file number.
    private typealias PreviousRecords = [Int32: [Int: [[UInt8]]]]

    /// Documents a block holds at most (a number's low 24 bits).
    static let blockSize: Int32 = 1 << 24

    /// The documents that hold one token, in the title and (only when not in the title) in the
    /// body: ascending numbers stored as gaps, seven bits a byte, since a million documents'
    /// postings as plain integers would be the biggest thing in a build's memory.
    private struct Posting {
        var titles: [UInt8] = []
        var bodies: [UInt8] = []
        /// The last numbers written, which the next gap is counted from.
        var lastTitle: Int32 = -1
        var lastBody: Int32 = -1
        /// The last document added with the token in its title and in its body: a document's
        /// words come together, and a changed document of a revisited block has a number the
        /// carried numbers may end with.
        var titleDocument: Int32 = -1
        var bodyDocument: Int32 = -1
        /// How many of the numbers were carried over (they come first).
        var carriedTitles: Int32 = 0
        var carriedBodies: Int32 = 0

        mutating func addTitle(_ id: Int32) {
            if titleDocument != id {
                titleDocument = id
                Self.append(id, after: &lastTitle, to: &titles)
            }
        }

        /// A document with the token in its title is listed there only.
        mutating func addBody(_ id: Int32) {
            if titleDocument != id && bodyDocument != id {
                bodyDocument = id
                Self.append(id, after: &lastBody, to: &bodies)
            }
        }

        /// Numbers read back from a previous build, ascending (a title's are not in the bodies).
        mutating func carry(titles ids: [Int32], bodies bodyIDs: [Int32]) {
            for id in ids { Self.append(id, after: &lastTitle, to: &titles) }
            for id in bodyIDs { Self.append(id, after: &lastBody, to: &bodies) }
            carriedTitles += Int32(ids.count)
            carriedBodies += Int32(bodyIDs.count)
        }

        /// Gaps are signed (zigzag): documents come block by block, so a number may be lower than
        /// the one before it when a source's documents go to several blocks.
        static func append(_ id: Int32, after last: inout Int32, to bytes: inout [UInt8]) {
            let signed = Int64(id) - Int64(last)
            var gap = UInt64(bitPattern: (signed << 1) ^ (signed >> 63))
            last = id
            while gap >= 0x80 {
                bytes.append(UInt8(gap & 0x7F) | 0x80)
                gap >>= 7
            }
            bytes.append(UInt8(gap))
        }

        static func numbers(_ bytes: [UInt8]) -> [Int32] {
            var numbers: [Int32] = []
            var value: UInt64 = 0, shift: UInt64 = 0, last: Int64 = -1
            for byte in bytes {
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 != 0 { shift += 7; continue }
                last += Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
                numbers.append(Int32(last))
                value = 0
                shift = 0
            }
            return numbers
        }
    }

    public init() {}

    /// The block of documents of `weight` from the source at `source` in the registry: weight
    /// first (up to 15), so that heavier documents rank first whatever their source, and among
    /// equal weights the source registered first (the script ranks higher blocks first).
    public static func block(weight: Int, source: Int) -> Int32 {
        Int32(min(max(weight, 0), 15)) * 8 + 7 - Int32(min(max(source, 0), 7))
    }

    /// The key its record files are written under (`OutputFile.section`): a rebuild that
    /// carries the block keeps those it does not write again.
    public static func recordSection(_ block: Int32) -> String { "search-docs-\(block)" }

    /// Carries `block` over from the previous build: its documents keep their numbers, postings
    /// and record files, and the documents added to it come after them. Before any `add`.
    mutating func carry(_ block: CarriedSearchBlock) {
        precondition(sealed == nil && blocks.isEmpty && carried[block.block] == nil, "blocks are carried over before any document is added")
        carried[block.block] = Carried(count: block.count, tail: block.tail, revisits: block.revisits, chunk: block.chunk)
        for posting in block.postings {
            let n = number(of: posting.token)
            postings[n].carry(titles: posting.titles, bodies: posting.bodies)
        }
        carriedTokens = tokens.count
    }

    /// Adds one document to the end of its block (`block(weight:source:)`); in a revisited
    /// block, the document at the next of its places (`SearchDocument.previous`).
    public mutating func add(_ document: SearchDocument, source: Int = 0) {
        precondition(sealed == nil, "a sealed search index takes no more documents")
        let block = Self.block(weight: document.weight, source: source)
        if var revisited = carried[block], revisited.revisits, revisited.cursor < revisited.count {
            let place = revisited.cursor
            revisited.cursor += 1
            defer { carried[block] = revisited }
            guard document.previous != .same else { return }
            revisited.changed[place] = records.count
            if document.previous == .none {
                revisited.reworded.append(place)
                index(document, as: block * Self.blockSize + Int32(place))
            }
            records.append(record(document))
            return
        }
        precondition(document.previous == .none, "only a revisited block's documents stand against the previous build's")
        if carried[block]?.revisits == true { carried[block]!.cursor += 1 }
        let place = (carried[block]?.count ?? 0) + blocks[block, default: []].count
        // A block past 2^24 documents (never seen: a million documents are 1/16 of it) starts over at
        // its first number rather than run into the next block.
        let id = block * Self.blockSize + Int32(place % Int(Self.blockSize))
        blocks[block, default: []].append(records.count)  // its record's place in the spill
        index(document, as: id)
        records.append(record(document))
    }

    /// Puts the document's words in the postings under its number.
    private mutating func index(_ document: SearchDocument, as id: Int32) {
        SearchText.forEachToken(document.title) { token in
            let n = number(of: token)
            postings[n].addTitle(id)
        }
        SearchText.forEachToken(document.body) { token in
            let n = number(of: token)
            postings[n].addBody(id)
        }
    }

    /// The document's result record, as its record file lists it.
    private func record(_ document: SearchDocument) -> [UInt8] {
        var record: [UInt8] = [UInt8(ascii: "[")]
        JavaScript.appendString(document.kind.label, to: &record)
        record.append(UInt8(ascii: ","))
        JavaScript.appendString(document.title, to: &record)
        record.append(UInt8(ascii: ","))
        JavaScript.appendString(cut(document.body), to: &record)
        record.append(UInt8(ascii: ","))
        JavaScript.appendString(document.path, to: &record)
        record += Array(",\(document.date ?? 0)]".utf8)
        return record
    }

    private mutating func number(of token: String) -> Int {
        if let found = tokenNumbers[token] { return Int(found) }
        tokenNumbers[token] = Int32(tokens.count)
        tokens.append(token)
        postings.append(Posting())
        return tokens.count - 1
    }

    /// How many documents the index holds.
    public var count: Int { blockCounts.reduce(0) { $0 + $1.count } }

    /// How many of them were carried over from the previous build rather than tokenised again:
    /// a carried block's, but for the changed documents of a revisited one.
    public var carriedDocuments: Int {
        carried.values.reduce(0) { total, block in
            total + (block.revisits ? min(block.cursor, block.count) - block.reworded.count : block.count)
        }
    }

    /// The keys (`OutputFile.section`) of the carried blocks whose record files an update keeps
    /// unless written again: all but a revisited block that ended shorter, whose files are all
    /// written again (those past its end go).
    public var keptSections: [String] {
        carried.filter { !($0.value.revisits && $0.value.cursor < $0.value.count) }.keys.sorted().map(Self.recordSection)
    }

    /// The index files, all at once (for tests and small sites; a build streams them with `write`).
    public func files() throws -> [OutputFile] {
        var files: [OutputFile] = []
        try write { files.append($0) }
        return files
    }

    /// Encodes the shards now and lets go of the postings, which take several times their
    /// encoded size: an index gathered beside the sections (`SearchIndexTask`) is held until
    /// the sections are done, in the same memory as the biggest page. Nothing can be added after.
    ///
    /// Throws `CarriedSearchBlock.Unreadable` when a revisited block's record file that it writes
    /// again could not be read back: nothing was handed over then, and the index can be gathered
    /// again without carrying anything.
    public mutating func seal() throws {
        guard sealed == nil else { return }
        let previous = try previousRecords()
        var shards: [OutputFile] = []
        let boundaries = writeShards { shards.append($0) }  // a closure that cannot throw: neither can the call
        sealed = (shards, boundaries, previous)
        tokens = []
        tokenNumbers = [:]
        postings = []
    }

    /// Hands over the index files one at a time, so that memory holds one file, not the index.
    public func write(_ emit: (OutputFile) throws -> Void) throws {
        var boundaries: [String]
        let previous: PreviousRecords
        if let sealed {
            for shard in sealed.shards { try emit(shard) }
            boundaries = sealed.boundaries
            previous = sealed.previous
        } else {
            previous = try previousRecords()
            boundaries = try writeShards(emit)
        }
        try writeRecords(previous: previous, emit)
        try writeIndex(boundaries: boundaries, emit)
    }

    /// The numbers whose carried postings are taken out: the changed words of revisited blocks'
    /// documents, and the places past a revisited block's new end.
    private var dropped: Set<Int32> {
        var numbers = Set<Int32>()
        for (block, revisited) in carried where revisited.revisits {
            let base = block * Self.blockSize
            for place in revisited.reworded { numbers.insert(base + Int32(place)) }
            if revisited.cursor < revisited.count {
                for place in revisited.cursor..<revisited.count { numbers.insert(base + Int32(place)) }
            }
        }
        return numbers
    }

    /// The record files of revisited blocks written again, but for their last (`tail`), read
    /// back from the previous build: those holding a changed document, or all of a block that
    /// ended shorter.
    private func previousRecords() throws -> PreviousRecords {
        var previous: PreviousRecords = [:]
        for (block, revisited) in carried where revisited.revisits {
            let full = revisited.count / chunkSize
            for file in Set(rewritten(revisited)).filter({ $0 < full }) {
                guard let records = revisited.chunk(file) else {
                    throw CarriedSearchBlock.Unreadable(path: Routes.searchDocuments("\(block)-\(file)"))
                }
                previous[block, default: [:]][file] = records
            }
        }
        return previous
    }

    /// The record files of a revisited block that are written again (the last and those after
    /// it are written whatever they hold).
    private func rewritten(_ revisited: Carried) -> [Int] {
        guard revisited.cursor >= revisited.count else {
            return Array(0..<((revisited.cursor + chunkSize - 1) / chunkSize))
        }
        return revisited.changed.keys.map { $0 / chunkSize }
    }

    /// The shards, handed to `emit`: tokens in UTF-16 order (the order of JavaScript's string
    /// comparison), cut by size. Returns each shard's first token.
    private func writeShards(_ emit: (OutputFile) throws -> Void) rethrows -> [String] {
        let units = tokens.map { Array($0.utf16) }  // compared many times: transcoded once
        let order = Self.order(units, sortedPrefix: carriedTokens)
        var boundaries: [String] = []
        var body: [UInt8] = []
        func shard() -> OutputFile {
            var bytes = Array("tallySearch.shard(\(boundaries.count - 1),\"".utf8)
            bytes += body
            bytes += Array("\");\n".utf8)
            body = []
            return OutputFile(path: Routes.searchShard(boundaries.count - 1), bytes: bytes)
        }
        let dropped = self.dropped
        // Only the carried numbers of revisited blocks can be dropped: those at or above the lowest.
        let lowest = dropped.min() ?? .max
        func numbers(_ bytes: [UInt8], carried: Int32) -> [Int32] {
            var numbers = Posting.numbers(bytes)
            if carried > 0, let last = numbers.prefix(Int(carried)).last, last >= lowest {
                numbers = numbers.prefix(Int(carried)).filter { !dropped.contains($0) } + numbers.dropFirst(Int(carried))
            }
            return numbers.sorted()
        }
        for n in order {
            let titles = numbers(postings[n].titles, carried: postings[n].carriedTitles)
            let bodies = numbers(postings[n].bodies, carried: postings[n].carriedBodies)
            // A word only a changed document had.
            if titles.isEmpty && bodies.isEmpty { continue }
            var entry = Array(tokens[n].utf8)
            JavaScript.escapeInPlace(&entry)
            entry.append(UInt8(ascii: " "))
            PostingCode.append(titles, to: &entry)
            entry.append(UInt8(ascii: " "))
            PostingCode.append(bodies, to: &entry)
            if boundaries.isEmpty || (!body.isEmpty && body.count + entry.count > shardBytes) {
                if !body.isEmpty { try emit(shard()) }
                boundaries.append(boundaries.isEmpty ? "" : tokens[n])
            } else {
                body.append(UInt8(ascii: ","))
            }
            body += entry
        }
        if !body.isEmpty { try emit(shard()) }
        return boundaries
    }

    /// The tokens' numbers in the order of their UTF-16 units. The first `sortedPrefix` tokens
    /// (a carried block's, read from shards in their order) are checked to be in order and merged
    /// with the rest, sorted: sorting every token of a 100k index again was a tenth of a
    /// rebuild's search thread, for the few words an import adds.
    static func order(_ units: [[UInt16]], sortedPrefix: Int) -> [Int] {
        func before(_ a: Int, _ b: Int) -> Bool { units[a].lexicographicallyPrecedes(units[b]) }
        let prefix = min(sortedPrefix, units.count)
        guard prefix > 1, (1..<prefix).allSatisfy({ before($0 - 1, $0) }) else { return units.indices.sorted(by: before) }
        let rest = (prefix..<units.count).sorted(by: before)
        var order: [Int] = []
        order.reserveCapacity(units.count)
        var next = 0
        for token in rest {
            while next < prefix && before(next, token) {
                order.append(next)
                next += 1
            }
            order.append(token)
        }
        order += next..<prefix
        return order
    }

    /// The blocks in number order, with how many documents each holds.
    private var blockCounts: [(block: Int32, count: Int)] {
        Set(blocks.keys).union(carried.keys).sorted().map { block in
            (block, carried[block].map { $0.total(appended: blocks[block]?.count ?? 0) } ?? (blocks[block]?.count ?? 0))
        }.filter { $0.count > 0 }
    }

    /// The result records, `chunkSize` a file, block by block (a carried block's from its last
    /// chunk: those before it are the previous build's files, unchanged).
    private func writeRecords(previous: PreviousRecords, _ emit: (OutputFile) throws -> Void) throws {
        for (block, count) in blockCounts {
            let members = blocks[block] ?? []
            let kept = carried[block]?.count ?? 0
            let tail = carried[block]?.tail ?? []
            let first = kept / chunkSize * chunkSize
            let changed = carried[block]?.changed ?? [:]
            // A revisited block writes again the files holding a changed document too.
            var starts = Set(stride(from: first, to: count, by: chunkSize))
            if let revisited = carried[block], revisited.revisits {
                for file in rewritten(revisited) where file * chunkSize < count { starts.insert(file * chunkSize) }
            }
            for start in starts.sorted() {
                let key = "\(block)-\(start / chunkSize)"
                var bytes = Array("tallySearch.docs(\"\(key)\",[\n".utf8)
                for place in start..<min(start + chunkSize, count) {
                    if place > start { bytes += Array(",\n".utf8) }
                    if let spilled = changed[place] {
                        try records.read(spilled, into: &bytes)
                    } else if place >= kept {
                        try records.read(members[place - kept], into: &bytes)
                    } else if place >= first {
                        bytes += tail[place - first]
                    } else {
                        bytes += previous[block]![start / chunkSize]![place - start]
                    }
                }
                bytes += Array("]);\n".utf8)
                var file = OutputFile(path: Routes.searchDocuments(key), bytes: bytes)
                file.section = Self.recordSection(block)
                try emit(file)
            }
        }
    }

    /// `search/index.js`: the counts, the blocks and the shards' first tokens.
    private func writeIndex(boundaries: [String], _ emit: (OutputFile) throws -> Void) throws {
        var index = Array("window.tallySearchIndex = {\"documents\":\(count),\"chunkSize\":\(chunkSize),\"blockSize\":\(Self.blockSize),".utf8)
        index += Array("\"maxLength\":\(SearchText.maxLength),\"shardFolder\":".utf8)
        JavaScript.appendString(Routes.searchShardFolder, to: &index)
        index += Array(",\"documentFolder\":".utf8)
        JavaScript.appendString(Routes.searchDocumentFolder, to: &index)
        // Each block with how many documents it holds, in number order.
        index += Array(",\"blocks\":[".utf8)
        for (offset, (block, count)) in blockCounts.enumerated() {
            if offset > 0 { index.append(UInt8(ascii: ",")) }
            index += Array("[\(block),\(count)]".utf8)
        }
        index += Array("],\n\"shards\":[".utf8)
        for (offset, boundary) in boundaries.enumerated() {
            if offset > 0 { index.append(UInt8(ascii: ",")) }
            JavaScript.appendString(boundary, to: &index)
        }
        index += Array("]};\n".utf8)
        try emit(OutputFile(path: Routes.searchIndex, bytes: index))
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

    /// High groups first, each but the last marked by adding 32. Counted before written, not
    /// gathered in an array: a rebuild writes every posting of the index again, and an array per
    /// number was two thirds of that.
    static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        var shift = 0
        while value >> (shift + 5) > 0 { shift += 5 }
        while shift > 0 {
            out.append(alphabet[((value >> shift) & 31) + 32])
            shift -= 5
        }
        out.append(alphabet[value & 31])
    }

    /// Each character's value in `alphabet`, or -1.
    private static let values: [Int8] = {
        var values = [Int8](repeating: -1, count: 128)
        for (value, character) in alphabet.enumerated() { values[Int(character)] = Int8(value) }
        return values
    }()

    /// The numbers back from their text: the script's decoder, for tests.
    static func decode(_ text: String) -> [Int32] {
        decode(Array(text.utf8)[...])!
    }

    /// The numbers back from their text, or nil when it is not one `append` wrote (a shard read
    /// back from a previous build, `CarriedSearchBlock`).
    static func decode(_ bytes: ArraySlice<UInt8>) -> [Int32]? {
        var values: [Int32] = []
        var position = bytes.startIndex
        func digit() -> Int? {
            let byte = bytes[position]
            guard byte < 128, Self.values[Int(byte)] >= 0 else { return nil }
            position += 1
            return Int(Self.values[Int(byte)])
        }
        func readNumber() -> Int? {
            var value = 0
            while position < bytes.endIndex {
                guard let digit = digit(), value < Int(Int32.max) else { return nil }
                value = value * 32 + (digit & 31)
                if digit < 32 { return value }
            }
            return nil
        }
        if bytes.first == UInt8(ascii: "~") {
            position += 1
            guard let first = readNumber() else { return nil }
            var offset = 0
            while position < bytes.endIndex {
                guard let digit = digit() else { return nil }
                for bit in 0..<6 where digit & (1 << bit) != 0 { values.append(Int32(truncatingIfNeeded: first + offset + bit)) }
                offset += 6
            }
            return values
        }
        var previous = -1
        while position < bytes.endIndex {
            guard let gap = readNumber() else { return nil }
            previous += gap + 1
            guard previous <= Int(Int32.max) else { return nil }
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
