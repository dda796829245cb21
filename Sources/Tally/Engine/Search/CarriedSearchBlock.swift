/// One block of the previous build's search index, read back from its files so a rebuild can
/// continue it (`SearchIndexWriter.carry`) instead of tokenising its documents again.
///
/// Everything is read from the site the rebuild updates: `search/index.js` for the block's count,
/// every shard for the block's postings, and its last record file when that is not full. Any
/// file missing or not as `SearchIndexWriter` writes it makes the block not carried (nil), and
/// its source hands over all its documents as in a full build.
struct CarriedSearchBlock {
    var block: Int32
    /// The block's documents in the previous build.
    var count: Int
    /// Each token the block's documents hold, with their numbers (ascending) in titles and bodies.
    var postings: [(token: String, titles: [Int32], bodies: [Int32])]
    /// The records of the block's last record file when it holds fewer than a chunk, each as written.
    var tail: [[UInt8]]
    /// Whether its source hands over every document of it again (`SearchContinuation.revisits`).
    var revisits = false
    /// The records of the block's full record file `N`, each as written, read when asked: a
    /// revisited block writes again only the files that hold a changed document. Nil when it
    /// cannot be read.
    var chunk: (Int) -> [[UInt8]]? = { _ in nil }

    /// A record file of a revisited block could not be read back: the index is gathered again
    /// without carrying anything over.
    struct Unreadable: Error {
        var path: String
    }

    /// The blocks of `wanted` (block → the count its source says it had), read back with `read`
    /// (a path under the output folder → the file's bytes); nil when any cannot be. Those in
    /// `revisited` keep `read` to read their other record files when asked (`chunk`).
    static func read(_ wanted: [Int32: Int], revisited: Set<Int32> = [], chunkSize: Int,
                     read: @escaping (String) -> [UInt8]?) -> [CarriedSearchBlock]? {
        guard !wanted.isEmpty, let index = read(Routes.searchIndex), let meta = Meta(index),
              meta.chunkSize == chunkSize, meta.blockSize == Int(SearchIndexWriter.blockSize) else { return nil }
        var blocks: [Int32: CarriedSearchBlock] = [:]
        for (block, count) in wanted {
            guard meta.blocks[block] == count, count > 0 else { return nil }
            var tail: [[UInt8]] = []
            if count % chunkSize != 0 {
                guard let file = read(Routes.searchDocuments("\(block)-\(count / chunkSize)")),
                      let records = records(file, key: "\(block)-\(count / chunkSize)"), records.count == count % chunkSize else { return nil }
                tail = records
            }
            var carried = CarriedSearchBlock(block: block, count: count, postings: [], tail: tail)
            if revisited.contains(block) {
                carried.revisits = true
                carried.chunk = { number in
                    let key = "\(block)-\(number)"
                    guard number < count / chunkSize, let file = read(Routes.searchDocuments(key)), let records = records(file, key: key),
                          records.count == chunkSize else { return nil }
                    return records
                }
            }
            blocks[block] = carried
        }
        let ranges = blocks.keys.sorted().map { ($0, $0 * SearchIndexWriter.blockSize..<($0 + 1) * SearchIndexWriter.blockSize) }
        let low = ranges[0].1.lowerBound
        var found: [Int32: [(token: String, titles: [Int32], bodies: [Int32])]] = [:]
        for shard in 0..<meta.shards {
            guard let file = read(Routes.searchShard(shard)), postings(file, shard: shard, { token, titles, bodies in
                // Numbers are ascending across blocks: each carried block's run is cut out of both
                // lists where it starts and ends (found by halving, not by testing every number).
                guard titles.last.map({ $0 >= low }) ?? false || bodies.last.map({ $0 >= low }) ?? false else { return }
                for (block, range) in ranges {
                    let inTitles = Self.run(of: range, in: titles)
                    let inBodies = Self.run(of: range, in: bodies)
                    if !inTitles.isEmpty || !inBodies.isEmpty {
                        found[block, default: []].append((String(decoding: token, as: UTF8.self), Array(inTitles), Array(inBodies)))
                    }
                }
            }) else { return nil }
        }
        for (block, postings) in found { blocks[block]?.postings = postings }
        return blocks.keys.sorted().map { blocks[$0]! }
    }

    /// What `search/index.js` says: its counts, the blocks and how many shards.
    private struct Meta {
        var chunkSize: Int
        var blockSize: Int
        var blocks: [Int32: Int] = [:]
        var shards: Int

        init?(_ bytes: [UInt8]) {
            let prefix = Array("window.tallySearchIndex = ".utf8)
            guard bytes.starts(with: prefix), bytes.count > prefix.count + 2 else { return nil }
            let parser = JSONParser()
            guard let object = try? parser.parse(Array(bytes[prefix.count..<(bytes.count - 2)])),
                  let chunkSize = object.field("chunkSize")?.int64, let blockSize = object.field("blockSize")?.int64,
                  let blocks = object.field("blocks")?.array, let shards = object.field("shards")?.array else { return nil }
            self.chunkSize = Int(chunkSize)
            self.blockSize = Int(blockSize)
            self.shards = shards.count
            for entry in blocks {
                guard let pair = entry.array, pair.count == 2 else { return nil }
                let values = pair.compactMap(\.int64)
                guard values.count == 2 else { return nil }
                self.blocks[Int32(values[0])] = Int(values[1])
            }
        }
    }

    /// The numbers of `numbers` (ascending) that lie in `range`: one run of them.
    static func run(of range: Range<Int32>, in numbers: [Int32]) -> ArraySlice<Int32> {
        func firstIndex(notBelow bound: Int32) -> Int {
            var low = 0, high = numbers.count
            while low < high {
                let middle = (low + high) / 2
                if numbers[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let start = firstIndex(notBelow: range.lowerBound)
        guard start < numbers.count, numbers[start] < range.upperBound else { return [] }
        return numbers[start..<firstIndex(notBelow: range.upperBound)]
    }

    /// Hands each entry of a shard file to `body`: its token's bytes and its numbers; false when
    /// the file is not a shard as written (tokens are words, never holding a quote, comma, space
    /// or escape). Entries are found in one pass over the bytes, with no array of them made:
    /// a rebuild reads back every shard of the previous index.
    private static func postings(_ file: [UInt8], shard: Int, _ body: (ArraySlice<UInt8>, [Int32], [Int32]) -> Void) -> Bool {
        let prefix = Array("tallySearch.shard(\(shard),\"".utf8)
        let suffix = Array("\");\n".utf8)
        guard file.starts(with: prefix), file.count >= prefix.count + suffix.count, file.suffix(suffix.count).elementsEqual(suffix) else { return false }
        let content = file[prefix.count..<(file.count - suffix.count)]
        var start = content.startIndex
        while true {
            let end = content[start...].firstIndex(of: UInt8(ascii: ",")) ?? content.endIndex
            let entry = content[start..<end]
            // Three fields a space apart: the token, its titles' numbers and its bodies'.
            guard let first = entry.firstIndex(of: UInt8(ascii: " ")), first > entry.startIndex,
                  let second = entry[(first + 1)...].firstIndex(of: UInt8(ascii: " ")),
                  !entry[(second + 1)...].contains(UInt8(ascii: " ")),
                  !entry[..<first].contains(UInt8(ascii: "\\")),
                  let titles = PostingCode.decode(entry[(first + 1)..<second]), let bodies = PostingCode.decode(entry[(second + 1)...]) else { return false }
            body(entry[..<first], titles, bodies)
            guard end < content.endIndex else { return true }
            start = end + 1
        }
    }

    /// The records of a record file, each as written, or nil when it is not one.
    private static func records(_ file: [UInt8], key: String) -> [[UInt8]]? {
        let prefix = Array("tallySearch.docs(\"\(key)\",[\n".utf8)
        let suffix = Array("]);\n".utf8)
        guard file.starts(with: prefix), file.count >= prefix.count + suffix.count, file.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        // Records are one a line (their strings escape line breaks), joined by ",\n".
        let lines = file[prefix.count..<(file.count - suffix.count)].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var records: [[UInt8]] = []
        for (number, line) in lines.enumerated() {
            if number < lines.count - 1 {
                guard line.last == UInt8(ascii: ",") else { return nil }
                records.append(Array(line.dropLast()))
            } else {
                records.append(Array(line))
            }
        }
        return records
    }
}
