import Foundation
import Testing
@testable import Tally

/// Broken inputs: each fails with the file, the place and what was expected, and the store stays
/// exactly as it was (same row counts, sound file).
@Suite("Bad input loses nothing")
struct BadInputTests {
    static let folder = Fixture.url("bad")
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? []

    /// A store holding a real search, to check that nothing of it changes.
    private func populated() throws -> (TestProject, Store, [String: Int]) {
        let project = TestProject()
        let store = try project.store
        _ = try Importer(store: store).importFile(Fixture.url("v1-search-freebandnames.json"))
        return (project, store, try store.tableCounts())
    }

    private func check(_ url: URL, name: String, expectedPlace: String? = nil) throws {
        let (_, store, before) = try populated()
        do {
            _ = try Importer(store: store).importFile(url, displayName: name)
            Issue.record("\(name) was imported")
        } catch let error as ImportError {
            #expect(error.file == name)
            let place = try #require(error.place, "\(name): no place in \(error)")
            if let expectedPlace { #expect(place.hasPrefix(expectedPlace), "\(error)") }
            #expect(error.reason.contains("expected") || error.reason.contains("looks like"), "\(error)")
        }
        #expect(try store.tableCounts() == before, "\(name) changed the store")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("the corpus is there", .tags(.badInput))
    func corpus() {
        #expect(Self.files.count >= 14)
    }

    @Test("each broken file fails clearly and changes nothing", arguments: files)
    func broken(_ name: String) throws {
        let places = [
            "truncated.json": "line 1, column 41", "csv-as.json": "byte 0", "png-as.json": "byte 0",
            "invalid-utf8.json": "line 1, column 51", "number-beyond-64-bits.json": "line 1, column 22",
            "duplicated-keys.json": "line 1, $.statuses[0]", "wrong-shape.json": "line 1",
            "jsonl-bad-middle-line.jsonl": "line 3, column 39", "tweet-without-text.json": "line 1, $.statuses[0]",
            "unreadable-date.json": "line 1, $.statuses[0].created_at", "array-of-numbers.json": "line 1, $[0]",
        ]
        if name == "empty.json" {
            let (_, store, before) = try populated()
            #expect { try Importer(store: store).importFile(Self.folder.appendingPathComponent(name), displayName: name) } throws: {
                "\($0)" == "empty.json: the file is empty; " + FormatDetector(sources: DataSources.all).expected
            }
            #expect(try store.tableCounts() == before)
            return
        }
        try check(Self.folder.appendingPathComponent(name), name: name, expectedPlace: places[name])
    }

    @Test("a 10 MB single line that is cut short")
    func longLine() throws {
        let folder = TemporaryFolder()
        let text = "{\"statuses\": [{\"id_str\": \"1\", \"text\": \"" + String(repeating: "x", count: 10_000_000) + "\"}"
        try folder.write(["long.json": text])
        try check(folder.url.appendingPathComponent("long.json"), name: "long.json", expectedPlace: "line 1, column 10000042")
    }

    @Test("arrays nested 100,000 deep are refused at depth 1024, without a crash")
    func deepNesting() throws {
        let folder = TemporaryFolder()
        try folder.write(["deep.json": String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)])
        try check(folder.url.appendingPathComponent("deep.json"), name: "deep.json", expectedPlace: "line 1, column 1025")
    }

    @Test("valid JSON nested deeply inside a tweet is refused by shape, not by a crash")
    func deepButValid() throws {
        let folder = TemporaryFolder()
        let nested = String(repeating: "{\"a\":", count: 1000) + "1" + String(repeating: "}", count: 1000)
        try folder.write(["nested.json": "{\"statuses\": [\(nested)]}"])
        try check(folder.url.appendingPathComponent("nested.json"), name: "nested.json", expectedPlace: "line 1, $.statuses[0]")
    }
}

/// Every input the fuzzer saved, and the bad and hostile corpora: each imports or fails with an
/// ImportError, and the store stays sound. A crash here fails the whole test run.
@Suite("Fuzzer findings and corpora never crash the importer")
struct CorpusReplayTests {
    static let inputs: [String] = ["fuzz-crashes", "bad", "hostile"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixture.url(folder).path)) ?? [])
            .filter { !$0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
    }.sorted()

    @Test("each input imports or fails cleanly", arguments: inputs)
    func replay(_ path: String) throws {
        let project = TestProject()
        let store = try project.store
        do {
            let summary = try Importer(store: store).importFile(Fixture.url(path), displayName: path)
            #expect(summary.newTweets + summary.knownTweets >= 0)
        } catch let error as ImportError {
            #expect(error.file == path && !error.reason.isEmpty)
        }
        #expect(try store.integrityCheck() == "ok")
    }
}

extension Tag {
    @Tag static var badInput: Self
}
