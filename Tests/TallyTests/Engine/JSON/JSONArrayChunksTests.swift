import Foundation
import Testing
@testable import Tally

/// A large `window.… = [ … ]` script is parsed a chunk of elements at a time; the chunks hold
/// every element once, in order, cut only between elements.
@Suite("A JSON array read in chunks")
struct JSONArrayChunksTests {
    /// Every chunk of `text` (written to a file) as its elements, re-encoded, with its first index.
    private func chunks(_ text: String, chunkBytes: Int, wrapped: Bool = true) throws -> [(first: Int, elements: [String], bytes: Int)] {
        let folder = TemporaryFolder()
        try folder.write(["a.js": text])
        let reader = try JSONArrayChunks(url: folder.url.appendingPathComponent("a.js"), wrapped: wrapped, chunkBytes: chunkBytes)
        let parser = JSONParser()
        var found: [(Int, [String], Int)] = []
        while let (bytes, first) = try reader.next() {
            let root = try parser.parse(bytes, padded: true)
            found.append((first, root.array.map { $0.map { $0["s"]?.string ?? "?" } } ?? [], bytes.count))
        }
        return found
    }

    private func script(_ count: Int) -> String {
        // Strings holding what the scan must not take for structure: commas, brackets, escaped quotes.
        "window.YTD.tweets.part0 = [\n" + (0..<count).map { #"  { "s" : "e\#($0), ] } [ {\" \\", "n" : [1, {"x": 2}] }"# }.joined(separator: ",\n") + "\n]\n"
    }

    @Test("every element arrives once, in order, with its index in the whole array, in chunks of about the asked size")
    func elements() throws {
        let found = try chunks(script(200), chunkBytes: 1000)
        #expect(found.count > 5, "a small chunk size gives many chunks")
        let all = found.flatMap(\.elements)
        #expect(all == (0..<200).map { "e\($0), ] } [ {\" \\" })
        var next = 0
        for chunk in found {
            #expect(chunk.first == next)
            next += chunk.elements.count
            #expect(chunk.bytes < 1000 + 200, "a chunk ends at the first comma past its size")
        }
    }

    @Test("an empty array gives one empty chunk; a bare array reads without a prefix")
    func emptyAndBare() throws {
        let empty = try chunks("window.YTD.tweets.part0 = [ ]", chunkBytes: 10)
        #expect(empty.count == 1 && empty[0].elements.isEmpty)
        let bare = try chunks(#"[{"s": "a"}, {"s": "b"}]"#, chunkBytes: 1, wrapped: false)
        #expect(bare.map(\.elements) == [["a"], ["b"]])
    }

    @Test("what the scan cannot follow is malformed: a trailing comma, content after the array, no array after the =", arguments: [
        #"window.x = [{"s": "a"}, {"s": "b"},]"#, #"window.x = [{"s": "a"}, {"s": "b"}] ;"#, #"window.x = {"s": "a"}"#,
        #"window.x = [{"s": "a"}}, {"s": "b"}]"#, #"window.x = [{"s": "a"}"#,
    ])
    func malformed(text: String) throws {
        #expect(throws: JSONArrayChunks.Malformed.self) { _ = try chunks(text, chunkBytes: 1) }
    }
}
