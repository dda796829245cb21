import Foundation
import Testing
@testable import Tally

/// An archive's `tweets.js` is read a chunk of elements at a time (the fixture's 3.5 MB make
/// several): a problem past the first chunk is still named by its place in the whole file, and
/// nothing of the file is kept.
@Suite("A large archive tweets.js, read in chunks")
struct LargeArchiveScriptTests {
    private func fixture() throws -> String {
        String(decoding: try Data(contentsOf: Fixture.url("archive-tweets.js")), as: UTF8.self)
    }

    /// `text` with the last occurrence of `old` replaced by `new`, and that place's 1-based line.
    private func replacingLast(_ old: String, with new: String, in text: String) throws -> (String, line: Int) {
        let range = try #require(text.range(of: old, options: .backwards))
        let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        return (text.replacingCharacters(in: range, with: new), line)
    }

    private func failure(_ text: String) throws -> (message: String, tweets: Int) {
        let project = TestProject()
        try project.folder.write(["tweets.js": text])
        var message = ""
        do { try project.importFiles(["tweets.js"]) } catch { message = "\(error)" }
        return (message, try project.store.tableCounts()["tweet"] ?? -1)
    }

    @Test("the fixture is several chunks, and imports whole")
    func imports() throws {
        let chunks = try JSONArrayChunks(url: Fixture.url("archive-tweets.js"), wrapped: true)
        var count = 0
        while try chunks.next() != nil { count += 1 }
        #expect(count >= 3)
        let project = TestProject()
        try project.folder.write(["tweets.js": try fixture()])
        #expect(try project.importFiles(["tweets.js"])[0].newTweets == 2045)
    }

    @Test("a bad last element is named by its index in the whole array, and nothing is stored")
    func shapeError() throws {
        let (text, _) = try replacingLast(#""tweet" : {"#, with: #""twee" : {"#, in: try fixture())
        let (message, tweets) = try failure(text)
        #expect(message.contains("$[2044]") && message.contains("`tweet`"), "\(message)")
        #expect(tweets == 0)
    }

    @Test("a syntax error past the first chunk names its line and column, and nothing is stored")
    func syntaxError() throws {
        let (text, line) = try replacingLast(#""retweeted" : false,"#, with: #""retweeted" : fals,"#, in: try fixture())
        let (message, tweets) = try failure(text)
        #expect(message.hasPrefix("tweets.js: line \(line), column "), "\(message)")
        #expect(tweets == 0)
    }

    @Test("a key twice in an object past the first chunk is refused, named by its place in the whole array")
    func duplicateKey() throws {
        let (text, _) = try replacingLast(#""retweeted" : false,"#, with: #""retweeted" : false, "retweeted" : false,"#, in: try fixture())
        let (message, tweets) = try failure(text)
        #expect(message.contains("$[2044].tweet") && message.contains("appears twice"), "\(message)")
        #expect(tweets == 0)
    }
}
