import Testing
@testable import Tally

@Suite("Search index: a block carried over from the previous build")
struct CarriedSearchBlockTests {
    static let post = SearchDocument.Kind(name: "post", label: "Post")
    static let person = SearchDocument.Kind(name: "person", label: "Person")

    /// Random documents of two weights (and a second source), with words shared across them.
    static func documents(_ count: Int, from start: Int, seed: UInt64) -> [(SearchDocument, Int)] {
        var random = SplitMix(seed: seed)
        let words = ["swift", "café", "Ärger", "ソードマスター", "rust", "<b>", "\"quoted\"", "a\u{2028}b", "data", "zebra", "😀x"]
        return (start..<start + count).map { n in
            let body = (0...random.next(below: 6)).map { _ in words[random.next(below: words.count)] }.joined(separator: " ") + " n\(n)"
            let weight = n % 5 == 0 ? 1 : 0
            let kind = weight == 1 ? person : post
            return (SearchDocument(kind: kind, title: "author \(n % 7)", body: body, path: "p/\(n)/index.html", date: Int64(n), weight: weight),
                    n % 11 == 0 ? 1 : 0)
        }
    }

    @Test("carrying a block over and adding the rest writes the same files as adding everything",
          arguments: [(0 as UInt64, 40, 9), (1, 64, 1), (2, 95, 40), (3, 3, 100), (4, 200, 0)])
    func roundTrip(seed: UInt64, before: Int, after: Int) throws {
        let old = Self.documents(before, from: 0, seed: seed)
        let new = Self.documents(after, from: before, seed: seed &+ 1)
        func writer() -> SearchIndexWriter {
            var writer = SearchIndexWriter()
            writer.shardBytes = 300
            writer.chunkSize = 8
            return writer
        }
        // The previous build: its documents, weight-0 posts of source 0 first as a source gives them.
        var previous = writer()
        for (document, source) in old { previous.add(document, source: source) }
        let previousFiles = Dictionary(try previous.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })

        // A clean build of everything, and a rebuild carrying the posts' block (weight 0, source 0).
        var clean = writer()
        for (document, source) in old + new { clean.add(document, source: source) }
        let block = SearchIndexWriter.block(weight: 0, source: 0)
        let carriedCount = old.filter { $0.0.weight == 0 && $0.1 == 0 }.count
        let carried = try #require(CarriedSearchBlock.read([block: carriedCount], chunkSize: 8, read: { previousFiles[$0] }))
        var rebuilt = writer()
        for block in carried { rebuilt.carry(block) }
        // Only the posts of that block are new ones; every other document is handed over again.
        for (document, source) in old where !(document.weight == 0 && source == 0) { rebuilt.add(document, source: source) }
        for (document, source) in new { rebuilt.add(document, source: source) }

        let cleanFiles = try clean.files()
        let rebuiltFiles = Dictionary(try rebuilt.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        // The rebuild leaves out the carried block's full record files: the previous build's stay.
        for file in cleanFiles {
            let expected = rebuiltFiles[file.path] ?? previousFiles[file.path]
            #expect(expected == file.bytes, "\(file.path)")
        }
        let keptChunks = carriedCount / 8
        #expect(rebuiltFiles.count == cleanFiles.count - keptChunks)
        #expect(clean.count == rebuilt.count)
    }

    @Test("a block whose count or files do not match the previous index is not carried")
    func mismatch() throws {
        var previous = SearchIndexWriter()
        previous.chunkSize = 8
        for (document, source) in Self.documents(30, from: 0, seed: 9) { previous.add(document, source: source) }
        let files = Dictionary(try previous.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let block = SearchIndexWriter.block(weight: 0, source: 0)
        let count = Self.documents(30, from: 0, seed: 9).filter { $0.0.weight == 0 && $0.1 == 0 }.count
        #expect(CarriedSearchBlock.read([block: count], chunkSize: 8, read: { files[$0] }) != nil)
        #expect(CarriedSearchBlock.read([block: count + 1], chunkSize: 8, read: { files[$0] }) == nil)
        #expect(CarriedSearchBlock.read([block: count], chunkSize: 16, read: { files[$0] }) == nil)
        #expect(CarriedSearchBlock.read([block: count], chunkSize: 8, read: { $0 == Routes.searchShard(0) ? Array("garbage".utf8) : files[$0] }) == nil)
        #expect(CarriedSearchBlock.read([block: count], chunkSize: 8, read: { $0.hasPrefix(Routes.searchDocumentFolder) ? nil : files[$0] }) == nil
                || count % 8 == 0)
        #expect(CarriedSearchBlock.read([block: count], chunkSize: 8, read: { _ in nil }) == nil)
    }
}
