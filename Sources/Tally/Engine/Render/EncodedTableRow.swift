/// One body row of a long table as its data script and CSV hold it, made from the row's HTML and
/// nothing else, so that it can be kept between builds (`TableRowCache`) and used again for the
/// same row without cmark-gfm.
///
/// Everything is final but the number of a link's shared start, which depends on the rows before
/// it: `TableRowsEncoder` gives each start its number as the rows are added in order.
struct EncodedTableRow: Equatable {
    /// A cell of the data script.
    enum Cell: Equatable {
        /// The cell's JSON, escaped for the script's single-quoted literal.
        case literal([UInt8])
        /// A link cell: its JSON before the start's number, the start, and its JSON after.
        case link(head: [UInt8], prefix: String, tail: [UInt8])
    }

    var cells: [Cell]
    /// The row as a CSV line, `\r\n` included.
    var csv: [UInt8]

    init(cells: [Cell], csv: [UInt8]) {
        self.cells = cells
        self.csv = csv
    }

    /// The row of `source` within `range` (`<tr>` to `</tr>`), as cmark-gfm rendered it.
    init(_ source: ArraySlice<UInt8>, row range: Range<Int>) {
        var cells: [Cell] = []
        var texts: [TableExport.Cell] = []
        for cell in ParsedTable.cells(source[range], tag: "td") {
            let inner = source[cell]
            texts.append(.text(HTMLText.plain(inner)))
            if !inner.contains(UInt8(ascii: "<")) {
                let text = HTMLText.unescaped(inner)
                cells.append(.literal(Self.escaped(ParsedTable.isPlainNumber(text) ? text : TableWindowing.jsonString(text))))
            } else if let (href, text) = ParsedTable.singleLink(inner) {
                let (prefix, rest) = ParsedTable.split(href)
                // A link whose last part is its own text (`#swift` → …/hashtag/swift) leaves that part out.
                let own = text.hasPrefix("#") || text.hasPrefix("@") ? text.dropFirst() : Substring(text)
                let tail = rest == own && rest.utf8.allSatisfy(ParsedTable.isUnreserved) ? "]" : ",\(TableWindowing.jsonString(rest))]"
                cells.append(.link(head: Self.escaped("[\(TableWindowing.jsonString(text)),"), prefix: prefix, tail: Self.escaped(tail)))
            } else {
                cells.append(.literal(Self.escaped("{\"h\":\(TableWindowing.jsonString(String(decoding: inner, as: UTF8.self)))}")))
            }
        }
        self.cells = cells
        csv = Array((TableExport.csvLine(texts, guardFormulas: true) + "\r\n").utf8)
    }

    /// V8 reads a large JSON text through JSON.parse several times faster than the same object
    /// literal; the JSON (no raw `<` or line breaks) goes into a single-quoted string.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &out)
        return out
    }

    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "'") { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
    }
}

extension EncodedTableRow {
    /// The row as bytes for `TableRowCache`: the CSV, then each cell (kind, then its parts), each
    /// part with its length.
    func append(to out: inout [UInt8]) {
        Self.appendPart(csv[...], to: &out)
        Self.appendLength(cells.count, to: &out)
        for cell in cells {
            switch cell {
            case .literal(let json):
                out.append(0)
                Self.appendPart(json[...], to: &out)
            case .link(let head, let prefix, let tail):
                out.append(1)
                Self.appendPart(head[...], to: &out)
                Self.appendPart(Array(prefix.utf8)[...], to: &out)
                Self.appendPart(tail[...], to: &out)
            }
        }
    }

    /// A row read back from `append(to:)`'s bytes; nil when they are not one.
    init?(bytes: ArraySlice<UInt8>) {
        var at = bytes.startIndex
        func length() -> Int? {
            guard at + 4 <= bytes.endIndex else { return nil }
            var value = 0
            for index in 0..<4 { value |= Int(bytes[at + index]) << (8 * index) }
            at += 4
            return value
        }
        func part() -> [UInt8]? {
            guard let count = length(), count <= bytes.endIndex - at else { return nil }
            defer { at += count }
            return Array(bytes[at..<at + count])
        }
        guard let csv = part(), let count = length(), count <= bytes.count else { return nil }
        var cells: [Cell] = []
        cells.reserveCapacity(count)
        for _ in 0..<count {
            guard at < bytes.endIndex else { return nil }
            let kind = bytes[at]
            at += 1
            switch kind {
            case 0:
                guard let json = part() else { return nil }
                cells.append(.literal(json))
            case 1:
                guard let head = part(), let prefix = part(), let tail = part() else { return nil }
                cells.append(.link(head: head, prefix: String(decoding: prefix, as: UTF8.self), tail: tail))
            default:
                return nil
            }
        }
        guard at == bytes.endIndex else { return nil }
        self.init(cells: cells, csv: csv)
    }

    /// Walks a record of `append(to:)` in place: each cell's parts, by their ranges in `bytes`,
    /// in order. The CSV line's range, or nil when the bytes are not one record (whose cells
    /// may then have been visited in part).
    static func walk(record bytes: ArraySlice<UInt8>, literal: (Range<Int>) -> Void,
                     link: (_ head: Range<Int>, _ prefix: Range<Int>, _ tail: Range<Int>) -> Void) -> Range<Int>? {
        var at = bytes.startIndex
        func length() -> Int? {
            guard at + 4 <= bytes.endIndex else { return nil }
            var value = 0
            for index in 0..<4 { value |= Int(bytes[at + index]) << (8 * index) }
            at += 4
            return value
        }
        func part() -> Range<Int>? {
            guard let count = length(), count <= bytes.endIndex - at else { return nil }
            defer { at += count }
            return at..<(at + count)
        }
        guard let csv = part(), let count = length(), count <= bytes.count else { return nil }
        for _ in 0..<count {
            guard at < bytes.endIndex else { return nil }
            let kind = bytes[at]
            at += 1
            switch kind {
            case 0:
                guard let json = part() else { return nil }
                literal(json)
            case 1:
                guard let head = part(), let prefix = part(), let tail = part() else { return nil }
                link(head, prefix, tail)
            default:
                return nil
            }
        }
        return at == bytes.endIndex ? csv : nil
    }

    /// Whether `bytes` are one whole record of `append(to:)`.
    static func isRecord(_ bytes: ArraySlice<UInt8>) -> Bool {
        walk(record: bytes, literal: { _ in }, link: { _, _, _ in }) != nil
    }

    private static func appendLength(_ value: Int, to out: inout [UInt8]) {
        for index in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }

    private static func appendPart(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        appendLength(bytes.count, to: &out)
        out += bytes
    }
}
