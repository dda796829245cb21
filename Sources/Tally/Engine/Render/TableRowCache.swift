/// Long tables' rows kept from one build to the next, so that a rebuild sends through cmark-gfm
/// only the rows that changed.
///
/// A long table (`TableWindowing`) has all its rows rendered into its data script and CSV: the
/// People list of a 100,000-post store is 14,000 rows, made again whenever one count changes, and
/// that was a third of such a rebuild. A row's script cells and CSV line depend only on its
/// Markdown line and its table's header, so each build records every long table's rows by a digest
/// of those (`ContentHash`, with the page's fragment tokens replaced by their HTML, since tokens
/// are numbered per page after a secret drawn per process), beside the site with the sources'
/// states; the next build takes a row from there when its digest is found. The record goes with the
/// rest of the build's state whenever the binary, theme or settings change.
final class TableRowCache: @unchecked Sendable {
    /// Where the rows are kept among the build's states, before the table's name.
    static let stateKeyPrefix = "table-rows:"

    private let memory: BuildMemory

    init(memory: BuildMemory) {
        self.memory = memory
    }

    /// The previous build's rows of the table `name` (a page's path and the table's place in
    /// it), if it recorded them: an index of where each row is in the record, which stays in its
    /// temporary file (`BuildMemory`) and is read a row at a time.
    func previous(_ name: String) -> Rows? {
        memory.previousSpill(for: Self.stateKeyPrefix + name).map(Rows.init)
    }

    /// Records the rows of the table `name` for the next build: `Rows.append`'s bytes, a batch a
    /// record, held in a temporary file until the build's end (14,000 People rows are 12 MB).
    func keep(_ rows: RecordSpill, for name: String) {
        memory.keep(spilled: rows, for: Self.stateKeyPrefix + name)
    }

    /// The digest that finds a row: its table's header and delimiter lines and its own line.
    static func key(head: [UInt8], row: UnsafeBufferPointer<UInt8>) -> ContentHash {
        var bytes = head
        if let expanded = HTMLFragment.expandingTokens(in: row) { bytes += expanded } else { bytes += row }
        return ContentHash(bytes)
    }

    /// One table's recorded rows: per row its key's two lanes, the record's length and the
    /// record (`EncodedTableRow.append(to:)`).
    struct Rows {
        private let spill: RecordSpill?
        private let bytes: [UInt8]
        private var index: [ContentHash: Range<Int>] = [:]
        /// How many bytes the record is.
        let byteCount: Int

        /// The rows of a record in a temporary file: read a megabyte at a time for the index,
        /// then a row at a time (a damaged file reads as no rows). Read whole, the People
        /// table's 12 MB were held at once beside its page, at the rebuild's peak of memory.
        init(_ spill: RecordSpill) {
            self.spill = spill
            bytes = []
            byteCount = spill.byteCount
            var window: [UInt8] = []
            var windowStart = 0
            var at = 0
            /// Whether the window holds `at..<end` (reading on from `at` when it does not).
            func hold(upTo end: Int) -> Bool {
                if at >= windowStart, end <= windowStart + window.count { return true }
                window.removeAll(keepingCapacity: true)
                windowStart = at
                return (try? spill.read(bytes: at..<min(byteCount, max(end, at + Self.windowBytes)), into: &window)) != nil
            }
            while at + 20 <= byteCount {
                guard hold(upTo: at + 20) else {
                    index = [:]
                    return
                }
                let a = Self.number(window, at - windowStart, width: 8), b = Self.number(window, at - windowStart + 8, width: 8)
                let length = Int(Self.number(window, at - windowStart + 16, width: 4))
                at += 20
                guard length <= byteCount - at else { break }
                index[ContentHash(a: a, b: b)] = at..<(at + length)
                at += length
            }
        }

        /// How much of a record's file `init(_:)` reads at once.
        static let windowBytes = 1 << 20

        /// The rows of a record held in memory.
        init(_ bytes: [UInt8]) {
            spill = nil
            byteCount = bytes.count
            self.bytes = bytes
            var at = 0
            while at + 20 <= bytes.count {
                let a = Self.number(bytes, at, width: 8), b = Self.number(bytes, at + 8, width: 8)
                let length = Int(Self.number(bytes, at + 16, width: 4))
                at += 20
                guard length <= bytes.count - at else { break }
                index[ContentHash(a: a, b: b)] = at..<(at + length)
                at += length
            }
        }

        /// The record found by `key` (`EncodedTableRow.append(to:)`), as bytes to keep again and
        /// to add to a table (`TableRowsEncoder.add(record:)`).
        func row(_ key: ContentHash) -> ArraySlice<UInt8>? {
            guard let range = index[key] else { return nil }
            var record: ArraySlice<UInt8>
            if let spill {
                var read: [UInt8] = []
                guard (try? spill.read(bytes: range, into: &read)) != nil else { return nil }
                record = read[...]
            } else {
                record = bytes[range]
            }
            return Self.checked(record)
        }

        /// The records found by `keys`, in their order (nil for a key not found). From a
        /// record in a temporary file, one read takes the span of them all, not one read a row:
        /// a table's rows mostly keep their order from one build to the next, so a batch's rows
        /// lie together (14,000 reads were a tenth of the People table's rebuild). Rows spread
        /// over much more than their own size are read one at a time.
        func rows(_ keys: [ContentHash]) -> [ArraySlice<UInt8>?] {
            let ranges = keys.map { index[$0] }
            guard let spill else { return ranges.map { $0.flatMap { Self.checked(bytes[$0]) } } }
            var low = Int.max, high = 0, size = 0
            for case let range? in ranges {
                low = min(low, range.lowerBound)
                high = max(high, range.upperBound)
                size += range.count
            }
            guard size > 0 else { return ranges.map { _ in nil } }
            guard high - low <= max(2 * size, Self.windowBytes) else { return keys.map(row) }
            var span: [UInt8] = []
            guard (try? spill.read(bytes: low..<high, into: &span)) != nil else { return ranges.map { _ in nil } }
            return ranges.map { $0.flatMap { Self.checked(span[($0.lowerBound - low)..<($0.upperBound - low)]) } }
        }

        /// The record, when it is a whole one (a damaged record is made again).
        private static func checked(_ record: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            EncodedTableRow.isRecord(record) ? record : nil
        }

        /// Appends the record of the row found by `key`, as a previous build recorded it.
        static func append(key: ContentHash, record: ArraySlice<UInt8>, to out: inout [UInt8]) {
            appendNumber(key.a, width: 8, to: &out)
            appendNumber(key.b, width: 8, to: &out)
            appendNumber(UInt64(record.count), width: 4, to: &out)
            out += record
        }

        /// Appends the row found by `key`, its record made from `row`.
        static func append(key: ContentHash, row: EncodedTableRow, to out: inout [UInt8]) {
            appendNumber(key.a, width: 8, to: &out)
            appendNumber(key.b, width: 8, to: &out)
            let lengthAt = out.count
            appendNumber(0, width: 4, to: &out)
            row.append(to: &out)
            let length = out.count - lengthAt - 4
            for index in 0..<4 { out[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
        }

        private static func number(_ bytes: [UInt8], _ at: Int, width: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<width { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            return value
        }

        private static func appendNumber(_ value: UInt64, width: Int, to out: inout [UInt8]) {
            for index in 0..<width { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
        }
    }
}
