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

    /// What a revisited document became since the previous build.
    private enum Change: CaseIterable { case same, redated, reworded }

    @Test("a revisited block makes again only its changed documents and writes only their files, and the site equals adding everything",
          arguments: [(5 as UInt64, 40, 45), (6, 40, 40), (7, 64, 30), (8, 33, 70), (9, 9, 1), (10, 70, 0)])
    func revisited(seed: UInt64, before: Int, after: Int) throws {
        var random = SplitMix(seed: seed)
        let words = ["swift", "café", "Ärger", "rust", "<b>", "\"quoted\"", "data", "zebra", "😀x", "a\u{2028}b"]
        func person(_ n: Int, words version: Int, date: Int) -> SearchDocument {
            SearchDocument(kind: Self.person, title: "person \(n) \(words[(n + version) % words.count])",
                           body: version % 2 == 0 ? "bio \(words[(n * 3 + version) % words.count])" : "", path: "people/\(n)/index.html",
                           date: Int64(date), weight: 1)
        }
        func writer() -> SearchIndexWriter {
            var writer = SearchIndexWriter()
            writer.shardBytes = 200
            writer.chunkSize = 8
            return writer
        }
        let posts = Self.documents(30, from: 0, seed: seed).map { document, _ in
            var post = document
            post.weight = 0
            return post
        }
        let newPosts = Self.documents(6, from: 30, seed: seed &+ 7).map { document, _ in
            var post = document
            post.weight = 0
            return post
        }
        let old = (0..<before).map { person($0, words: 0, date: $0) }
        let changes = (0..<min(before, after)).map { _ in Change.allCases[random.next(below: 3)] }
        let new = (0..<after).map { n in
            guard n < before else { return person(n, words: 0, date: n) }
            switch changes[n] {
            case .same: return old[n]
            case .redated: return person(n, words: 0, date: n + 1000)
            case .reworded: return person(n, words: 1, date: n)
            }
        }

        var previous = writer()
        for document in posts + old { previous.add(document) }
        let previousFiles = try previous.files()
        var clean = writer()
        for document in posts + newPosts + new { clean.add(document) }

        let postBlock = SearchIndexWriter.block(weight: 0, source: 0), peopleBlock = SearchIndexWriter.block(weight: 1, source: 0)
        let byPath = Dictionary(previousFiles.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let carried = try #require(CarriedSearchBlock.read([postBlock: posts.count, peopleBlock: before], revisited: [peopleBlock], chunkSize: 8) { byPath[$0] })
        var rebuilt = writer()
        for block in carried { rebuilt.carry(block) }
        for document in newPosts { rebuilt.add(document) }
        for (n, document) in new.enumerated() {
            guard n < before else {
                rebuilt.add(document)
                continue
            }
            switch changes[n] {
            case .same: rebuilt.add(.unchanged(weight: 1))
            case .redated:
                var redated = document
                redated.previous = .sameWords
                rebuilt.add(redated)
            case .reworded: rebuilt.add(document)
            }
        }
        try rebuilt.seal()
        let rebuiltFiles = try rebuilt.files()

        // The site an update leaves: the previous files of the sections it keeps, and those written.
        let kept = Set(rebuilt.keptSections)
        var site = Dictionary(previousFiles.filter { kept.contains($0.section) }.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        for file in rebuiltFiles { site[file.path] = file.bytes }
        let cleanFiles = Dictionary(try clean.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        #expect(Set(site.keys) == Set(cleanFiles.keys))
        for (path, bytes) in cleanFiles { #expect(site[path] == bytes, "\(path)") }
        #expect(rebuilt.count == clean.count)

        // Only the people's record files holding a change (or past the last full one) are written again.
        let changedFiles = Set(changes.indices.filter { changes[$0] != .same }.map { $0 / 8 })
        let peopleFiles = rebuiltFiles.filter { $0.section == SearchIndexWriter.recordSection(peopleBlock) }.map(\.path)
        if after >= before {
            #expect(Set(peopleFiles) == Set((changedFiles.union(before / 8..<((after + 7) / 8))).map { Routes.searchDocuments("\(peopleBlock)-\($0)") }))
            #expect(kept.contains(SearchIndexWriter.recordSection(peopleBlock)))
        } else {
            #expect(peopleFiles.count == (after + 7) / 8)
            #expect(!kept.contains(SearchIndexWriter.recordSection(peopleBlock)))
        }
        let unchangedWords = changes.filter { $0 != .reworded }.count
        #expect(rebuilt.carriedDocuments == posts.count + unchangedWords)
    }

    @Test("a revisited block's record file that cannot be read back stops the index before it hands over a file")
    func unreadableRevisitedFile() throws {
        var previous = SearchIndexWriter()
        previous.chunkSize = 8
        let people = (0..<20).map { SearchDocument(kind: Self.person, title: "person \($0)", body: "", path: "p/\($0)", date: Int64($0), weight: 1) }
        for document in people { previous.add(document) }
        var files = Dictionary(try previous.files().map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        let block = SearchIndexWriter.block(weight: 1, source: 0)
        files[Routes.searchDocuments("\(block)-0")] = Array("damaged".utf8)
        let carried = try #require(CarriedSearchBlock.read([block: 20], revisited: [block], chunkSize: 8) { files[$0] })
        var rebuilt = SearchIndexWriter()
        rebuilt.chunkSize = 8
        for block in carried { rebuilt.carry(block) }
        for (n, document) in people.enumerated() {
            var redated = document
            redated.date = 99
            redated.previous = .sameWords
            rebuilt.add(n == 3 ? redated : .unchanged(weight: 1))
        }
        #expect(throws: CarriedSearchBlock.Unreadable.self) { try rebuilt.seal() }
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
