import Foundation
import Testing
@testable import Tally

@Suite("Output bookkeeping stays out of the published folder")
struct OutputBookkeepingTests {
    @Test("the manifest is beside the output, and no lock file is left behind")
    func besideOutput() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write([OutputFile(path: "index.html", bytes: Array("v1".utf8))])
        try writer.write([OutputFile(path: "index.html", bytes: Array("v2".utf8)), OutputFile(path: "a/b.html", bytes: [1])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [".public.tally-manifest", "public"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("public").path).sorted() == ["a", "index.html"])
    }

    @Test("a refused build leaves nothing beside the folder it refused")
    func refusedLeavesNothing() throws {
        let folder = TemporaryFolder()
        try folder.write(["mydocs/notes.txt": "mine"])
        #expect(throws: OutputError.self) {
            try SiteWriter(output: folder.url.appendingPathComponent("mydocs")).write([OutputFile(path: "index.html", bytes: [1])])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["mydocs"])
        #expect(try folder.read("mydocs/notes.txt") == "mine")
    }

    @Test("a site built before the manifest moved is still recognised, and its manifest removed from it")
    func legacyManifest() throws {
        let folder = TemporaryFolder()
        try folder.write(["public/index.html": "old", "public/.tally-manifest": "\(Manifest.digest(Array("old".utf8))) index.html\n"])
        try SiteWriter(output: folder.url.appendingPathComponent("public")).write([OutputFile(path: "index.html", bytes: Array("new".utf8))])
        #expect(try folder.read("public/index.html") == "new")
        #expect(!folder.exists("public/.tally-manifest"))
    }

    @Test("a stale manifest never links a file it did not check")
    func staleManifest() throws {
        let folder = TemporaryFolder()
        let writer = SiteWriter(output: folder.url.appendingPathComponent("public"))
        try writer.write([OutputFile(path: "index.html", bytes: Array("v1".utf8))])
        // As if a build died after writing its manifest and before its swap.
        try folder.write([".public.tally-manifest": "#folder 0:0\n\(Manifest.digest(Array("v2".utf8))) index.html\n"])
        try writer.write([OutputFile(path: "index.html", bytes: Array("v2".utf8))])
        #expect(try folder.read("public/index.html") == "v2")
    }
}
