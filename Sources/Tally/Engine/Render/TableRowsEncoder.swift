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
    /// Per column, the last link start a record's bytes named, with its number.
    private var lastPrefix: [(bytes: [UInt8], slot: Int)?] = []

    init(headers: [String]) {
        self.headers = headers
        csv = Array((TableExport.csvLine(headers.map { .text($0) }, guardFormulas: false) + "\r\n").utf8)
        prefixes = Array(repeating: [], count: max(headers.count, 1))
        prefixIndex = Array(repeating: [:], count: max(headers.count, 1))
    }

    /// Adds every body row of `table`.
    mutating func add(_ table: ParsedTable) {
        for row in table.rows { add(EncodedTableRow(table.source, row: row)) }
    }

    /// Adds one row from its record (`EncodedTableRow.append(to:)`, checked whole by
    /// `EncodedTableRow.isRecord`) as `add(_:)` adds the row it holds, without making the row:
    /// a rebuild takes nearly all of a long table's rows from the previous build's records, and
    /// making each row's parts and freeing them was half of the People table's 14,000.
    mutating func add(record bytes: ArraySlice<UInt8>) {
        if count > 0 { json.append(UInt8(ascii: ",")) }
        json.append(UInt8(ascii: "["))
        var column = 0
        let csvLine = EncodedTableRow.walk(record: bytes, literal: { range in
            if column > 0 { json.append(UInt8(ascii: ",")) }
            json += bytes[range]
            column += 1
        }, link: { head, prefix, tail in
            if column > 0 { json.append(UInt8(ascii: ",")) }
            let slot = self.slot(for: bytes[prefix], column: column)
            json += bytes[head]
            json += String(slot).utf8
            json += bytes[tail]
            column += 1
        })
        json.append(UInt8(ascii: "]"))
        if let csvLine { csv += bytes[csvLine] }
        count += 1
    }

    /// The number of a link's shared start in `column`, numbered in the order starts come; the
    /// start as bytes is made text only when it is not the column's last one.
    private mutating func slot(for prefix: ArraySlice<UInt8>, column: Int) -> Int {
        if column < lastPrefix.count, let last = lastPrefix[column], last.bytes.elementsEqual(prefix) { return last.slot }
        let slot = slot(for: String(decoding: prefix, as: UTF8.self), column: column)
        if column >= lastPrefix.count { lastPrefix.append(contentsOf: Array(repeating: nil, count: column + 1 - lastPrefix.count)) }
        lastPrefix[column] = (Array(prefix), slot)
        return slot
    }

    /// The number of a link's shared start in `column`.
    private mutating func slot(for prefix: String, column: Int) -> Int {
        if column >= prefixes.count {
            prefixes.append(contentsOf: Array(repeating: [], count: column + 1 - prefixes.count))
            prefixIndex.append(contentsOf: Array(repeating: [:], count: column + 1 - prefixIndex.count))
        }
        if let known = prefixIndex[column][prefix] { return known }
        let slot = prefixes[column].count
        prefixes[column].append(prefix)
        prefixIndex[column][prefix] = slot
        return slot
    }

    /// Adds one row: its cells, with each link's shared start numbered in the order starts come.
    mutating func add(_ row: EncodedTableRow) {
        if count > 0 { json.append(UInt8(ascii: ",")) }
        json.append(UInt8(ascii: "["))
        for (column, cell) in row.cells.enumerated() {
            if column > 0 { json.append(UInt8(ascii: ",")) }
            switch cell {
            case .literal(let bytes):
                json += bytes
            case .link(let head, let prefix, let tail):
                let slot = slot(for: prefix, column: column)
                json += head
                json += String(slot).utf8
                json += tail
            }
        }
        json.append(UInt8(ascii: "]"))
        csv += row.csv
        count += 1
    }

    /// Room for about `bytes` of rows' JSON: a long table's JSON grows to megabytes, and growing by
    /// doubling held twice that for a moment.
    mutating func reserve(_ bytes: Int) {
        json.reserveCapacity(bytes)
    }

    /// The classic script that sets `window.tallyRows[key]`, made in the rows' own storage (a copy
    /// of them was as large as every row's JSON): the encoder gives its rows up.
    mutating func script(key: String) -> [UInt8] {
        let tail = "],\"prefixes\":[" + prefixes.map { "[" + $0.map(TableWindowing.jsonString).joined(separator: ",") + "]" }.joined(separator: ",") + "]}"
        var out = json
        json = []
        out.insert(contentsOf: Array("(window.tallyRows = window.tallyRows || {})[\(key)] = JSON.parse('{\"rows\":[".utf8), at: 0)
        EncodedTableRow.appendEscaped(tail, to: &out)
        out += Array("');\n".utf8)
        return out
    }
}
