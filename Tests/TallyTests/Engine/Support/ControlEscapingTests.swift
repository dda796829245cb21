import Foundation
import Testing
@testable import Tally

/// Escape sequences in data (a key that retitles the window, one that clears the screen) reach
/// messages only as visible escapes, through one helper.
@Suite("Control characters from data are escaped in messages")
struct ControlEscapingTests {
    /// As JSON writes them: a raw control character is no valid JSON.
    static let title = "\\u001b]0;owned\\u0007"
    static let clear = "\\u001b[2J"

    private func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test("the helper escapes C0, DEL and C1 controls and keeps line breaks only when asked")
    func helper() {
        #expect("a\u{1B}[2Jb\u{7F}\u{9B}".escapingControls() == "a\\u{1B}[2Jb\\u{7F}\\u{9B}")
        #expect("one\ntwo\t".escapingControls() == "one\\u{0A}two\\u{09}")
        #expect("one\ntwo\t\u{07}".escapingControls(keepingLineBreaks: true) == "one\ntwo\t\\u{07}")
        #expect("plain ü".escapingControls() == "plain ü")
    }

    @Test("a document's keys, a twice-given key and a file name with escape codes show escaped")
    func messages() throws {
        let project = TestProject()
        let keys = "{\"\(Self.title)\": 1, \"\(Self.clear)x\": 2}"
        let twice = "{\"statuses\": [], \"\(Self.clear)\": 1, \"\(Self.clear)\": 2}"
        let name = "bad\u{1B}[2J.json"
        try project.folder.write(["keys.json": keys, "twice.json": twice, name: "{\"\(Self.title)\": 1}"])
        for file in ["keys.json", "twice.json", name] {
            let message: String
            do {
                try project.importFiles([file])
                Issue.record("\(file) imported")
                continue
            } catch {
                message = "\(error)"
            }
            #expect(!hasRawControl(message), "\(message.debugDescription)")
            #expect(message.contains("\\u{1B}"), "\(message)")
        }
    }

    @Test("the command line prints none of them raw")
    func commandLine() throws {
        let folder = TemporaryFolder()
        try folder.write(["keys.json": "{\"\(Self.title)\": 1}", "feed.json": "[{\"\(Self.clear)\": \"\(Self.title)\"}]"])
        let result = try CommandLineTool.run(["import", "--store", "s.sqlite", "keys.json", "feed.json"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("found an object with keys \\u{1B}]0;owned\\u{07}"), "\(result.stderr)")
        #expect(!hasRawControl(result.stderr), "\(result.stderr.debugDescription)")
    }
}
