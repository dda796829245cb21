import Testing
@testable import Tally

@Suite("Searching text as UTF-8 bytes")
struct ByteSearchTests {
    @Test("The first and last matches are found inside a slice, after text of every width")
    func findsInSlices() {
        let text = "é<td>日本<td x>🇫🇷<code>sort:1</code></td>"
        let slice = text[text.index(after: text.startIndex)...]
        let first = slice.firstByteRange(of: "<td")!
        #expect(slice[..<first.lowerBound] == "")
        #expect(slice[first] == "<td")
        let last = slice.lastByteRange(of: "<td")!
        #expect(slice[..<last.lowerBound] == "<td>日本")
        #expect(slice[slice.firstByteRange(of: "<code>sort:")!.upperBound...] == "1</code></td>")
        #expect(slice.firstByteRange(of: "<tr") == nil)
        #expect(slice.lastByteRange(of: "<tr") == nil)
        #expect(slice.firstByteRange(of: "") == nil)
    }

    @Test("A match at the very end and a marker longer than the text")
    func edges() {
        let text: Substring = "ab<td"
        #expect(text.firstByteRange(of: "<td") == text.lastByteRange(of: "<td"))
        #expect(text[text.firstByteRange(of: "<td")!.upperBound...] == "")
        #expect(text.firstByteRange(of: "<td><td>") == nil)
        #expect(text.lastByteRange(of: "<td><td>") == nil)
    }
}
