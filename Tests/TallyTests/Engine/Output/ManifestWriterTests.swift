import Foundation
import Testing
@testable import Tally

@Suite("A manifest's lines, written by section and read back")
struct ManifestWriterTests {
    @Test("carried runs follow a section's own lines, in order, however long, and the trailer follows every section")
    func carriedRuns() throws {
        let folder = TemporaryFolder()
        let path = folder.url.appendingPathComponent("manifest").path
        let writer = try ManifestWriter(path: path)
        // Past the 256 KiB a section keeps in memory, so that its own lines go through a file.
        let own = (0..<6000).map { "\(Manifest.digest(Array("\($0)".utf8))) b/\($0).html" }
        for line in own { try writer.file(Array(line.utf8), section: "b") }
        try writer.file(Array("x a/1.html".utf8), section: "a")
        // Slices of one buffer, as an update carries them: a short run, a long one (past 64 KiB,
        // written without the buffer), then a line added after them.
        let previous = Array(((0..<3000).map { "y b/old-\($0).html\n" }.joined()).utf8)
        try writer.lines(previous[0..<20], section: "b")
        try writer.lines(previous[20...], section: "b")
        try writer.file(Array("z b/last.html".utf8), section: "b")
        try writer.endSections()
        try writer.append(Manifest.trailer(folder: "1:2", fingerprint: "f"))
        try writer.close()
        let expected = "#section a\nx a/1.html\n#section b\n" + own.map { $0 + "\n" }.joined()
            + String(decoding: previous, as: UTF8.self) + "z b/last.html\n#folder 1:2\n#fingerprint f\n"
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    @Test("a scan finds the sections and files that forEachFile finds, at the same places")
    func scanMatchesForEachFile() {
        let text = "d a\n#section one\nd1-3 one/a.html\n\n#note\nd2-4 one/b c.html\n#section two\nnospace\nd3-5 two/x.html"
        let bytes = Array(text.utf8)
        var walked: [String] = []
        Manifest.forEachFile(in: bytes) { section, path, line in
            walked.append("\(String(decoding: section, as: UTF8.self))|\(String(decoding: path, as: UTF8.self))|\(String(decoding: line, as: UTF8.self))")
        }
        var scanned: [String] = []
        var section = ""
        bytes.withUnsafeBufferPointer { buffer in
            Manifest.scan(buffer, section: { section = String(decoding: $0, as: UTF8.self) }, file: { path, line in
                scanned.append("\(section)|\(String(decoding: bytes[path], as: UTF8.self))|\(String(decoding: bytes[line], as: UTF8.self))")
            })
        }
        #expect(scanned == walked)
        #expect(scanned == ["|a|d a", "one|one/a.html|d1-3 one/a.html", "one|one/b c.html|d2-4 one/b c.html", "two|two/x.html|d3-5 two/x.html"])
    }

    @Test("a path's key is the same from a slice of an array and from a buffer")
    func pathKeys() {
        let bytes = Array("x/some/longer path/index.html".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(Manifest.PathKey(bytes: UnsafeBufferPointer(rebasing: buffer[2...])) == Manifest.PathKey(bytes: bytes[2...]))
            #expect(Manifest.PathKey(bytes: UnsafeBufferPointer(rebasing: buffer[2...])) == Manifest.PathKey("some/longer path/index.html"))
        }
    }
}
