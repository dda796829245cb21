/// Long tables' rows kept from one build to the next, so that a rebuild sends through cmark-gfm
/// only the rows that changed.
///
/// A long table (`TableWindowing`) has all its rows rendered into its data script and CSV: the
/// People list of a 100,000-post store is 14,000 rows, made again whenever one count changes, and
/// that was a third of such a rebuild. A row's script cells and CSV line depend only on its
/// Markdown line and its table's header, so each row's record is kept by a digest of those
/// (`ContentHash`, with the page's fragment tokens replaced by their HTML, since tokens are
/// numbered per page after a secret drawn per process), and the next build takes a row from there
/// when its digest is found.
///
/// The records are kept on a shelf of their own per table (`PartShelf`), beside the site: a
/// rebuild appends only the rows that changed, and its index (28 bytes a row) is what goes with
/// the build's states. Kept in the state file instead, the People table's 9 MB at 100,000 posts
/// were written to a temporary file, copied into the new state file and read back whole by every
/// rebuild. A table the build does not make keeps its shelf as it was, until its page is
/// gone from the site; everything goes whenever the binary, theme or settings change. A build
/// that writes no folder keeps no rows.
final class TableRowCache: @unchecked Sendable {
    /// Where the tables' shelves are kept among the build's states, before the table's name.
    static let stateKeyPrefix = PartShelf.stateKeyPrefix + "table-rows:"

    private let memory: BuildMemory

    init(memory: BuildMemory) {
        self.memory = memory
    }

    /// The path of the page whose table's rows a state key names (`people/index.html` for
    /// `parts:table-rows:people/index.html#0`); nil for any other key.
    static func page(ofStateKey key: String) -> String? {
        guard key.hasPrefix(stateKeyPrefix), let mark = key.lastIndex(of: "#") else { return nil }
        return String(key[key.index(key.startIndex, offsetBy: stateKeyPrefix.count)..<mark])
    }

    /// The rows of the table `name` (a page's path and the table's place in it): the previous
    /// build's to find rows in, and where this build's go. Nil when no shelf can be kept.
    func table(_ name: String) -> Table? {
        memory.shelf(for: Self.stateKeyPrefix + name, continuing: true, keepsOnlyUsed: true).map(Table.init)
    }

    /// The digest that finds a row: its table's header and delimiter lines and its own line.
    static func key(head: [UInt8], row: UnsafeBufferPointer<UInt8>) -> ContentHash {
        var bytes = head
        if let expanded = HTMLFragment.expandingTokens(in: row) { bytes += expanded } else { bytes += row }
        return ContentHash(bytes)
    }

    /// One table's rows on its shelf: each row's record (`EncodedTableRow.append(to:)`) under its key.
    struct Table {
        let shelf: PartShelf

        /// How many bytes the previous build's rows hold together.
        var previousBytes: Int { shelf.previousBytes }

        /// The records found by `keys`, in their order (nil for a key not found, or a record
        /// that is not whole), each kept for the next build where it is. Records that lie close
        /// together on the shelf are read at once: a table's rows mostly keep their order from one
        /// build to the next, and those a rebuild changed lie together at the shelf's end (14,000
        /// reads were a tenth of the People table's rebuild).
        func rows(_ keys: [ContentHash]) -> [ArraySlice<UInt8>?] {
            let locations = keys.map(shelf.kept)
            var found = [ArraySlice<UInt8>?](repeating: nil, count: keys.count)
            let order = locations.indices.filter { locations[$0] != nil }.sorted { locations[$0]!.offset < locations[$1]!.offset }
            var first = 0
            while first < order.count {
                let low = locations[order[first]]!.offset
                var high = low + locations[order[first]]!.length
                var end = first + 1
                while end < order.count, locations[order[end]]!.offset <= high + Self.gapBytes {
                    let location = locations[order[end]]!
                    high = max(high, location.offset + location.length)
                    end += 1
                }
                var span: [UInt8] = []
                if (try? shelf.read(PartShelf.Location(offset: low, length: high - low), into: &span)) != nil {
                    for index in order[first..<end] {
                        let location = locations[index]!
                        let record = span[(location.offset - low)..<(location.offset - low + location.length)]
                        // A damaged record is made again.
                        guard EncodedTableRow.isRecord(record) else { continue }
                        found[index] = record
                        shelf.keep(keys[index], at: location)
                    }
                }
                first = end
            }
            return found
        }

        /// How far apart two records may lie and still be read at once.
        static let gapBytes = 16 << 10

        /// Keeps a row this build rendered, under `key`.
        func add(_ key: ContentHash, row: EncodedTableRow) {
            var record: [UInt8] = []
            row.append(to: &record)
            _ = shelf.add(key, record)
        }
    }
}
