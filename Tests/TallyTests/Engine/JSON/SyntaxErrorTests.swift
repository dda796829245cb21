import Testing
@testable import Tally

@Suite("Syntax errors name the place")
struct SyntaxErrorTests {
    private func message(_ files: [String: String], _ name: String) throws -> String {
        let project = TestProject()
        try project.folder.write(files)
        do {
            try project.importFiles([name])
        } catch {
            return "\(error)"
        }
        Issue.record("\(name) imported")
        return ""
    }

    @Test("a truncated file says it is cut short, at which byte")
    func truncated() throws {
        let text = try message(["t.json": "{\"statuses\": ["], "t.json")
        #expect(text == "t.json: line 1, column 15 (byte 14): the document is cut short; expected a value")
    }

    @Test("a syntax error names line, column and byte")
    func position() throws {
        let text = try message(["b.json": "{\"statuses\": [\n {\"id_str\": \"1\",, }]}"], "b.json")
        #expect(text == "b.json: line 2, column 17 (byte 31): expected a string key, found ','")
    }

    @Test("a bad line in JSON Lines names its line and byte")
    func badLine() throws {
        let good = Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])
        let text = try message(["l.jsonl": good + "\n" + good + "\n{oops\n" + good + "\n"], "l.jsonl")
        #expect(text.hasPrefix("l.jsonl: line 3, column 2 (byte \(2 * (good.utf8.count + 1) + 1)): expected a string key, found 'o'"))
    }

    @Test("an empty file says what was expected")
    func empty() throws {
        #expect(try message(["e.json": "  \n"], "e.json").hasPrefix("e.json: the file is empty; expected one of what Tally reads (Posts: Twitter "))
    }

    @Test("a lone or reversed surrogate names its place and what was expected", arguments: [
        (#"{"statuses": ["\ud800"]}"#, "line 1, column 16 (byte 15): expected a low surrogate \\uDC00–\\uDFFF after the high surrogate \\uD800"),
        (#"{"statuses": ["\udc00\ud800"]}"#, "line 1, column 16 (byte 15): expected a character, found the lone low surrogate \\uDC00"),
        ("{\"statuses\": [\n \"ok \\ud83d\\ude00\", \"\\ud83dx\"]}", "line 2, column 22 (byte 36): expected a low surrogate"),
    ])
    func surrogates(document: String, place: String) throws {
        let text = try message(["s.json": document], "s.json")
        #expect(text.hasPrefix("s.json: " + place), "\(text)")
    }

    @Test("a number beyond a 64-bit float names its place, in a document and in JSON Lines")
    func overflow() throws {
        let text = try message(["n.json": "{\"statuses\": [1e999]}"], "n.json")
        #expect(text == "n.json: line 1, column 15 (byte 14): the number 1e999 is too large for a 64-bit float; expected a number within ±1.8e308")
        let good = Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])
        let lines = try message(["n.jsonl": good + "\n{\"a\": -2.5e400}\n"], "n.jsonl")
        #expect(lines.hasPrefix("n.jsonl: line 2, column 7 (byte \(good.utf8.count + 7)): the number -2.5e400 is too large"), "\(lines)")
    }
}
