import Foundation
import Testing
@testable import Tally

/// What only real processes show: kills mid-import, two imports or two builds at once.
@Suite("Crashes and concurrent runs lose nothing", .serialized)
struct CrashAndConcurrencyTests {
    /// A JSON Lines file of `pages` search pages of 200 tweets each, ids starting at `first`.
    private func bigFile(pages: Int, first: Int, term: String) -> String {
        (0..<pages).map { page in
            Synthetic.searchPage(query: term, (0..<200).map { n in
                let id = first + page * 200 + n
                return TweetSpec(id: "\(id)", text: "tweet \(id) #tag\(id % 50) #common @user\(id % 30)", user: "u\(id % 40)")
            })
        }.joined(separator: "\n") + "\n"
    }

    @Test("an import killed at random points leaves a sound store with all of the file or none")
    func killedImports() throws {
        let folder = TemporaryFolder()
        let store = folder.url.appendingPathComponent("s.sqlite").path
        let perFile = 40 * 200
        // How long one whole import takes here, to spread the kills over it.
        try folder.write(["warm.jsonl": bigFile(pages: 40, first: 1_000_000, term: "warm")])
        let started = Date()
        #expect(try CommandLineTool.run(["import", "--store", store, "warm.jsonl"], in: folder.url).status == 0)
        let duration = Date().timeIntervalSince(started)
        var expected = perFile
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let name = "r\(round).jsonl"
            try folder.write([name: bigFile(pages: 40, first: 2_000_000 + round * 100_000, term: "kill")])
            let process = try CommandLineTool.start(["import", "--store", store, name], in: folder.url)
            Thread.sleep(forTimeInterval: Double.random(in: 0...(duration * 1.2), using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let opened = try Store(path: store)
            #expect(try opened.integrityCheck() == "ok")
            let counts = try opened.tableCounts()
            let tweets = try #require(counts["tweet"])
            #expect(tweets == expected || tweets == expected + perFile, "round \(round): \(tweets) tweets")
            if tweets == expected + perFile { expected += perFile }
            // Counts kept in the same transaction agree with the links they count.
            let terms = try opened.allTerms()
            #expect(terms.reduce(0) { $0 + $1.tweetCount } == counts["term_tweet"])
        }
    }

    @Test("two imports at once both land")
    func concurrentImports() throws {
        let folder = TemporaryFolder()
        let store = folder.url.appendingPathComponent("s.sqlite").path
        try folder.write(["a.jsonl": bigFile(pages: 20, first: 10_000_000, term: "a"), "b.jsonl": bigFile(pages: 20, first: 20_000_000, term: "b")])
        let first = try CommandLineTool.start(["import", "--store", store, "a.jsonl"], in: folder.url)
        let second = try CommandLineTool.start(["import", "--store", store, "b.jsonl"], in: folder.url)
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let opened = try Store(path: store)
        #expect(try opened.tableCounts()["tweet"] == 8000)
        #expect(try opened.allTerms().map(\.tweetCount).sorted() == [4000, 4000])
    }

    @Test("two builds at once never mix their output")
    func concurrentBuilds() throws {
        let folder = TemporaryFolder()
        let store = folder.url.appendingPathComponent("s.sqlite").path
        try folder.write(["a.jsonl": bigFile(pages: 5, first: 30_000_000, term: "a")])
        #expect(try CommandLineTool.run(["import", "--store", store, "a.jsonl"], in: folder.url).status == 0)
        for _ in 0..<3 {
            let builds = try ["1000000000", "2000000000"].map { epoch in
                try CommandLineTool.start(["build", "--store", store, "--project", Fixture.repository.path, "--output", folder.url.appendingPathComponent("public").path],
                                          environment: ["SOURCE_DATE_EPOCH": epoch], in: folder.url)
            }
            builds.forEach { $0.waitUntilExit() }
            #expect(builds.allSatisfy { $0.terminationStatus == 0 })
            // The site on disk is one build's: its manifest matches every file, and the home page
            // and site.js carry the same build time.
            let manifest = try folder.read(".public.tally-manifest").split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(manifest.count > 1000)
            for line in manifest {
                let parts = line.split(separator: " ", maxSplits: 1)
                let bytes = try [UInt8](Data(contentsOf: folder.url.appendingPathComponent("public/" + parts[1])))
                #expect(Manifest.digest(bytes) == String(parts[0]), "\(parts[1]) is not the manifest's")
            }
            let home = try folder.read("public/index.html").contains("As of 2001-09-09 01:46 UTC")
            let script = try folder.read("public/assets/site.js").contains("2001-09-09T01:46:40Z")
            #expect(home == script)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("staging") || $0.contains(".old-") }
        #expect(leftovers.isEmpty)
    }

    @Test("several files: the good ones import, the bad ones are listed at the end, the exit is non-zero")
    func mixedFiles() throws {
        let folder = TemporaryFolder()
        try folder.write(["good1.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")]), "bad.json": "{\"statuses\": [",
                          "good2.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "2", text: "#a")])])
        let store = folder.url.appendingPathComponent("s.sqlite").path
        let result = try CommandLineTool.run(["import", "--store", store, "good1.json", "bad.json", "good2.json"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("1 of 3 files were not imported"))
        // Said once, as it happened, not again in the summary.
        #expect(result.stderr.components(separatedBy: "bad.json: line 1, column 15 (byte 14): the document is cut short; expected a value").count == 2)
        #expect(try Store(path: store).tableCounts()["tweet"] == 2)
    }
}
