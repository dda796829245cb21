import Foundation
import Testing
@testable import Tally

/// A site updated in place (`SiteWriter.update`): what it keeps and removes, what it records for
/// the next build, and what a build killed while moving files in leaves.
@Suite("Writing the site: an update in place")
struct SiteWriterUpdateTests {
    private func file(_ path: String, _ text: String, section: String) -> OutputFile {
        var file = OutputFile(path: path, bytes: Array(text.utf8))
        file.section = section
        return file
    }

    @Test("the states are written beside the site a piece at a time, and read back for a build with the same global fingerprint only")
    func statesReadBack() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        let big = (0..<(3 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let record = BuildRecord(global: "g", states: ["twitter": [1, 2], "parts:x": big])
        var pieces: [[UInt8]] = []
        record.encode { pieces.append($0) }
        #expect(pieces.count > 2 && pieces.reduce([], +) == record.encoded)
        try writer.write(fingerprint: "f", record: record) { emit in try emit(file("index.html", "home", section: "home")) }
        #expect(writer.previousStates(global: "g") == ["twitter": [1, 2], "parts:x": big])
        #expect(writer.previousStates(global: "other") == nil)
    }

    @Test("a held writer's state, read as the site was held, is read again when the site's manifest names another since")
    func heldStateReadAgain() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write(fingerprint: "f", record: BuildRecord(global: "g", states: ["twitter": [1]])) { emit in
            try emit(file("index.html", "home", section: "home"))
        }
        let held = try writer.held()
        defer { held.letGo() }
        // Another state and manifest put in place after the lock was taken, as finishing a killed
        // build's journal does; the held writer read the one before.
        let other = TemporaryFolder()
        let elsewhere = SiteWriter(output: other.url.appendingPathComponent("public"))
        try elsewhere.write(fingerprint: "f", record: BuildRecord(global: "g", states: ["twitter": [2]])) { emit in
            try emit(file("index.html", "home", section: "home"))
        }
        try Data(contentsOf: elsewhere.stateURL).write(to: writer.stateURL)
        var manifest = try String(contentsOf: elsewhere.manifestURL, encoding: .utf8)
        let folderLine = try #require(try String(contentsOf: writer.manifestURL, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("#folder ") })
        manifest = manifest.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("#folder ") ? String(folderLine) : String($0) }.joined(separator: "\n")
        try manifest.write(to: writer.manifestURL, atomically: false, encoding: .utf8)
        #expect(held.previousStates(global: "g") == ["twitter": [2]])
        // Asked again (the state read ahead was handed over once), from the file.
        #expect(held.previousStates(global: "g") == ["twitter": [2]])
    }

    @Test("a held writer hands over the state it read ahead once, the same as read from the file")
    func heldStateOnce() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write(fingerprint: "f", record: BuildRecord(global: "g", states: ["twitter": [7, 8]])) { emit in
            try emit(file("index.html", "home", section: "home"))
        }
        let held = try writer.held()
        defer { held.letGo() }
        let hold = try #require((held as? SiteWriter)?.hold)
        let state = try #require(hold.takeState())
        #expect(state.bytes == Array(try Data(contentsOf: writer.stateURL)))
        #expect(hold.takeState() == nil)
        #expect(held.previousStates(global: "g") == ["twitter": [7, 8]])
    }

    @Test("a file made again the same stays in the site as it was; one of the same size changed is replaced; one gone from the site is written again")
    func sameFilesStay() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write(fingerprint: "f1", record: BuildRecord(global: "g", states: [:])) { emit in
            try emit(file("a/index.html", "a", section: "s"))
            try emit(file("b/index.html", "b", section: "s"))
            try emit(file("c/index.html", "c", section: "s"))
        }
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent(path).path)[.systemFileNumber] as? Int
        }
        let before = try inode("public/a/index.html")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("public/b/index.html"))
        let report = try writer.update(fingerprint: "f2", record: BuildRecord(global: "g", states: [:]), keeping: []) { emit in
            try emit(file("a/index.html", "a", section: "s"))
            try emit(file("b/index.html", "b", section: "s"))
            try emit(file("c/index.html", "d", section: "s"))
        }
        #expect(report == WriteReport(files: 3, changed: 2, removed: 0))
        #expect(try inode("public/a/index.html") == before)
        #expect(try folder.read("public/b/index.html") == "b")
        #expect(try folder.read("public/c/index.html") == "d")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("update-") || $0.contains("journal") }
        #expect(leftovers.isEmpty)
    }

    @Test("files not handed over stay in the kept sections and go in the others; the next build finds the states")
    func keepsAndRemoves() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        let record = BuildRecord(global: "g1", states: ["twitter": [1, 2, 3]])
        try writer.write(fingerprint: "f1", record: record) { emit in
            try emit(file("index.html", "home", section: "home"))
            try emit(file("tweets/1/index.html", "one", section: "twitter:Tweets"))
            try emit(file("tweets/2/index.html", "two", section: "twitter:Tweets"))
            try emit(file("charts/a/index.html", "chart a", section: "charts:Charts"))
        }
        #expect(writer.previousStates(global: "g1") == ["twitter": [1, 2, 3]])
        #expect(writer.previousStates(global: "g2") == nil)
        let inode = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("public/tweets/1/index.html").path)[.systemFileNumber] as? Int
        let report = try writer.update(fingerprint: "f2", record: BuildRecord(global: "g1", states: ["twitter": [4]]), keeping: ["twitter:Tweets"]) { emit in
            try emit(file("index.html", "home", section: "home"))
            try emit(file("tweets/2/index.html", "two, changed", section: "twitter:Tweets"))
            try emit(file("tweets/3/index.html", "three", section: "twitter:Tweets"))
        }
        // Kept: tweet 1 (its section plans only changes); removed: the chart (its section planned all).
        #expect(report == WriteReport(files: 4, changed: 2, removed: 1))
        #expect(try folder.read("public/tweets/2/index.html") == "two, changed")
        #expect(try folder.read("public/tweets/1/index.html") == "one")
        #expect(!folder.exists("public/charts"))
        #expect(try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("public/tweets/1/index.html").path)[.systemFileNumber] as? Int == inode)
        #expect(writer.previousStates(global: "g1") == ["twitter": [4]])
        #expect(try writer.previousPaths(sections: ["twitter:Tweets"]).sorted() == ["tweets/1/index.html", "tweets/2/index.html", "tweets/3/index.html"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("update-") || $0.contains("journal") }
        #expect(leftovers.isEmpty)
    }

    @Test("a failed update changes nothing")
    func failedUpdate() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write(fingerprint: "f1", record: BuildRecord(global: "g", states: [:])) { emit in
            try emit(file("a/index.html", "a", section: "s"))
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try writer.update(fingerprint: "f2", record: BuildRecord(global: "g", states: [:]), keeping: []) { emit in
                try emit(file("a/index.html", "changed", section: "s"))
                throw Stop()
            }
        }
        #expect(try folder.read("public/a/index.html") == "a")
        #expect(writer.previousStates(global: "g") == [:])
    }

    @Test("a build killed while moving an update's files in is finished by the next build", .serialized, arguments: [1, 3])
    func killedWhileMoving(at moment: Int) throws {
        let project = TestProject()
        let tweets = (1...30).map { TweetSpec(id: "\($0)", text: "#a tweet \($0) @u\($0 % 4)") }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "first", tweets),
                                  "b.json": Synthetic.searchPage(query: "second", [TweetSpec(id: "900", text: "#a #b new")]),
                                  "tally.toml": "title = \"Killed\"\n"])
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        #expect(try CommandLineTool.run(["import", "a.json"], in: project.folder.url).status == 0)
        #expect(try CommandLineTool.run(["build"], environment: environment, in: project.folder.url).status == 0)
        #expect(try CommandLineTool.run(["import", "b.json"], in: project.folder.url).status == 0)
        let killed = try CommandLineTool.run(["build"], environment: environment.merging(["TALLY_CRASH_AT": "update-moving:\(moment)"]) { $1 },
                                             in: project.folder.url)
        #expect(killed.status != 0)
        #expect(project.folder.exists(".public.tally-journal"))
        let finished = try CommandLineTool.run(["build"], environment: environment, in: project.folder.url)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(!project.folder.exists(".public.tally-journal"))
        #expect(try CommandLineTool.run(["build", "--output", "clean"], environment: environment, in: project.folder.url).status == 0)
        let clean = project.folder.url.appendingPathComponent("clean")
        let updated = try project.siteFiles()
        var fresh: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: clean, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            fresh[String(url.standardizedFileURL.path.dropFirst(clean.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        #expect(updated.count == fresh.count)
        #expect(Set(updated.keys).union(fresh.keys).filter { updated[$0] != fresh[$0] }.isEmpty)
    }
}
