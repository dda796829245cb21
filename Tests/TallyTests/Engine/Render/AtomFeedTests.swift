import Foundation
import Testing
@testable import Tally

@Suite("Atom feeds: escaped, with stable ids, absolute only under a base URL")
struct AtomFeedTests {
    private let feed = AtomFeed(path: "all-tweets/feed.xml", page: "all-tweets/index.html", title: "All posts <b>&</b> · Site", author: "Site",
                                entries: [AtomFeed.Entry(path: "tweets/2/index.html", title: "Eve: </title><script>x</script>\u{1}", updated: 1_700_000_600,
                                                         author: "Eve & <co>", html: "<p>a &amp; <a href=\"https://e.org/?a=1&amp;b=2\">e.org</a></p>"),
                                          AtomFeed.Entry(path: "tweets/1/index.html", title: "older", updated: 1_700_000_000, author: nil, html: "<p>x</p>")])

    @Test("hostile text is escaped once for XML; characters XML cannot hold are replaced")
    func escaping() {
        let xml = feed.xml(baseURL: nil)
        #expect(!xml.contains("<script>"))
        #expect(xml.contains("<title type=\"text\">Eve: &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;\u{FFFD}</title>"))
        #expect(xml.contains("<author><name>Eve &amp; &lt;co&gt;</name></author>"))
        // The entry's HTML is text of the content element: escaped, so a reader unescapes it once.
        #expect(xml.contains("<content type=\"html\">&lt;p&gt;a &amp;amp; &lt;a href=&quot;https://e.org/?a=1&amp;amp;b=2&quot;&gt;"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test("escaping the UTF-8 bytes gives what escaping a Unicode scalar at a time gives", arguments: [
        "plain ascii", "", "a & b < c > d \" e ' f", "tab\tline\nreturn\r bell\u{7} nul\u{0} del\u{7F}",
        "left\u{202A}to\u{202B}right\u{202C}\u{202D}\u{202E}isolates\u{2066}\u{2067}\u{2068}\u{2069}end\u{2069}",
        "marks stay \u{200E}\u{200F} \u{2029} \u{2065}\u{206A}\u{2029}", "nonchars \u{FFFE}\u{FFFF} \u{FFFD} \u{FFEF}",
        "e\u{301}\"\u{301} 🧑🏽‍💻 日本語 עִברִית 𝒳", "\u{202E}", "x\u{FFFF}",
    ])
    func escapingBytes(_ text: String) {
        var reference = String.UnicodeScalarView()
        for scalar in text.removingDirectionalControls.unicodeScalars {
            switch scalar {
            case "&": reference.append(contentsOf: "&amp;".unicodeScalars)
            case "<": reference.append(contentsOf: "&lt;".unicodeScalars)
            case ">": reference.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": reference.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": reference.append(scalar)
            default: reference.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        #expect(Array(AtomFeed.escape(text).utf8) == Array(String(reference).utf8))
    }

    @Test("without a base URL, links are relative to the feed and ids are tag: URIs of the pages")
    func relative() {
        let xml = feed.xml(baseURL: nil)
        #expect(xml.contains("<id>tag:tally.invalid,2026:all-tweets/feed.xml</id>"))
        #expect(xml.contains("<id>tag:tally.invalid,2026:tweets/2/index.html</id>"))
        #expect(xml.contains("<link rel=\"alternate\" type=\"text/html\" href=\"../tweets/2/index.html\"/>"))
        #expect(xml.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"../all-tweets/feed.xml\"/>"))
        // The feed is as new as its newest entry, not as the build.
        #expect(xml.contains("<updated>2023-11-14T22:23:20Z</updated>\n<author>"))
    }

    @Test("with a base URL, links and ids are absolute page URLs")
    func absolute() {
        let xml = feed.xml(baseURL: "https://example.org/dash")
        #expect(xml.contains("<id>https://example.org/dash/all-tweets/feed.xml</id>"))
        #expect(xml.contains("<id>https://example.org/dash/tweets/2/</id>"))
        #expect(xml.contains("href=\"https://example.org/dash/tweets/2/\""))
        #expect(xml.contains("href=\"https://example.org/dash/all-tweets/\""))
    }

    @Test("a feed holds at most the newest 50 entries; titles are cut at a word")
    func limits() {
        let many = (0..<70).map { AtomFeed.Entry(path: "tweets/\($0)/index.html", title: "\($0)", updated: Int64($0), author: nil, html: "") }
        #expect(AtomFeed(path: "f.xml", page: "index.html", title: "t", author: "a", entries: many).entries.count == 50)
        #expect(AtomFeed.title("first line\nsecond") == "first line")
        #expect(AtomFeed.title(String(repeating: "word ", count: 30)).hasSuffix("word…"))
        #expect(AtomFeed.title(String(repeating: "word ", count: 30)).count <= 81)
    }

    @Test("a title is the first line that is not empty, trimmed, cut by characters, for ASCII and other text alike")
    func titlesByCharacter() {
        // What a title is, by `Character`s: the ASCII texts take a path of their own, by bytes.
        func expected(_ text: String, length: Int) -> String {
            let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard line.count > length else { return line }
            let cut = line.prefix(length)
            return (cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut) + "…"
        }
        let pieces = ["a", "word", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "x\u{301}", "é", "\u{2028}", "\u{85}", "🙂", "\u{7F}", "&"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "\n\n", "  \nnext", "\r\n  first  \r\nsecond", "ab\ncd", String(repeating: "x", count: 90)]
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 1...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        for text in texts {
            for length in [3, 10, 80] {
                #expect(AtomFeed.title(text, length: length) == expected(text, length: length), "\(text.debugDescription) at \(length)")
            }
        }
    }
}
