import Foundation
import Testing
@testable import Tally

@Suite("Themes")
struct ThemeTests {
    @Test("a theme's files are read from its folder and the folders in it; hidden files and links are left out")
    func readFiles() throws {
        let folder = TemporaryFolder()
        try folder.write(["theme/layout.html": "{{{body}}}", "theme/twitter/people.md": "# People", "theme/.notes.md": "mine",
                          "theme/.git/HEAD": "ref", "elsewhere/secret.md": "not the theme's"])
        let theme = folder.url.appendingPathComponent("theme")
        try FileManager.default.createSymbolicLink(at: theme.appendingPathComponent("linked.md"),
                                                   withDestinationURL: folder.url.appendingPathComponent("elsewhere/secret.md"))
        try FileManager.default.createSymbolicLink(at: theme.appendingPathComponent("linked"), withDestinationURL: folder.url.appendingPathComponent("elsewhere"))
        let files = try Theme.readFiles(in: theme)
        #expect(files.keys.sorted() == ["layout.html", "twitter/people.md"])
        #expect(files["twitter/people.md"] == Array("# People".utf8))
    }
}
