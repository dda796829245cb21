import Foundation
import Testing
@testable import Tally

@Suite("Writing the site")
struct SiteWriterTests {
    @Test("paths that could leave the output folder are refused",
          arguments: ["../x", "a/../../x", "/etc/passwd", "a//b", "", "a/./b", "a b", "a/", ".", "..", "a/..", "a\\b", "ü", "a/b\0"])
    func unsafe(_ path: String) {
        #expect(throws: OutputError.self) { try SiteWriter.resolve(path, under: URL(fileURLWithPath: "/tmp/out")) }
        #expect(throws: OutputError.self) { try SiteWriter.resolve(path, under: "/tmp/out") }
    }

    @Test("plain relative paths are written under the folder", arguments: ["index.html", "a/b/c.html", "...", "a/.b/..c", "A-Z_0.9"])
    func safe(_ path: String) throws {
        #expect(try SiteWriter.resolve(path, under: "/tmp/out") == "/tmp/out/" + path)
        #expect(try SiteWriter.resolve(path, under: URL(fileURLWithPath: "/tmp/out")).path == "/tmp/out/" + path)
    }

    @Test("a new site replaces the old one whole; the report counts changes")
    func replace() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write([OutputFile(path: "index.html", bytes: Array("a".utf8)), OutputFile(path: "old/index.html", bytes: [1])])
        let report = try writer.write([OutputFile(path: "index.html", bytes: Array("a".utf8)), OutputFile(path: "new/index.html", bytes: [2])])
        #expect(report == WriteReport(files: 2, changed: 1, removed: 1))
        #expect(!folder.exists("public/old/index.html"))
        #expect(try folder.read("public/index.html") == "a")
    }

    @Test("a build killed between its two renames gets its previous site back")
    func interrupted() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write([OutputFile(path: "index.html", bytes: Array("v1".utf8))])
        // As a kill after `public` → `.public.old-PID` and before staging → `public` leaves it.
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("public"), to: folder.url.appendingPathComponent(".public.old-123"))
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".public.staging-123"), withIntermediateDirectories: true)
        let report = try writer.write([OutputFile(path: "index.html", bytes: Array("v2".utf8))])
        #expect(report.changed == 1 && report.removed == 0)
        #expect(try folder.read("public/index.html") == "v2")
        #expect(!folder.exists(".public.old-123") && !folder.exists(".public.staging-123"))
    }

    @Test("a folder tally did not write is never replaced")
    func foreignFolder() throws {
        let folder = TemporaryFolder()
        try folder.write(["public/notes.txt": "mine"])
        #expect(throws: OutputError.self) {
            try SiteWriter(output: folder.url.appendingPathComponent("public")).write([OutputFile(path: "index.html", bytes: [1])])
        }
        #expect(try folder.read("public/notes.txt") == "mine")
    }

    @Test("a second file for one path is left out and reported, on disk (also when unchanged) and in memory; the first stays")
    func duplicatePath() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        let files = [OutputFile(path: "a/index.html", bytes: Array("first".utf8)), OutputFile(path: "b.txt", bytes: [1]),
                     OutputFile(path: "a/index.html", bytes: Array("second".utf8))]
        for _ in 0..<2 {  // the second time the first file is linked from the previous site
            let report = try writer.write(files)
            #expect(report.files == 2 && report.duplicates == ["a/index.html"])
            #expect(try folder.read("public/a/index.html") == "first")
            #expect(Manifest(parsing: try Data(contentsOf: writer.manifestURL)).count == 2)
        }
        let memory = MemoryOutput()
        let report = try memory.write { emit in for file in files { try emit(file) } }
        #expect(report.files == 2 && report.duplicates == ["a/index.html"])
        #expect(memory.file("a/index.html") == Array("first".utf8))
    }

    @Test("a failed write leaves the previous site intact")
    func failedWrite() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write([OutputFile(path: "index.html", bytes: Array("v1".utf8))])
        #expect(throws: OutputError.self) {
            try writer.write([OutputFile(path: "index.html", bytes: Array("v2".utf8)), OutputFile(path: "../escape", bytes: [])])
        }
        #expect(try folder.read("public/index.html") == "v1")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }
        #expect(leftovers == [".public.tally-manifest"])
    }

    @Test("a held writer keeps the site's folder locked until it lets go or its last copy is gone, and its own steps do not wait for it",
          .timeLimit(.minutes(1)))
    func held() throws {
        let folder = TemporaryFolder()
        let site = folder.url.appendingPathComponent("public")
        // No folder to hold yet: it is made, and held.
        let early = try SiteWriter(output: folder.url.appendingPathComponent("new/public")).held()
        #expect(folder.isLocked("new") && (early as? SiteWriter)?.isHeldElsewhere == true)
        _ = try early.write { emit in try emit(OutputFile(path: "index.html", bytes: [0])) }
        early.letGo()
        #expect(!folder.isLocked("new") && (early as? SiteWriter)?.isHeldElsewhere == false)
        try SiteWriter(output: site).write([OutputFile(path: "index.html", bytes: Array("v1".utf8))])
        #expect(!folder.isLocked())
        do {
            let writer = try SiteWriter(output: site).held()
            #expect(folder.isLocked())
            _ = try writer.write { emit in try emit(OutputFile(path: "index.html", bytes: Array("v2".utf8))) }
            #expect(try writer.refresh(fingerprint: "none", [OutputFile(path: "index.html", bytes: [])]) == nil)
            #expect(try folder.read("public/index.html") == "v2")
            #expect(folder.isLocked())
            withExtendedLifetime(writer) {}
        }
        #expect(!folder.isLocked())
    }
}
