import Foundation
import Testing
@testable import Tally

@Suite("Reading the build's own files as bytes")
struct FileBytesTests {
    @Test("a file holds exactly some bytes only when its size and every byte match; a folder, a link or a missing file holds none")
    func holds() throws {
        let folder = TemporaryFolder()
        try folder.write(["a.html": "<p>same</p>", "sub/b.html": ""])
        let path = folder.url.appendingPathComponent("a.html").path
        #expect(FileBytes.holds(path, exactly: Array("<p>same</p>".utf8)))
        #expect(!FileBytes.holds(path, exactly: Array("<p>sane</p>".utf8)))
        #expect(!FileBytes.holds(path, exactly: Array("<p>same</p>\n".utf8)))
        #expect(FileBytes.holds(folder.url.appendingPathComponent("sub/b.html").path, exactly: []))
        #expect(!FileBytes.holds(folder.url.appendingPathComponent("sub").path, exactly: []))
        #expect(!FileBytes.holds(folder.url.appendingPathComponent("missing.html").path, exactly: []))
        // A link to a file with the same bytes holds none: the update writes the file in its place.
        let link = folder.url.appendingPathComponent("link.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(!FileBytes.holds(link, exactly: Array("<p>same</p>".utf8)))
    }
}
