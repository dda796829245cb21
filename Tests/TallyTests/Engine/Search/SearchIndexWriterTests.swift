import Foundation
import Testing
@testable import Tally

@Suite("Search index: postings, shards and chunks")
struct SearchIndexWriterTests {
    static let kind = SearchDocument.Kind(name: "note", label: "Note")

    @Test("posting lists round-trip, as gaps and as bitmaps", arguments: [
        [Int32](), [0], [5], [0, 1, 2, 3], [31, 32, 1000, 1_000_000], Array(stride(from: Int32(7), to: 5000, by: 2)), Array(0..<Int32(64)),
    ])
    func postings(numbers: [Int32]) {
        var text: [UInt8] = []
        PostingCode.append(numbers, to: &text)
        #expect(PostingCode.decode(String(decoding: text, as: UTF8.self)) == numbers)
        #expect(text.allSatisfy { PostingCode.alphabet.contains($0) || $0 == UInt8(ascii: "~") })
    }

    @Test("dense lists are written as bitmaps, sparse ones as gaps")
    func denseIsBitmap() {
        var dense: [UInt8] = []
        PostingCode.append(Array(0..<Int32(600)), to: &dense)
        #expect(dense.first == UInt8(ascii: "~") && dense.count < 110)
        var sparse: [UInt8] = []
        PostingCode.append([3, 900, 4000], to: &sparse)
        #expect(sparse.first != UInt8(ascii: "~"))
    }

    /// The shards' tokens and boundaries, read back from the written files.
    static func shards(_ files: [OutputFile]) throws -> (boundaries: [String], tokens: [[String]]) {
        let index = try #require(files.first { $0.path == Routes.searchIndex })
        let text = String(decoding: index.bytes, as: UTF8.self)
        let json = try #require(text.range(of: "\"shards\":[")).upperBound
        let list = String(text[json...].prefix { $0 != "]" })
        let boundaries = try JSONSerialization.jsonObject(with: Data(("[" + list + "]").utf8)) as! [String]
        var tokens: [[String]] = []
        for number in boundaries.indices {
            let file = try #require(files.first { $0.path == Routes.searchShard(number) })
            let body = String(decoding: file.bytes, as: UTF8.self)
            let start = try #require(body.firstIndex(of: "\"")), end = try #require(body.lastIndex(of: "\""))
            tokens.append(body[body.index(after: start)..<end].unicodeScalars.split(separator: ",").map {
                String(String.UnicodeScalarView($0.split(separator: " ", omittingEmptySubsequences: false)[0]))
            })
        }
        return (boundaries, tokens)
    }

    @Test("tokens are put in UTF-16 order by merging a sorted prefix with the rest, or sorting all when it is not sorted")
    func tokenOrder() {
        var random = SplitMix(seed: 11)
        let alphabet = Array("abcé😀ｚ".unicodeScalars)
        for round in 0..<200 {
            var words = Set<String>()
            for _ in 0..<random.next(below: 40) {
                words.insert(String(String.UnicodeScalarView((0...random.next(below: 4)).map { _ in alphabet[random.next(below: alphabet.count)] })))
            }
            let units = Array(words).map { Array($0.utf16) }
            let sorted = units.indices.sorted { units[$0].lexicographicallyPrecedes(units[$1]) }
            // A prefix put in order (as carried tokens come) or left as it is, then the rest as they come.
            let prefix = random.next(below: units.count + 1)
            var tokens = sorted.filter { $0 < prefix }.map { units[$0] } + units[prefix...]
            if round % 3 == 0, tokens.count > 1 {
                for index in stride(from: tokens.count - 1, to: 0, by: -1) { tokens.swapAt(index, random.next(below: index + 1)) }
            }
            let order = SearchIndexWriter.order(tokens, sortedPrefix: prefix)
            #expect(order.map { tokens[$0] } == tokens.sorted { $0.lexicographicallyPrecedes($1) }, "round \(round)")
        }
    }

    @Test("every token sits in the one shard its boundaries give, in UTF-16 order, shards cut by size")
    func shardAssignment() throws {
        var writer = SearchIndexWriter()
        writer.shardBytes = 200
        let words = (0..<400).map { "w\($0 * 7919 % 1000)" } + ["café", "ärger", "ソードマスター", "😀x", "zebra", "Ａpple"]
        for (n, word) in words.enumerated() {
            writer.add(SearchDocument(kind: Self.kind, title: word, body: "common \(n)", path: "n/\(n)/index.html", date: Int64(n)))
        }
        let (boundaries, tokens) = try Self.shards(writer.files())
        #expect(boundaries.count > 5)
        #expect(boundaries.first == "")
        let all = tokens.flatMap { $0 }
        #expect(all == all.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(Set(all).count == all.count)
        func shard(of token: String) -> Int {
            boundaries.lastIndex { !token.utf16.lexicographicallyPrecedes($0.utf16) }!
        }
        for (number, list) in tokens.enumerated() {
            for token in list { #expect(shard(of: token) == number, "\(token)") }
        }
        for token in ["cafe", "arger", "スタ", "apple", "common", "zebra"] { #expect(all.contains(token), "\(token)") }
    }

    @Test("documents are numbered in blocks by weight and source, each in the order given, in chunks of records per block")
    func documentOrder() throws {
        var writer = SearchIndexWriter()
        writer.chunkSize = 2
        writer.add(SearchDocument(kind: Self.kind, title: "old", body: "", path: "a/index.html", date: 1))
        writer.add(SearchDocument(kind: Self.kind, title: "new", body: "x\"</script>", path: "b/index.html", date: 5))
        writer.add(SearchDocument(kind: Self.kind, title: "newer", body: "", path: "d/index.html", date: 6))
        writer.add(SearchDocument(kind: Self.kind, title: "heavy", body: "", path: "c/index.html", date: 0, weight: 2))
        let files = try writer.files()
        let light = SearchIndexWriter.block(weight: 0, source: 0), heavy = SearchIndexWriter.block(weight: 2, source: 0)
        #expect(heavy > light && SearchIndexWriter.block(weight: 0, source: 1) < light)
        let first = String(decoding: try #require(files.first { $0.path == Routes.searchDocuments("\(light)-0") }).bytes, as: UTF8.self)
        #expect(first == "tallySearch.docs(\"\(light)-0\",[\n[\"Note\",\"old\",\"\",\"a/index.html\",1],\n[\"Note\",\"new\",\"x\\\"\\u003c/script>\",\"b/index.html\",5]]);\n")
        #expect(files.contains { $0.path == Routes.searchDocuments("\(light)-1") })
        #expect(files.contains { $0.path == Routes.searchDocuments("\(heavy)-0") })
        let index = String(decoding: try #require(files.first { $0.path == Routes.searchIndex }).bytes, as: UTF8.self)
        #expect(index.contains("\"blocks\":[[\(light),3],[\(heavy),1]]"))
        // "heavy" is the first of its block: its number is the block's first.
        #expect(files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("heavy \(String(decoding: { var out: [UInt8] = []; PostingCode.append([heavy * SearchIndexWriter.blockSize], to: &out); return out }(), as: UTF8.self)) ") })
        #expect(files.allSatisfy { $0.path.hasPrefix("search/") })
    }
}
