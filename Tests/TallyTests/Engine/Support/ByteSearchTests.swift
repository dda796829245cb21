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

    @Test("memmem finds each marker from where asked, among many near misses, as a plain scan does")
    func offsets() {
        var generator = SystemRandomNumberGenerator()
        // A marker starting with a letter the text is full of, and texts holding it whole, cut
        // short and at their ends.
        let marker = Array("tallyrootq1z/".utf8)
        let pieces = ["t", "ta", "tally", "tallyroot", "tallyrootq1z", "tallyrootq1z/", "<a href=\"", "x"].map { Array($0.utf8) }
        func plain(_ text: [UInt8], from: Int) -> Int? {
            guard text.count >= marker.count, from <= text.count - marker.count else { return nil }
            return (from...(text.count - marker.count)).first { text[$0..<($0 + marker.count)].elementsEqual(marker) }
        }
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator)! }
            for from in [0, 1, text.count / 2, max(0, text.count - marker.count), text.count] {
                let found = text.withUnsafeBufferPointer { ByteSearch.offset(of: marker, in: $0, from: from) }
                #expect(found == plain(text, from: from), "\(String(decoding: text, as: UTF8.self)) from \(from)")
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer { ByteSearch.offset(of: marker, in: $0) } == nil)
        #expect(marker.withUnsafeBufferPointer { ByteSearch.offset(of: [], in: $0) } == nil)
        #expect(marker.withUnsafeBufferPointer { ByteSearch.offset(of: marker, in: $0, from: 1) } == nil)
    }
}
