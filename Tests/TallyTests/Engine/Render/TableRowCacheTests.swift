import Testing
@testable import Tally

@Suite("Long tables' rows are kept between builds")
struct TableRowCacheTests {
    private let windowing = TableWindowing(threshold: 20, keptRows: 5)
    private let page = "people/index.html"

    private func markdown(_ rows: [(name: String, count: Int)]) -> String {
        var text = "## Everyone\n\n| Name | Posts |\n| --- | ---: |\n"
        for row in rows { text += "| [\(row.name)](../people/\(row.name)/) | \(row.count) |\n" }
        return text
    }

    private func rows(_ count: Int) -> [(name: String, count: Int)] { (0..<count).map { ("user\($0)", 1_000 - $0) } }

    /// Renders as a build would, with a memory that starts from `previous` states.
    private func build(_ text: String, previous: [String: [UInt8]]?) -> (files: [OutputFile], body: String, states: [String: [UInt8]]) {
        let memory = BuildMemory()
        memory.start(previous: previous)
        let result = windowing.render(markdown: text, page: page, rows: TableRowCache(memory: memory))
        return (result.files, result.body, memory.states)
    }

    @Test("a rebuild with rows changed, added and removed gives what rendering every row gives, and records the same rows")
    func rebuildMatchesWhole() throws {
        let first = build(markdown(rows(2_500)), previous: [:])
        #expect(first.states.keys.sorted() == ["table-rows:people/index.html#0"])
        var next = rows(2_500)
        next[7].count = 5
        next.remove(at: 1_200)
        next.insert(("newcomer", 3), at: 40)
        let text = markdown(next)
        let second = build(text, previous: first.states)
        let whole = windowing.render(markdown: text, page: page)
        #expect(second.body == whole.body)
        #expect(second.files.map(\.bytes) == whole.files.map(\.bytes))
        #expect(second.states == build(text, previous: nil).states, "what is recorded does not depend on what was found")
    }

    @Test("a row found in the record is taken from it, not rendered again")
    func foundRowsAreUsed() throws {
        let text = markdown(rows(30))
        let first = build(text, previous: [:])
        // A record whose every row says something else: only rows taken from it can show that.
        var doctored = first.states
        let key = "table-rows:people/index.html#0"
        let original = Array("\"user3\"".utf8), forged = Array("\"FORGE\"".utf8)
        var bytes = try #require(doctored[key])
        let at = try #require(bytes.firstRange(of: original))
        bytes.replaceSubrange(at, with: forged)
        doctored[key] = bytes
        let second = build(text, previous: doctored)
        #expect(second.files.last?.string.contains("\"FORGE\"") == true)
        // A different row (the count changed) is not found, and renders as itself.
        var changed = rows(30)
        changed[3].count = 1
        let third = build(markdown(changed), previous: doctored)
        #expect(third.files.last?.string.contains("FORGE") == false)
        #expect(third.files.last?.string.contains("\"user3\"") == true)
    }

    @Test("a record larger than the part its index reads at once is indexed to its last row")
    func recordPastOneWindow() throws {
        // Long names make the record several windows long.
        let long = String(repeating: "x", count: 120)
        let many = (0..<9_000).map { ("u\($0)" + long, 100_000 - $0) }
        let text = markdown(many)
        let first = build(text, previous: [:])
        let key = "table-rows:people/index.html#0"
        var bytes = try #require(first.states[key])
        #expect(bytes.count > 2 * TableRowCache.Rows.windowBytes)
        // The last row's record, forged: only a row found through the index can show it.
        let original = Array("\"u8999x".utf8), forged = Array("\"FORGEx".utf8)
        let at = try #require(bytes.ranges(of: original).last)
        bytes.replaceSubrange(at, with: forged)
        let second = build(text, previous: [key: bytes])
        #expect(second.files.last?.string.contains("\"FORGEx") == true)
        #expect(second.states == first.states.mapValues { _ in bytes }, "every row was found, the forged one as recorded")
    }

    @Test("rows that moved far from their places in the record are found as well as rows that kept them")
    func rowsMoved() throws {
        let long = String(repeating: "x", count: 120)
        let many = (0..<9_000).map { ("u\($0)" + long, 100_000 - $0) }
        let first = build(markdown(many), previous: [:])
        let key = "table-rows:people/index.html#0"
        var bytes = try #require(first.states[key])
        #expect(bytes.count > 2 * TableRowCache.Rows.windowBytes)
        let original = Array("\"u8999x".utf8), forged = Array("\"FORGEx".utf8)
        let at = try #require(bytes.ranges(of: original).last)
        bytes.replaceSubrange(at, with: forged)
        // Every 7th row in turn: a batch's rows lie all over the record, read one at a time.
        // Reversed: each batch's rows lie together again, read at once.
        for order in [(0..<9_000).map { $0 * 7 % 9_000 }, Array((0..<9_000).reversed())] {
            let text = markdown(order.map { many[$0] })
            let found = build(text, previous: [key: bytes])
            #expect(found.files.last?.string.contains("\"FORGEx") == true, "the forged row was taken from the record")
            let whole = windowing.render(markdown: text, page: page)
            #expect(build(text, previous: first.states).files.map(\.bytes) == whole.files.map(\.bytes))
        }
    }

    @Test("a record cut short or of another kind is read as far as it goes, and rows missing from it are rendered")
    func damagedRecord() throws {
        let text = markdown(rows(30))
        let whole = windowing.render(markdown: text, page: page)
        let first = build(text, previous: [:])
        let key = "table-rows:people/index.html#0"
        for damaged in [Array(first.states[key]!.prefix(100)), [1, 2, 3], Array(repeating: 255, count: 64)] {
            let second = build(text, previous: [key: damaged])
            #expect(second.files.map(\.bytes) == whole.files.map(\.bytes))
        }
    }

    @Test("a row's key names its fragments by their HTML, whatever their number in the page's table")
    func keysReadFragments() throws {
        let head = Array("| A | B |\n| --- | --- |\n".utf8)
        func key(placing fragments: [String], row: (([String]) -> String)) -> ContentHash {
            HTMLFragment.$table.withValue(HTMLFragment.Table()) {
                var tokens: [String] = []
                for html in fragments {
                    let encoded = try! MustacheValueEncoder.encode(HTMLFragment.element("img", ["src": html], []))
                    tokens.append(encoded as! String)
                }
                var line = row(tokens)
                return line.withUTF8 { TableRowCache.key(head: head, row: $0) }
            }
        }
        let first = key(placing: ["a.png", "b.png"]) { "| \($0[1]) | x |" }
        let again = key(placing: ["b.png"]) { "| \($0[0]) | x |" }
        let other = key(placing: ["a.png", "c.png"]) { "| \($0[1]) | x |" }
        #expect(first == again)
        #expect(first != other)
    }

    @Test("a row read back from its record is the row")
    func recordRoundTrip() throws {
        let html = Array(MarkdownRenderer.html("| A | B | C |\n| --- | --- | --- |\n| [x's](../a/b/) | 12 | *it* |\n").utf8)
        let table = try #require(ParsedTable(html[...]))
        let row = EncodedTableRow(table.source, row: table.rows[0])
        #expect(row.cells.count == 3)
        var bytes: [UInt8] = []
        row.append(to: &bytes)
        #expect(EncodedTableRow(bytes: bytes[...]) == row)
        #expect(EncodedTableRow(bytes: bytes.dropLast()) == nil)
        #expect(EncodedTableRow.isRecord(bytes[...]))
        #expect(!EncodedTableRow.isRecord(bytes.dropLast()))
        #expect(!EncodedTableRow.isRecord((bytes + [0])[...]))
    }

    @Test("rows added from their records make the script and CSV their rows make, links' starts numbered alike")
    func recordsAddLikeRows() throws {
        let text = "| A | B | C |\n| --- | --- | --- |\n| [x's](../a/b/) | 12 | [#y](../tags/y/) |\n"
            + "| [z](../c/d/) | 7 | [#w](../tags/w/) |\n| [q](../a/e/) | it's | [#v](../tags/v/) |\n"
        let html = Array(MarkdownRenderer.html(text).utf8)
        let table = try #require(ParsedTable(html[...]))
        var fromRows = TableRowsEncoder(headers: table.headers)
        var fromRecords = TableRowsEncoder(headers: table.headers)
        for range in table.rows {
            let row = EncodedTableRow(table.source, row: range)
            var bytes: [UInt8] = []
            row.append(to: &bytes)
            fromRows.add(row)
            fromRecords.add(record: bytes[...])
        }
        #expect(fromRecords.count == 3)
        #expect(fromRecords.csv == fromRows.csv)
        #expect(fromRecords.script(key: "\"k\"") == fromRows.script(key: "\"k\""))
    }
}
