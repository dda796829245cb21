import Foundation

/// Keeps long tables light: after cmark-gfm renders a page body, every table with more rows than
/// `threshold` keeps only its first `keptRows` rows in the HTML (readable without JavaScript, with a
/// link to the whole table as CSV) and all its rows move into a classic data script beside the page,
/// named by the table's `data-rows`, which the theme's script loads once the first rows are painted
/// and reads to show only the rows on screen.
///
/// Works on any rendered body, whatever source made the page: it reads cmark-gfm's table markup,
/// which data cannot forge (cmark escapes `<`, `>`, `&` and `"` in text and attributes).
/// The threshold is measured (README, Speed): in Chromium a plain 1,000-row table sorts in about a
/// fifteenth of the time a 10,000-row one takes, nearly all of it laying out rows, while a windowed
/// table costs about the same at any size.
///
/// A table whose rows hold pictures is windowed sooner, from `pictureThreshold` rows: each `<img>`
/// costs Chromium about a millisecond to parse even when it loads lazily, and the sample's People
/// page of 406 rows with their avatars took 0.55 s to parse, 0.09 s without the pictures (README, Speed).
public struct TableWindowing: Sendable {
    /// Tables with more body rows than this are windowed.
    public var threshold: Int
    /// How many rows a windowed table keeps in its HTML.
    public var keptRows: Int
    /// Tables whose body rows hold a picture (`<img`) are windowed from more rows than this.
    public var pictureThreshold: Int

    public static let standard = TableWindowing(threshold: 1_000, keptRows: 100, pictureThreshold: 200)

    /// `pictureThreshold` is at most `threshold`, which it is when not given.
    public init(threshold: Int, keptRows: Int, pictureThreshold: Int? = nil) {
        self.threshold = threshold
        self.keptRows = keptRows
        self.pictureThreshold = min(threshold, pictureThreshold ?? threshold)
    }

    /// Whether a table of `rows` body rows is windowed; `pictures` tells whether its rows hold a
    /// picture, asked only when that decides.
    func isLong(rows: Int, pictures: () -> Bool) -> Bool {
        rows > threshold || (rows > pictureThreshold && pictures())
    }

    /// The body with its long tables windowed, and the files they need beside the page.
    public func apply(_ body: String, page: String) -> (body: String, files: [OutputFile]) {
        var text = body
        guard text.withUTF8(mayHoldLongTable) else { return (body, []) }
        return window(body, page: page, cut: nil) ?? (body, [])
    }

    /// The same on a body made as bytes (`HTMLFragment.restoreBytes`).
    func apply(_ body: [UInt8], page: String) -> (body: [UInt8], files: [OutputFile]) {
        guard body.withUnsafeBufferPointer(mayHoldLongTable),
              let (windowed, files) = window(String(decoding: body, as: UTF8.self), page: page, cut: nil) else { return (body, []) }
        return (Array(windowed.utf8), files)
    }

    /// Whether a body may hold a long table. Most pages have none: their size, then a cheap count
    /// of tags, decide before any parsing (the size first: counting bytes in every page was 2 % of
    /// a build).
    private func mayHoldLongTable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > pictureThreshold * 10 else { return false }
        let tags = Self.tags(in: bytes)
        // Short of a long plain table's tags, only a table of pictures can be long enough:
        // the exact count of `<img` is looked for only in pages with enough `<i`.
        return tags.all > threshold * 3
            || (tags.all > pictureThreshold * 3 && tags.startingWithI > pictureThreshold
                && Self.count(Self.pictureOpen, in: bytes, atLeast: pictureThreshold + 1))
    }

    /// How many `<` `bytes` holds, and how many of them are followed by `i` (`<img`, `<i>`…), as
    /// every page's body is counted: eight bytes at a time, each word's bytes equal to `<` (and
    /// those whose next byte is `i`) marked by their high bit and counted with one popcount (the
    /// plain loop below was not vectorised, and was 2 % of a 20k full build), then the rest a
    /// byte at a time.
    static func tags(in bytes: UnsafeBufferPointer<UInt8>) -> (all: Int, startingWithI: Int) {
        guard let base = bytes.baseAddress, bytes.count > 1 else { return (bytes.first == UInt8(ascii: "<") ? 1 : 0, 0) }
        var all = 0
        var startingWithI = 0
        let raw = UnsafeRawPointer(base)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
        // The high bit of each byte of `word` that equals the byte `repeated` stands for (exact:
        // no carry crosses a byte, since each byte's high bit is added separately).
        func equal(_ word: UInt64, _ repeated: UInt64) -> UInt64 {
            let x = word ^ repeated
            return ~(((x & low) &+ low) | x) & high
        }
        var start = 0
        // A word and the one a byte after it, which must end within the bytes.
        while start + 9 <= bytes.count {
            let here = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            let next = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self))
            let open = equal(here, 0x3C3C_3C3C_3C3C_3C3C)
            all &+= open.nonzeroBitCount
            startingWithI &+= (open & equal(next, 0x6969_6969_6969_6969)).nonzeroBitCount
            start += 8
        }
        for index in start..<(bytes.count - 1) {
            let open = bytes[index] == UInt8(ascii: "<") ? 1 : 0
            all &+= open
            startingWithI &+= open & (bytes[index + 1] == UInt8(ascii: "i") ? 1 : 0)
        }
        if bytes[bytes.count - 1] == UInt8(ascii: "<") { all &+= 1 }
        return (all, startingWithI)
    }

    static let pictureOpen = Array("<img".utf8)

    /// Whether `needle` occurs at least `count` times in `bytes` (not overlapping).
    static func count(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, atLeast count: Int) -> Bool {
        guard let first = needle.first, bytes.count >= count * needle.count else { return false }
        var found = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) {
                found += 1
                if found >= count { return true }
                index += needle.count
            } else {
                index += 1
            }
        }
        return false
    }

    /// Whether `byte` occurs at least `count` times in `bytes`: a plain loop over the buffer, which
    /// the compiler can vectorise, where iterating a string's UTF-8 view goes a byte at a time.
    static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, atLeast count: Int) -> Bool {
        guard bytes.count >= count else { return false }
        var found = 0
        for candidate in bytes where candidate == byte { found += 1 }
        return found >= count
    }

    /// Windows the tables of `body`. With `cut`, its long tables were cut in the Markdown already
    /// (see `render(markdown:page:)`) and their rows come from it; nil when the body's tables are
    /// not the ones the cut found.
    func window(_ body: String, page: String, cut: MarkdownCut?) -> (body: String, files: [OutputFile])? {
        var owned = cut
        return window(body, page: page, owning: &owned)
    }

    /// The same, taking the cut's long tables out of `cut` as they are written: a table's rows,
    /// held by the cut alone, become its data script in place instead of being copied.
    func window(_ body: String, page: String, owning cut: inout MarkdownCut?) -> (body: String, files: [OutputFile])? {
        let html = Array(body.utf8)
        var ordinal = 0
        var out: [UInt8] = []
        out.reserveCapacity(html.count / 4)
        var files: [OutputFile] = []
        var taken: Set<String> = []
        var cursor = 0
        var changed = false
        while let start = html.find(Self.tableOpen, from: cursor), let end = html.find(Self.tableClose, from: start) {
            let close = end + Self.tableClose.count
            defer { ordinal += 1 }
            guard let table = ParsedTable(html[start..<close]) else {
                if cut?.tables[ordinal] != nil { return nil }
                out.append(contentsOf: html[cursor..<close])  // a header with no body rows
                cursor = close
                continue
            }
            var rows: TableRowsEncoder
            if cut != nil {
                guard let long = cut?.tables.removeValue(forKey: ordinal) else {
                    guard !isLong(rows: table.rows.count, pictures: { html[table.bodyStart..<close].find(Self.pictureOpen, from: table.bodyStart) != nil })
                    else { return nil }
                    out.append(contentsOf: html[cursor..<close])
                    cursor = close
                    continue
                }
                guard table.rows.count == keptRows, table.headers == long.headers else { return nil }
                rows = long
            } else {
                guard isLong(rows: table.rows.count, pictures: { html[table.bodyStart..<close].find(Self.pictureOpen, from: table.bodyStart) != nil }) else {
                    out.append(contentsOf: html[cursor..<close])
                    cursor = close
                    continue
                }
                rows = TableRowsEncoder(headers: table.headers)
                rows.add(table)
            }
            changed = true
            let name = uniqueName(heading: Self.heading(before: start, in: html, after: cursor), taken: &taken)
            let rowsPath = Routes.tableRows(page: page, name: name)
            let rowsHref = Routes.relative(from: page, to: rowsPath)
            let key = Self.jsonString(rowsHref)
            var csvHref = Self.csvLink(after: close, in: html)
            if csvHref == nil {
                let csvPath = Routes.tableCSV(page: page, name: name)
                files.append(OutputFile(path: csvPath, bytes: rows.csv))
                csvHref = Routes.relative(from: page, to: csvPath)
            }
            files.append(OutputFile(path: rowsPath, bytes: rows.script(key: key)))
            out.append(contentsOf: html[cursor..<start])
            out.append(contentsOf: "<table data-rows=\"\(Self.attribute(rowsHref))\" aria-rowcount=\"\(rows.count + 1)\">".utf8)
            // Screen readers learn the table's real size from aria-rowcount and each row's place from
            // aria-rowindex; the HTML checker accepts aria-rowindex on a row only with its role said.
            let head = html[(start + Self.tableOpen.count)..<table.bodyStart]
            if let headRow = head.find(Self.rowOpen, from: head.startIndex) {
                out.append(contentsOf: head[..<headRow])
                out.append(contentsOf: "<tr role=\"row\" aria-rowindex=\"1\">".utf8)
                out.append(contentsOf: head[(headRow + Self.rowOpen.count)...])
            } else {
                out.append(contentsOf: head)
            }
            for (number, row) in table.rows.prefix(keptRows).enumerated() {
                out.append(contentsOf: "<tr role=\"row\" aria-rowindex=\"\(number + 2)\">".utf8)
                out.append(contentsOf: html[(row.lowerBound + Self.rowOpen.count)..<row.upperBound])
            }
            out.append(contentsOf: "</tbody>\n</table>\n".utf8)
            let shown = Self.grouped(min(keptRows, rows.count)), all = Self.grouped(rows.count)
            out.append(contentsOf: ("<p class=\"table-note\"><span class=\"table-kept\">The first \(shown) of \(all) rows are shown without JavaScript. </span>"
                + "<a href=\"\(Self.attribute(csvHref!))\">All \(all) rows as CSV</a></p>\n").utf8)
            cursor = close
        }
        if let cut, ordinal != cut.tableCount { return nil }
        guard changed else { return (body, []) }
        out.append(contentsOf: html[cursor...])
        return (String(decoding: out, as: UTF8.self), files)
    }

    private func uniqueName(heading: String?, taken: inout Set<String>) -> String {
        let base = heading.map { Routes.slug($0.lowercased()) } ?? "table"
        var name = base
        var number = 2
        while taken.contains(name) {
            name = "\(base)-\(number)"
            number += 1
        }
        taken.insert(name)
        return name
    }

    static let tableOpen = Array("<table>".utf8)
    static let rowOpen = Array("<tr>".utf8)
    static let tableClose = Array("</table>".utf8)

    /// The text of the last `<h2>`…`<h6>` between `lower` and the table, if any.
    static func heading(before start: Int, in html: [UInt8], after lower: Int) -> String? {
        var index = start - 4
        while index >= lower {
            if html[index] == UInt8(ascii: "<"), html[index + 1] == UInt8(ascii: "h"), (50...54).contains(html[index + 2]),
               html[index + 3] == UInt8(ascii: ">") {
                let close = html.find(Array("</h".utf8), from: index) ?? start
                let text = HTMLText.plain(html[(index + 4)..<min(close, start)])
                return text.isEmpty ? nil : text
            }
            index -= 1
        }
        return nil
    }

    /// A link to a `.csv` file in what follows the table, before the next table or heading.
    static func csvLink(after close: Int, in html: [UInt8]) -> String? {
        var end = html.count
        for stop in [Array("<table".utf8), Array("<h".utf8)] { if let found = html.find(stop, from: close) { end = min(end, found) } }
        var index = close
        let marker = Array("href=\"".utf8)
        while let found = html.find(marker, from: index), found < end {
            let valueStart = found + marker.count
            guard let quote = html[valueStart..<end].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let value = HTMLText.unescaped(html[valueStart..<quote])
            if value.lowercased().hasSuffix(".csv"), !value.contains(":") { return value }
            index = quote
        }
        return nil
    }

    static func grouped(_ number: Int) -> String { TemplateInteger.grouped(number) }

    static func attribute(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A JSON string literal, also safe inside a classic script.
    static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        appendJSONBody(text, to: &out)
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` escaped for the inside of a JSON string literal, on its UTF-8 bytes: a long table's
    /// cells of HTML (a person's picture, say) went through this a scalar at a time, and it was
    /// the most of rendering the People page alone while the planners waited.
    static func appendJSONBody(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                case UInt8(ascii: "<"):
                    out += "\\u003c".utf8
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    // U+2028 and U+2029 end a line in a script.
                    out += (bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8
                    index += 2
                case ..<0x20:
                    out += "\\u00".utf8
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0x0F)])
                default:
                    out.append(byte)
                }
                index += 1
            }
        }
    }
}

/// One table as cmark-gfm renders it: where its body starts and each body row's bytes.
struct ParsedTable {
    let source: ArraySlice<UInt8>
    /// Index just after `<tbody>\n`.
    let bodyStart: Int
    /// Each row's range, `<tr>` to `</tr>\n`.
    let rows: [Range<Int>]
    let headers: [String]

    init?(_ source: ArraySlice<UInt8>) {
        self.source = source
        guard let body = source.find(Array("<tbody>".utf8), from: source.startIndex) else { return nil }
        var start = body + 7
        if start < source.endIndex, source[start] == UInt8(ascii: "\n") { start += 1 }
        bodyStart = start
        let head = source[source.startIndex..<body]
        headers = Self.cells(head, tag: "th").map { HTMLText.plain(head[$0]) }
        var rows: [Range<Int>] = []
        var index = start
        let open = Array("<tr>".utf8), close = Array("</tr>".utf8)
        while let rowStart = source.find(open, from: index), let rowEnd = source.find(close, from: rowStart) {
            var end = rowEnd + close.count
            if end < source.endIndex, source[end] == UInt8(ascii: "\n") { end += 1 }
            rows.append(rowStart..<end)
            index = end
        }
        self.rows = rows
    }

    /// The inner ranges of every `<td…>`/`<th…>` cell in `bytes`.
    static func cells(_ bytes: ArraySlice<UInt8>, tag: String) -> [Range<Int>] {
        let open = Array("<\(tag)".utf8), close = Array("</\(tag)>".utf8)
        var ranges: [Range<Int>] = []
        var index = bytes.startIndex
        while let start = bytes.find(open, from: index), let tagEnd = bytes[start...].firstIndex(of: UInt8(ascii: ">")),
              let end = bytes.find(close, from: tagEnd) {
            // `<th` also starts `<thead>`: only `<th>` and `<th class=…>` open a cell.
            let after = bytes[start + open.count]
            guard after == UInt8(ascii: ">") || after == UInt8(ascii: " ") else {
                index = start + open.count
                continue
            }
            ranges.append((tagEnd + 1)..<end)
            index = end + close.count
        }
        return ranges
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
    }

    /// Digits that read back as the same text from a JSON number.
    static func isPlainNumber(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= 15, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
        return first != UInt8(ascii: "0") || bytes.count == 1
    }

    /// `<a href="X">T</a>` with plain text T: the link's address and text, unescaped.
    static func singleLink(_ inner: ArraySlice<UInt8>) -> (String, String)? {
        let open = Array("<a href=\"".utf8), close = Array("</a>".utf8)
        guard inner.starts(with: open), inner.count > open.count + close.count, inner.suffix(close.count).elementsEqual(close),
              let quote = inner[(inner.startIndex + open.count)...].firstIndex(of: UInt8(ascii: "\"")),
              quote + 1 < inner.endIndex, inner[quote + 1] == UInt8(ascii: ">") else { return nil }
        let text = inner[(quote + 2)..<(inner.endIndex - close.count)]
        guard !text.contains(UInt8(ascii: "<")) else { return nil }
        return (HTMLText.unescaped(inner[(inner.startIndex + open.count)..<quote]), HTMLText.unescaped(text))
    }

    /// A link's shared start (up to its last `/`, or the one before a final `index.html`) and the rest.
    static func split(_ href: String) -> (String, String) {
        var path = Substring(href)
        if path.hasSuffix("/index.html") { path = path.dropLast("/index.html".count) }
        guard let slash = path.lastIndex(of: "/") else { return ("", href) }
        let cut = href.index(after: slash)
        return (String(href[..<cut]), String(href[cut...]))
    }
}

/// Text out of cmark-gfm's HTML.
enum HTMLText {
    /// The text of markup: tags dropped, entities decoded.
    static func plain(_ bytes: ArraySlice<UInt8>) -> String {
        var kept: [UInt8] = []
        var inTag = false
        for byte in bytes {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { kept.append(byte) }
        }
        return unescaped(kept[...]).trimmingSpaces
    }

    /// cmark's escapes undone: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#x27;` and `&#39;`.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var text = String(decoding: bytes, as: UTF8.self)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#x27;", "'"), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}

extension ArraySlice where Element == UInt8 {
    /// The index of the first occurrence of `needle` at or after `from`.
    func find(_ needle: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, from < endIndex else { return nil }
        var index = Swift.max(from, startIndex)
        let last = endIndex - needle.count
        while index <= last {
            if self[index] == first {
                var match = true
                for offset in 1..<needle.count where self[index + offset] != needle[offset] {
                    match = false
                    break
                }
                if match { return index }
            }
            index += 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    func find(_ needle: [UInt8], from: Int) -> Int? { self[...].find(needle, from: from) }
}
