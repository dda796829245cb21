import Foundation
import Testing
@testable import Tally

@Suite("Part shelves: rendered parts kept beside the site from one build to the next")
struct PartShelfTests {
    private func key(_ text: String) -> ContentHash { ContentHash(text) }

    private func read(_ shelf: PartShelf, _ location: PartShelf.Location?) throws -> String? {
        guard let location else { return nil }
        var bytes: [UInt8] = []
        try shelf.read(location, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func shelfFiles(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(PartShelf.filePrefix(site: "public")) }.sorted()
    }

    @Test("parts added in one build are read back by the next, which adds to the same file; dropped parts are gone from both")
    func continuing() throws {
        let folder = TemporaryFolder()
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        _ = first.add(key("a"), Array("card a".utf8))
        _ = first.add(key("b"), Array("card b".utf8))
        _ = first.add(key("c"), Array("card c".utf8))
        // Read back before the index is made: still in the buffer.
        #expect(try read(first, first.made(key("b"))) == "card b")
        #expect(first.kept(key("a")) == nil, "a new shelf keeps nothing of a previous build")
        let index = try #require(first.index())

        let second = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        #expect(second.name == first.name)
        #expect(try read(second, second.kept(key("a"))) == "card a")
        second.drop([key("b")])
        #expect(second.kept(key("b")) == nil)
        _ = second.add(key("c"), Array("card c, changed".utf8))
        _ = second.add(key("d"), Array("card d".utf8))
        let next = try #require(second.index())

        let third = try #require(PartShelf(folder: folder.url, site: "public", continuing: next))
        #expect(try read(third, third.kept(key("a"))) == "card a", "a part no build touched stays")
        #expect(third.kept(key("b")) == nil, "a dropped part is not recorded again")
        #expect(try read(third, third.kept(key("c"))) == "card c, changed")
        #expect(try read(third, third.kept(key("d"))) == "card d")
        #expect(try shelfFiles(in: folder) == [first.name])
    }

    @Test("a place is kept in one word when it fits, and as it is when its offset or length does not")
    func placesInOneWord() throws {
        let fitting = PartShelf.Location(offset: (1 << 40) - 1, length: (1 << 24) - 2)
        #expect(PartShelf.Place(fitting)?.location == fitting)
        #expect(PartShelf.Place(PartShelf.Location(offset: 0, length: 0))?.location == PartShelf.Location(offset: 0, length: 0))
        let farOff = PartShelf.Location(offset: 1 << 40, length: 7), long = PartShelf.Location(offset: 5, length: (1 << 24) - 1)
        #expect(PartShelf.Place(farOff) == nil)
        #expect(PartShelf.Place(long) == nil)

        let folder = TemporaryFolder()
        let shelf = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        shelf.keep(key("far"), at: farOff)
        shelf.keep(key("long"), at: long)
        shelf.keep(key("fits"), at: fitting)
        #expect(shelf.made(key("far")) == farOff)
        #expect(shelf.made(key("long")) == long)
        #expect(shelf.made(key("fits")) == fitting)
        // Kept again where it fits: the place it had before is forgotten.
        shelf.keep(key("far"), at: PartShelf.Location(offset: 9, length: 3))
        #expect(shelf.made(key("far")) == PartShelf.Location(offset: 9, length: 3))
        _ = shelf.add(key("new"), Array("a card".utf8))
        #expect(try read(shelf, shelf.made(key("new"))) == "a card")
    }

    @Test("a part too long to pack its place in one word is read back, recorded and found by the next build like any other")
    func longPart() throws {
        let folder = TemporaryFolder()
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        _ = first.add(key("short"), Array("card".utf8))
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 24) - 1) + Array("end".utf8)
        let place = first.add(key("long"), long)
        #expect(PartShelf.Place(place) == nil, "the test's part must be one whose place does not pack")
        #expect(first.made(key("long")) == place)
        _ = first.add(key("after"), Array("next card".utf8))
        let index = try #require(first.index())

        let second = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        var bytes: [UInt8] = []
        try second.read(try #require(second.kept(key("long"))), into: &bytes)
        #expect(bytes == long)
        #expect(try read(second, second.kept(key("short"))) == "card")
        #expect(try read(second, second.kept(key("after"))) == "next card")
    }

    @Test("parts read together come back in the order asked, whether in the file or still buffered, side by side or not")
    func readTogether() throws {
        let folder = TemporaryFolder()
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        let cards = (0..<6).map { "card \($0) " + String(repeating: "x", count: $0 * 7) }
        for (number, card) in cards.enumerated() { _ = first.add(key("\(number)"), Array(card.utf8)) }
        let index = try #require(first.index())
        // The next build's shelf: the first six parts are in the file, two more only in its buffer.
        let shelf = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        _ = shelf.add(key("new 1"), Array("new card 1".utf8))
        _ = shelf.add(key("new 2"), Array("new card 2".utf8))
        let locations = try ["3", "4", "5", "0", "new 2", "2", "2", "new 1", "1"].map { name in
            try #require(shelf.kept(key(name)) ?? shelf.made(key(name)))
        } + [PartShelf.Location(offset: 0, length: 0)]
        var read: [String] = []
        try shelf.read(locations) { read.append(String(decoding: $0, as: UTF8.self)) }
        #expect(read == [cards[3], cards[4], cards[5], cards[0], "new card 2", cards[2], cards[2], "new card 1", cards[1], ""])
        // Parts with gaps between them, one inside another, and one that runs from the file on
        // into the buffer (made by hand: the shelf never splits a part so).
        let file = try #require(shelf.kept(key("0"))), last = try #require(shelf.kept(key("5")))
        let fileEnd = last.offset + last.length
        let newOne = try #require(shelf.made(key("new 1")))
        let spans = [try #require(shelf.kept(key("4"))), file, try #require(shelf.kept(key("2"))),
                     PartShelf.Location(offset: file.offset, length: fileEnd - file.offset), try #require(shelf.kept(key("1"))),
                     PartShelf.Location(offset: last.offset, length: newOne.offset + newOne.length - last.offset)]
        var spanned: [String] = []
        try shelf.read(spans) { spanned.append(String(decoding: $0, as: UTF8.self)) }
        #expect(spanned == [cards[4], cards[0], cards[2], cards.joined(), cards[1], cards[5] + "new card 1"])
        var one: [UInt8] = Array("before ".utf8)
        try shelf.read(locations[1], into: &one)
        #expect(String(decoding: one, as: UTF8.self) == "before " + cards[4], "a single read appends")
    }

    @Test("a build that fails after adding parts leaves the previous index right")
    func failedBuild() throws {
        let folder = TemporaryFolder()
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        _ = first.add(key("a"), Array("card a".utf8))
        let index = try #require(first.index())
        do {
            // Appends bytes to the same file, and records no index.
            let failing = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
            _ = failing.add(key("a"), Array(repeating: UInt8(ascii: "x"), count: 3 << 20))
        }
        let next = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        #expect(try read(next, next.kept(key("a"))) == "card a")
    }

    @Test("an index that is damaged, names another file or points past its file's end starts a new, empty shelf")
    func damagedIndex() throws {
        let folder = TemporaryFolder()
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        _ = first.add(key("a"), Array("card a".utf8))
        let index = try #require(first.index())
        var pastEnd = index
        pastEnd[pastEnd.count - 4] = 0xFF  // the length of the one entry
        var otherName = index
        let nameStart = Array("tally-parts 1\n".utf8).count + 2
        otherName[nameStart + 1] = UInt8(ascii: "/")
        for damaged in [Array(index.dropLast()), Array(index.dropFirst()), pastEnd, otherName, []] {
            let shelf = try #require(PartShelf(folder: folder.url, site: "public", continuing: damaged))
            #expect(shelf.kept(key("a")) == nil)
            #expect(shelf.name != first.name)
        }
        // Another site's shelf is not this one's.
        let other = try #require(PartShelf(folder: folder.url, site: "site", continuing: index))
        #expect(other.kept(key("a")) == nil)
    }

    @Test("when most of the file is parts no index names, the live ones move to a new file")
    func compaction() throws {
        let folder = TemporaryFolder()
        var index = try #require({ () -> [UInt8]? in
            let shelf = PartShelf(folder: folder.url, site: "public", continuing: nil, slack: 100)
            _ = shelf?.add(key("a"), Array("card a".utf8))
            _ = shelf?.add(key("b"), Array("card b".utf8))
            return shelf?.index()
        }())
        var names = Set<String>()
        for round in 0..<4 {
            let shelf = try #require(PartShelf(folder: folder.url, site: "public", continuing: index, slack: 100))
            names.insert(shelf.name)
            _ = shelf.add(key("b"), Array(("card b, version \(round) " + String(repeating: "-", count: 60)).utf8))
            index = try #require(shelf.index())
            names.insert(shelf.name)
        }
        #expect(names.count > 1, "the file was copied at least once")
        // A shelf that moved its parts finds them in its new file, and indexes them alike again.
        let moving = try #require(PartShelf(folder: folder.url, site: "public", continuing: index, slack: 0, keepsOnlyUsed: true))
        let before = moving.name
        _ = moving.add(key("c"), Array("card c".utf8))
        let moved = try #require(moving.index())
        #expect(moving.name != before, "only what this build used is live: the rest was left behind")
        #expect(try read(moving, moving.made(key("c"))) == "card c")
        #expect(moving.index() == moved, "indexed twice, the same")
        let last = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        #expect(try read(last, last.kept(key("a"))) == "card a")
        #expect(try read(last, last.kept(key("b")))?.hasPrefix("card b, version 3 ") == true)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(last.name).path)[.size] as? Int)
        #expect(size < 2 * (6 + 78) + 100)
    }

    @Test("the site's writer keeps only the shelf files the state it wrote names")
    func writerRemovesOthers() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        let old = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        let kept = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        let otherSite = try #require(PartShelf(folder: folder.url, site: "clean", continuing: nil))
        #expect(try shelfFiles(in: folder).count == 2)
        try writer.write(fingerprint: "f", record: BuildRecord(global: "g", states: [:], shelves: [kept.name])) { emit in
            try emit(OutputFile(path: "index.html", bytes: Array("a".utf8)))
        }
        #expect(try shelfFiles(in: folder) == [kept.name])
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(otherSite.name).path))
        _ = old
    }
}
