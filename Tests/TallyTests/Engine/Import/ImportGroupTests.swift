import Foundation
import GRDB
import Testing
@testable import Tally

/// `importAll` puts a crawl's small files into one transaction, each file in a savepoint: the
/// store ends exactly as importing the files one by one leaves it, a bad file among them stores
/// nothing, and every file is reported in order once it has committed.
@Suite("Files imported together")
struct ImportGroupTests {
    /// Pages sharing terms, tweets, people and hashtags (in differing case), so that later files
    /// find what earlier ones wrote; a broken file in the middle.
    private func files() -> [String: String] {
        var files: [String: String] = [:]
        for page in 0..<12 {
            let tweets = (0..<6).map { n in
                TweetSpec(id: "\(1000 + page * 4 + n)", text: "@Bob\(n % 3) #Swift\(n % 2 == 0 ? "" : "Lang") #\(page % 2 == 0 ? "swift" : "SWIFT") hi",
                          user: "user\((page + n) % 5)")
            }
            files[String(format: "p%02d.json", page)] = Synthetic.searchPage(query: page % 3 == 0 ? "#swift" : "lang \(page % 2)", tweets)
        }
        files["p05.json"] = "{\"statuses\": [" // cut short
        return files
    }

    @Test("the store ends as one-by-one imports leave it, the bad file stores nothing, and each file is reported in order")
    func sameAsOneByOne() throws {
        let names = files().keys.sorted()
        let single = TestProject()
        try single.folder.write(files())
        let importer = Importer(store: try single.store)
        for name in names { _ = try? importer.importFile(single.folder.url.appendingPathComponent(name), displayName: name) }

        let grouped = TestProject()
        try grouped.folder.write(files())
        var reported: [(String, Bool)] = []
        Importer(store: try grouped.store).importAll(names.map { (grouped.folder.url.appendingPathComponent($0), $0) }) { name, result in
            reported.append((name, (try? result.get()) != nil))
        }
        #expect(reported.map(\.0) == names)
        #expect(reported.filter { !$0.1 }.map(\.0) == ["p05.json"])
        #expect(try grouped.store.dumpRows() == single.store.dumpRows())
        let stored = Set((0..<12).filter { $0 != 5 }.flatMap { page in (0..<6).map { 1000 + page * 4 + $0 } })
        #expect(try grouped.store.tableCounts()["tweet"] == stored.count, "every tweet of the good pages, once")
    }

    @Test("files read ahead of the transaction fail as files read in turn: a bad line after a good one, a missing file")
    func readAheadFailsAlike() throws {
        var files = files()
        // Its first page is read, and would be stored, before its second line fails.
        let good = Synthetic.searchPage(query: "late", [TweetSpec(id: "9001", text: "#late @Bob0 hi")])
        #expect(!good.contains("\n"))
        files["p07b.jsonl"] = good + "\n{\"statuses\": 3}\n"
        let names = files.keys.sorted() + ["p99-missing.json"]
        let single = TestProject()
        try single.folder.write(files)
        let importer = Importer(store: try single.store)
        var expected: [String] = []
        for name in names {
            do { _ = try importer.importFile(single.folder.url.appendingPathComponent(name), displayName: name) } catch { expected.append("\(error)") }
        }
        let grouped = TestProject()
        try grouped.folder.write(files)
        var failures: [String] = []
        Importer(store: try grouped.store).importAll(names.map { (grouped.folder.url.appendingPathComponent($0), $0) }) { _, result in
            if case .failure(let error) = result { failures.append("\(error)") }
        }
        #expect(failures.count == 3)
        #expect(failures == expected)
        #expect(try grouped.store.dumpRows() == single.store.dumpRows())
        #expect(try grouped.store.tableCounts()["tweet"] ?? 0 > 0)
    }

    @Test("a group commits in parts: files past the group's size land in a later transaction, the same")
    func severalGroups() throws {
        let names = files().keys.sorted().filter { $0 != "p05.json" }
        let single = TestProject()
        try single.folder.write(files())
        _ = try single.importFiles(names)
        let grouped = TestProject()
        try grouped.folder.write(files())
        var reported = 0
        var succeeded = 0
        // A tiny group: every file commits on its own, through the same path.
        Importer(store: try grouped.store).importAll(names.map { (grouped.folder.url.appendingPathComponent($0), $0) }, groupBytes: 1) { _, result in
            if (try? result.get()) != nil { succeeded += 1 }
            reported += 1
        }
        #expect(reported == names.count && succeeded == names.count)
        #expect(try grouped.store.dumpRows() == single.store.dumpRows())
    }
}
