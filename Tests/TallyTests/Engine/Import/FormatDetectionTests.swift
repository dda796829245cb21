import Foundation
import Testing
@testable import Tally

/// Each document goes to exactly one format, by its shape; a document no source reads fails with
/// one message listing what Tally reads, grouped by source.
@Suite("Format detection through the registry")
struct FormatDetectionTests {
    /// The formats of every registered source that claim the first document of `url`.
    static func claims(_ url: URL, sources: [any DataSource] = DataSources.all) throws -> [String] {
        var bytes = try [UInt8](Data(contentsOf: url))
        if url.pathExtension == "jsonl", let newline = bytes.firstIndex(of: 0x0A) { bytes = Array(bytes[..<newline]) }
        if bytes.starts(with: Array("window.".utf8)), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            bytes.replaceSubrange(0...equals, with: repeatElement(UInt8(ascii: " "), count: equals + 1))
        }
        // Values borrow from their parser: keep it alive while they are read.
        let parser = JSONParser()
        let root = try parser.parse(bytes)
        return withExtendedLifetime(parser) { sources.flatMap { source in source.formats.filter { $0.claims(root) }.map(\.name) } }
    }

    static let fixtures: [String] = {
        let manager = FileManager.default
        let walker = manager.enumerator(atPath: Fixture.folder.path)
        var names: [String] = []
        while let path = walker?.nextObject() as? String {
            let top = path.split(separator: "/").first.map(String.init) ?? path
            if ["bad", "hostile", "fuzz-crashes", "stores"].contains(top) || path.hasSuffix(".md") { continue }
            var folder: ObjCBool = false
            if manager.fileExists(atPath: Fixture.url(path).path, isDirectory: &folder), !folder.boolValue { names.append(path) }
        }
        return names.sorted()
    }()

    @Test("every real file in the test fixtures is claimed by exactly one format", arguments: fixtures)
    func exactlyOne(_ name: String) throws {
        if name == "v1-search-malformed.json" {
            #expect(try Self.claims(Fixture.url(name)).isEmpty)
            return
        }
        let claimed = try Self.claims(Fixture.url(name))
        #expect(claimed.count == 1, "\(name) is claimed by \(claimed)")
    }

    @Test("no shared fixture is claimed twice; every tweet file is claimed once",
          .enabled(if: FileManager.default.fileExists(atPath: Fixture.shared.path)))
    func sharedFixtures() throws {
        let manager = FileManager.default
        var checked = 0
        for folder in try manager.contentsOfDirectory(atPath: Fixture.shared.path).sorted() {
            let url = Fixture.shared.appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
            // Cassettes (`.yaml`, `.yml`) are recorded HTTP exchanges for the fetch tests; their
            // bodies are beside them as `.body.json`.
            for name in try manager.contentsOfDirectory(atPath: url.path).sorted() where !name.hasSuffix(".yaml") && !name.hasSuffix(".yml") {
                let claimed = try Self.claims(url.appendingPathComponent(name))
                #expect(claimed.count <= 1, "\(folder)/\(name) is claimed by \(claimed)")
                if folder.hasPrefix("twitter_") && name != "search_malformed.json" {
                    #expect(claimed.count == 1, "\(folder)/\(name) is claimed by \(claimed)")
                }
                checked += 1
            }
        }
        #expect(checked >= 40)
    }

    @Test("an iTunes Search API answer is claimed by no Twitter format and fails with the grouped message")
    func iTunesSearchAnswer() throws {
        let project = TestProject()
        try project.folder.write(["itunes.json": #"{"resultCount":1,"results":[{}]}"#])
        #expect(try Self.claims(project.folder.url.appendingPathComponent("itunes.json")).isEmpty)
        let before = try project.store.tableCounts()
        #expect {
            try project.importFiles(["itunes.json"])
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("itunes.json: line 1: expected one of what Tally reads (Posts: Twitter v1.1 search {statuses, search_metadata}")
                && message.contains("found an object with keys resultCount, results")
        }
        #expect(try project.store.tableCounts() == before)
    }
}
