/// The rows of one long table as its data script and its CSV, encoded as they come, so that a table
/// of a hundred thousand rows can be read a thousand rows at a time.
///
/// The script hands every row to the theme's script: per column a list of link prefixes, then each
/// row's cells as a number, a text, `[text, prefix, rest]` for one link (`[text, prefix]` when the
/// rest is the text without its `#` or `@`), or `{"h": html}` for anything richer (cmark's own,
/// already safe, markup).
struct TableRowsEncoder {
    let headers: [String]
    /// How many rows were added.
    private(set) var count = 0
    /// Every row as CSV (RFC 4180, formulas guarded), headed by the header texts.
    private(set) var csv: [UInt8]
    private var prefixes: [[String]]
    private var prefixIndex: [[String: Int]]
    /// The rows' JSON, already escaped for the single-quoted literal it ends up in.
    private var json: [UInt8] = []

    init(headers: [String]) {
        self.headers = headers
        csv = Array((TableExport.csvLine(headers.map { .text($0) }, guardFormulas: false) + "\r\n").utf8)
        prefixes = Array(repeating: [], count: max(headers.count, 1))
        prefixIndex = Array(repeating: [:], count: max(headers.count, 1))
    }

    /// Adds every body row of `table`.
    mutating func add(_ table: ParsedTable) {
        let source = table.source
        for row in table.rows {
            var out = count == 0 ? "[" : ",["
            var cells: [TableExport.Cell] = []
            for (column, cell) in ParsedTable.cells(source[row], tag: "td").enumerated() {
                if column > 0 { out += "," }
                let inner = source[cell]
                cells.append(.text(HTMLText.plain(inner)))
                if !inner.contains(UInt8(ascii: "<")) {
                    let text = HTMLText.unescaped(inner)
                    out += ParsedTable.isPlainNumber(text) ? text : TableWindowing.jsonString(text)
                } else if let (href, text) = ParsedTable.singleLink(inner) {
                    let (prefix, rest) = ParsedTable.split(href)
                    if column >= prefixes.count {
                        prefixes.append(contentsOf: Array(repeating: [], count: column + 1 - prefixes.count))
                        prefixIndex.append(contentsOf: Array(repeating: [:], count: column + 1 - prefixIndex.count))
                    }
                    let slot: Int
                    if let known = prefixIndex[column][prefix] { slot = known } else {
                        slot = prefixes[column].count
                        prefixes[column].append(prefix)
                        prefixIndex[column][prefix] = slot
                    }
                    // A link whose last part is its own text (`#swift` → …/hashtag/swift) leaves that part out.
                    let own = text.hasPrefix("#") || text.hasPrefix("@") ? text.dropFirst() : Substring(text)
                    if rest == own, rest.utf8.allSatisfy(ParsedTable.isUnreserved) {
                        out += "[\(TableWindowing.jsonString(text)),\(slot)]"
                    } else {
                        out += "[\(TableWindowing.jsonString(text)),\(slot),\(TableWindowing.jsonString(rest))]"
                    }
                } else {
                    out += "{\"h\":\(TableWindowing.jsonString(String(decoding: inner, as: UTF8.self)))}"
                }
            }
            out += "]"
            Self.appendEscaped(out, to: &json)
            csv += (TableExport.csvLine(cells, guardFormulas: true) + "\r\n").utf8
            count += 1
        }
    }

    /// The classic script that sets `window.tallyRows[key]`.
    func script(key: String) -> [UInt8] {
        let tail = "],\"prefixes\":[" + prefixes.map { "[" + $0.map(TableWindowing.jsonString).joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
        var out = Array("(window.tallyRows = window.tallyRows || {})[\(key)] = JSON.parse('{\"rows\":[".utf8)
        out.reserveCapacity(out.count + json.count + tail.utf8.count + 4)
        out += json
        Self.appendEscaped(tail, to: &out)
        out += Array("');\n".utf8)
        return out
    }

    /// V8 reads a large JSON text through JSON.parse several times faster than the same object
    /// literal; the JSON (no raw `<` or line breaks) goes into a single-quoted string.
    private static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "'") { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
    }
}
