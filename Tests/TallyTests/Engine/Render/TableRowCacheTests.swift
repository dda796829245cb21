import Foundation
import Testing
@testable import Tally

@Suite("Long tables' rows are kept between builds")
struct TableRowCacheTests {
    private let windowing = TableWindowing(threshold: 20, keptRows: 5)
    private let page = "people/index.html"
    private let key = TableRowCache.stateKeyPrefix + "people/index.html#0"

    private func markdown(_ rows: [(name: String, count: Int)]) -> String {
        var text = "## Everyone\n\n| Name | Posts |\n| --- | ---: |\n"
        for row in rows { text += "| [\(row.name)](../people/\(row.name)/) | \(row.count) |\n" }
        return text
    }

    private func rows(_ count: Int) -> [(name: String, count: Int)] { (0..<count).map { ("user\($0)", 1_000 - $0) } }

    /// A folder for a site's shelves, removed when the test ends.
    private final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-rows-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// The shelf file an index names.
        func shelf(_ states: [String: [UInt8]], _ key: String) throws -> URL {
            let index = try #require(states[key])
            return url.appendingPathComponent(try #require(PartShelf.fileName(of: index, site: "site")))
        }
    }

    /// Renders as a build would, with a memory that starts from `previous` states and keeps its
    /// shelves in `folder` (none without one).
    private func build(_ text: String, previous: [String: [UInt8]]?, in folder: Folder?) -> (files: [OutputFile], body: String, states: [String: [UInt8]]) {
        let memory = BuildMemory()
        if let folder { memory.placeShelves(in: folder.url, site: "site") }
        memory.start(previous: previous)
        let result = windowing.render(markdown: text, page: page, rows: TableRowCache(memory: memory))
        return (result.files, result.body, memory.states)
    }

    /// Replaces the first (or last) `original` in a file with `forged`, of the same length.
    private func forge(_ url: URL, _ original: String, _ forged: String, last: Bool = false) throws {
        var bytes = Array(try Data(contentsOf: url))
        let found = bytes.ranges(of: Array(original.utf8))
        let at = try #require(last ? found.last : found.first)
        bytes.replaceSubrange(at, with: Array(forged.utf8))
        try Data(bytes).write(to: url)
    }

    private func size(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }

    @Test("a rebuild with rows changed, added and removed gives what rendering every row gives, and keeps every row it shows")
    func rebuildMatchesWhole() throws {
        let folder = Folder()
        let first = build(markdown(rows(2_500)), previous: [:], in: folder)
        #expect(first.states.keys.sorted() == [key])
        var next = rows(2_500)
        next[7].count = 5
        next.remove(at: 1_200)
        next.insert(("newcomer", 3), at: 40)
        let text = markdown(next)
        let second = build(text, previous: first.states, in: folder)
        let whole = windowing.render(markdown: text, page: page)
        #expect(second.body == whole.body)
        #expect(second.files.map(\.bytes) == whole.files.map(\.bytes))
        // Only the two rows it had not seen were added to the shelf; built again, every row is found.
        let shelf = try folder.shelf(second.states, key)
        let grown = try size(shelf)
        let third = build(text, previous: second.states, in: folder)
        #expect(try size(shelf) == grown)
        #expect(third.files.map(\.bytes) == whole.files.map(\.bytes))
        // The index names the rows shown (28 bytes each), not the one removed nor the changed one as it was.
        #expect(second.states[key]!.count == first.states[key]!.count)
        #expect(third.states[key] == second.states[key])
    }

    @Test("a table the build does not make keeps its rows while its page is in the site, and lets them go once the page is gone")
    func pageGone() throws {
        #expect(TableRowCache.page(ofStateKey: key) == page)
        #expect(TableRowCache.page(ofStateKey: "parts:cards:x") == nil)
        let folder = Folder()
        let first = build(markdown(rows(2_500)), previous: [:], in: folder)
        let shelf = try folder.shelf(first.states, key)
        /// What a build that makes no table keeps of the previous one's.
        func carried() -> (states: [String: [UInt8]], shelves: Set<String>) {
            let memory = BuildMemory()
            memory.placeShelves(in: folder.url, site: "site")
            memory.start(previous: first.states)
            return memory.recorded()
        }
        let page = folder.url.appendingPathComponent("site/" + self.page)
        try FileManager.default.createDirectory(at: page.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<table>".utf8).write(to: page)
        let kept = carried()
        #expect(kept.states[key] == first.states[key] && kept.shelves == [shelf.lastPathComponent])
        try FileManager.default.removeItem(at: page)
        let gone = carried()
        #expect(gone.states[key] == nil && gone.shelves.isEmpty)
    }

    @Test("a row found on the shelf is taken from it, not rendered again")
    func foundRowsAreUsed() throws {
        let folder = Folder()
        let text = markdown(rows(30))
        let first = build(text, previous: [:], in: folder)
        // A shelf whose row says something else: only a row taken from it can show that.
        try forge(try folder.shelf(first.states, key), "\"user3\"", "\"FORGE\"")
        let second = build(text, previous: first.states, in: folder)
        #expect(second.files.last?.string.contains("\"FORGE\"") == true)
        // A different row (the count changed) is not found, and renders as itself.
        var changed = rows(30)
        changed[3].count = 1
        let third = build(markdown(changed), previous: first.states, in: folder)
        #expect(third.files.last?.string.contains("FORGE") == false)
        #expect(third.files.last?.string.contains("\"user3\"") == true)
    }

    @Test("rows far from their places on the shelf are found as well as rows that kept them")
    func rowsMoved() throws {
        let folder = Folder()
        let long = String(repeating: "x", count: 120)
        var many = (0..<9_000).map { ("u\($0)" + long, 100_000 - $0) }
        var states = build(markdown(many), previous: [:], in: folder).states
        // Rows changed over several rebuilds lie at the shelf's end, each batch's far from the rest.
        for round in 1...3 {
            for index in stride(from: round, to: 9_000, by: 997) { many[index].1 += round }
            states = build(markdown(many), previous: states, in: folder).states
        }
        let shelf = try folder.shelf(states, key)
        try forge(shelf, "\"u8999x", "\"FORGEx", last: true)
        let grown = try size(shelf)
        // Every 7th row in turn, then reversed: a batch's rows lie all over the shelf, or together.
        for order in [(0..<9_000).map { $0 * 7 % 9_000 }, Array((0..<9_000).reversed())] {
            let text = markdown(order.map { many[$0] })
            let found = build(text, previous: states, in: folder)
            #expect(found.files.last?.string.contains("\"FORGEx") == true, "the forged row was taken from the shelf")
            #expect(try size(shelf) == grown, "every row was found")
        }
        try forge(shelf, "\"FORGEx", "\"u8999x")
        let text = markdown(many.reversed())
        #expect(build(text, previous: states, in: folder).files.map(\.bytes) == windowing.render(markdown: text, page: page).files.map(\.bytes))
    }

    @Test("a shelf cut short, overwritten or named by no index, or no shelf at all, leaves rows rendered")
    func damagedShelf() throws {
        let text = markdown(rows(30))
        let whole = windowing.render(markdown: text, page: page)
        let folder = Folder()
        let first = build(text, previous: [:], in: folder)
        let shelf = try folder.shelf(first.states, key)
        let bytes = try Data(contentsOf: shelf)
        for damaged in [bytes.prefix(100), Data(repeating: 255, count: bytes.count), bytes.prefix(bytes.count / 2) + Data(repeating: 0, count: bytes.count / 2)] {
            try damaged.write(to: shelf)
            let again = build(text, previous: first.states, in: folder)
            #expect(again.files.map(\.bytes) == whole.files.map(\.bytes))
        }
        for index in [[1, 2, 3], Array(repeating: 255, count: 64)] as [[UInt8]] {
            #expect(build(text, previous: [key: index], in: folder).files.map(\.bytes) == whole.files.map(\.bytes))
        }
        let shelfless = build(text, previous: [:], in: nil)
        #expect(shelfless.files.map(\.bytes) == whole.files.map(\.bytes))
        #expect(shelfless.states.isEmpty)
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
