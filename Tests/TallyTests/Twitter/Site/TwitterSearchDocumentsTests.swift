import Testing
@testable import Tally

/// A tweet's search record reads as its card does.
@Suite("Twitter search documents")
struct TwitterSearchDocumentsTests {
    @Test("shortened links become the addresses the card shows; misplaced ranges are left alone")
    func readableLinks() {
        let text = "naïve 🙂 see https://t.co/abc and https://t.co/xyz!"
        let first = TextEntity(kind: .url, value: "https://t.co/abc", range: 12..<28, expandedURL: "https://example.org/a/long/path",
                               displayURL: "example.org/a/long/…")
        let second = TextEntity(kind: .url, value: "https://t.co/xyz", range: 33..<49, expandedURL: "https://swift.org", displayURL: nil)
        #expect(TwitterSearchDocuments.readable(text, links: [second, first]) == "naïve 🙂 see example.org/a/long/… and https://swift.org!")
        let outside = TextEntity(kind: .url, value: "https://t.co/abc", range: 40..<400, displayURL: "x")
        let overlapping = TextEntity(kind: .url, value: "https://t.co/abc", range: 20..<30, displayURL: "y")
        #expect(TwitterSearchDocuments.readable(text, links: [first, outside, overlapping]) == "naïve 🙂 see example.org/a/long/… and https://t.co/xyz!")
        #expect(TwitterSearchDocuments.readable(text, links: []) == text)
    }
}
