import Foundation

/// Long tables cut before cmark-gfm runs: a page with a hundred thousand rows would otherwise hold
/// the whole table as a cmark-gfm tree, its HTML and its data script at once. The page's Markdown
/// keeps each long table's first rows; all its rows go through cmark-gfm a batch at a time, each
/// batch under the table's own header, straight into the data script and the CSV. A GFM table row
/// renders the same alone as in its table, so the files are the same as from the whole table.
struct MarkdownCut {
    /// The Markdown with each long table cut to its kept rows.
    var markdown: String
    /// How many tables the Markdown holds, long or not.
    var tableCount: Int
    /// The long tables' rows, by their place among the page's tables.
    var tables: [Int: TableRowsEncoder]
}

extension TableWindowing {
    /// How many rows go through cmark-gfm at once.
    static let batchRows = 1_000

    /// The body of a page from its Markdown, with its long tables windowed, and the files they need.
    public func render(markdown: String, page: String) -> (body: String, files: [OutputFile]) {
        render(markdown: markdown, page: page, rows: nil)
    }

    /// The same; with `rows`, the rows of the page's long tables are taken from the previous build
    /// where they are the same, and recorded for the next.
    func render(markdown: String, page: String, rows cache: TableRowCache?) -> (body: String, files: [OutputFile]) {
        if var cut = cut(markdown, page: page, rows: cache) {
            let html = MarkdownRenderer.html(cut.markdown)
            cut.markdown = ""
            var owned: MarkdownCut? = cut
            cut.tables = [:]  // the rows are held by `owned` alone
            if let windowed = window(html, page: page, owning: &owned) { return windowed }
        }
        // No long table, or tables the cut did not read as cmark-gfm does: the whole page at once.
        return apply(MarkdownRenderer.html(markdown), page: page)
    }

    /// The Markdown with its long tables cut, or nil when it has none (or cannot be read as bytes).
    func cut(_ markdown: String, page: String = "", rows cache: TableRowCache? = nil) -> MarkdownCut? {
        var text = markdown
        return text.withUTF8 { bytes -> MarkdownCut? in
            // Most pages have no long table: too few `|` in all for one, counted without
            // noting every line's start (which was 2 % of a full build's time).
            guard TableWindowing.count(UInt8(ascii: "|"), in: bytes, atLeast: pictureThreshold + 3) else { return nil }
            // Line starts, and a cheap check that some run of `|` lines is long enough.
            var starts: [Int] = [0]
            var pipeRun = 0, longest = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                let start = starts[starts.count - 1]
                if start < bytes.count, bytes[start] == UInt8(ascii: "|") { pipeRun += 1; longest = max(longest, pipeRun) } else { pipeRun = 0 }
                starts.append(index + 1)
            }
            guard longest > pictureThreshold + 2 else { return nil }
            starts.append(bytes.count)
            // Fixed from here: batches of rows are read on several threads at once.
            let lines = starts
            func line(_ n: Int) -> UnsafeBufferPointer<UInt8> {
                var end = lines[n + 1]
                if end > lines[n], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
                return UnsafeBufferPointer(rebasing: bytes[lines[n]..<end])
            }
            func isRow(_ n: Int) -> Bool { n < lines.count - 1 && line(n).first == UInt8(ascii: "|") }
            func isDelimiter(_ n: Int) -> Bool {
                let bytes = line(n)
                return isRow(n) && bytes.contains(UInt8(ascii: "-"))
                    && bytes.allSatisfy { [UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains($0) }
            }

            var out: [UInt8] = []
            var tables: [Int: TableRowsEncoder] = [:]
            var tableCount = 0
            var copied = 0  // bytes of the Markdown already in `out` or left out
            var n = 0
            while n < lines.count - 1 {
                guard isRow(n), isDelimiter(n + 1) else { n += 1; continue }
                var end = n + 2
                while isRow(end) { end += 1 }
                let rowCount = end - n - 2
                // A row's picture is an HTML fragment (`{{avatar}}`), which stands in the Markdown as a token.
                let pictures = { (n + 2..<end).contains { HTMLFragment.expandingTokens(in: line($0))?.find(Self.pictureOpen, from: 0) != nil } }
                if isLong(rows: rowCount, pictures: pictures) {
                    let head = Array(line(n)) + [UInt8(ascii: "\n")] + Array(line(n + 1)) + [UInt8(ascii: "\n")]
                    // Rows through cmark-gfm under the table's header: their script cells and CSV.
                    func markdown(_ rows: [Int]) -> [UInt8] {
                        var batch = head
                        for row in rows { batch += line(row); batch.append(UInt8(ascii: "\n")) }
                        return batch
                    }
                    func rendered(_ rows: [Int]) -> (headers: [String], rows: [EncodedTableRow])? {
                        Self.rendered(markdown(rows), rows: rows.count)
                    }
                    // The header, from the table's first row.
                    guard let headers = rendered([n + 2])?.headers else { return nil }
                    var encoder = TableRowsEncoder(headers: headers)
                    let name = "\(page)#\(tableCount)"
                    let kept = cache?.table(name)
                    // About as large as last time: room at once, not by doubling.
                    if let size = kept?.previousBytes, size > 0 { encoder.reserve(size) }
                    // A group of batches at a time, one per core, rendered at once: the People
                    // table of 4,600 rows was half a second of a profiled 20k build on one core
                    // while the other waited. A group, not the whole table, so that only its rows
                    // are held before they go into the script.
                    let batchStarts = Array(stride(from: n + 2, to: end, by: Self.batchRows))
                    for group in stride(from: 0, to: batchStarts.count, by: PageRenderer.workers) {
                        // Each batch's rows kept from the last build, read from the shelf in turn.
                        var batches: [(start: Int, end: Int, keys: [ContentHash], found: [ArraySlice<UInt8>?], missing: [Int])] = []
                        for batchStart in batchStarts[group..<min(group + PageRenderer.workers, batchStarts.count)] {
                            let batchEnd = min(batchStart + Self.batchRows, end)
                            var keys: [ContentHash] = []
                            var found: [ArraySlice<UInt8>?] = []
                            var missing: [Int] = []
                            if let kept {
                                keys = (batchStart..<batchEnd).map { TableRowCache.key(head: head, row: line($0)) }
                                found = kept.rows(keys)
                                missing = found.indices.filter { found[$0] == nil }.map { batchStart + $0 }
                            } else {
                                missing = Array(batchStart..<batchEnd)
                            }
                            batches.append((batchStart, batchEnd, keys, found, missing))
                        }
                        // Each batch's Markdown, copied out of the page's before the threads start.
                        let batchMarkdown = batches.map { $0.missing.isEmpty ? [] : markdown($0.missing) }
                        let rowCounts = batches.map(\.missing.count)
                        let made = ConcurrentResults<(headers: [String], rows: [EncodedTableRow])?>(count: batches.count)
                        // A row's picture stands in its Markdown as a number in the page's fragment
                        // table, a task-local the pool's threads do not see: each batch renders with
                        // it bound, or the rows rendered off this thread kept their tokens.
                        let fragments = HTMLFragment.table
                        DispatchQueue.concurrentPerform(iterations: batches.count) { index in
                            HTMLFragment.$table.withValue(fragments) {
                                made.set(index, .success(rowCounts[index] == 0 ? nil : Self.rendered(batchMarkdown[index], rows: rowCounts[index])))
                            }
                        }
                        let groupRows = try? made.values()
                        for (index, batch) in batches.enumerated() {
                            var next: IndexingIterator<[EncodedTableRow]>?
                            if !batch.missing.isEmpty {
                                guard let result = groupRows?[index], result.headers == headers else { return nil }
                                next = result.rows.makeIterator()
                            }
                            for offset in 0..<(batch.end - batch.start) {
                                if let record = batch.found.isEmpty ? nil : batch.found[offset] {
                                    encoder.add(record: record)
                                } else {
                                    guard let row = next?.next() else { return nil }
                                    encoder.add(row)
                                    kept?.add(batch.keys[offset], row: row)
                                }
                            }
                        }
                    }
                    tables[tableCount] = encoder
                    let keptEnd = lines[n + 2 + keptRows]
                    out += UnsafeBufferPointer(rebasing: bytes[copied..<keptEnd])
                    copied = lines[end]
                }
                tableCount += 1
                n = end
            }
            guard !tables.isEmpty else { return nil }
            out += UnsafeBufferPointer(rebasing: bytes[copied...])
            return MarkdownCut(markdown: String(decoding: out, as: UTF8.self), tableCount: tableCount, tables: tables)
        }
    }

    /// A batch of a long table's rows through cmark-gfm under the table's header (`markdown` holds
    /// the header and delimiter lines, then `rows` rows): the table's headers and each row's script
    /// cells and CSV line; nil when cmark-gfm did not read them as that many rows of one table.
    private static func rendered(_ markdown: [UInt8], rows: Int) -> (headers: [String], rows: [EncodedTableRow])? {
        let html = Array(MarkdownRenderer.html(String(decoding: markdown, as: UTF8.self)).utf8)
        guard let open = html.find(tableOpen, from: 0), let close = html.find(tableClose, from: open),
              let table = ParsedTable(html[open..<(close + tableClose.count)]),
              table.rows.count == rows else { return nil }
        return (table.headers, table.rows.map { EncodedTableRow(table.source, row: $0) })
    }
}
