import Testing
@testable import Tally

@Suite("Routes")
struct RoutesTests {
    @Test("relative links climb back to the root and end in index.html")
    func relative() {
        #expect(Routes.relative(from: "index.html", to: "searches/index.html") == "searches/index.html")
        #expect(Routes.relative(from: "searches/x/tweets/index.html", to: "tweets/1/index.html") == "../../../tweets/1/index.html")
    }

    @Test("slugs are safe path components and never collide by case", arguments: [
        "#Swift", "#swift", "../../etc/passwd", "CON", String(repeating: "x", count: 300), "一", "a b/c\\d", "",
    ])
    func slugs(_ text: String) {
        let slug = Routes.slug(text)
        #expect(!slug.isEmpty && slug.count <= 60)
        #expect(slug.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") })
        #expect(slug != Routes.slug(text.uppercased()) || text == text.uppercased())
    }

    @Test("plain lower-case terms keep their name")
    func readable() {
        #expect(Routes.slug("python") == "python")
        #expect(Routes.slug("#scala").hasPrefix("scala-"))
        #expect(Routes.idSlug("414075829182676992") == "414075829182676992")
        #expect(Routes.idSlug("../x") != "../x")
    }

    @Test("a plain text shaped like a hashed slug is hashed too, so it cannot take another text's path", arguments: [
        "#freebandnames", "the_rock", "Python", "9.5", "", "一", "a-0123456789ab",
    ])
    func unforgeable(_ text: String) {
        let hashed = Routes.slug(text)
        #expect(hashed.utf8.count >= 13 && hashed.utf8.dropLast(12).last == UInt8(ascii: "-"), "\(hashed) ends in a hash")
        // The slug of a text that reads exactly like the hashed slug is not that slug.
        #expect(Routes.slug(hashed) != hashed)
        #expect(Routes.idSlug(hashed) != hashed)
    }

    @Test("slugs read as bytes are the slugs the rule gives, for ASCII and other text")
    func slugsAsTheRuleSays() {
        // The rule as first written, on lower-cased Unicode text, word by word.
        func reference(_ text: String) -> String {
            let lowered = Array(text.lowercased().utf8)
            let reserved = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
            let endsLikeHash = lowered.count >= 13 && lowered[lowered.count - 13] == UInt8(ascii: "-")
                && lowered.suffix(12).allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
            let plain = !lowered.isEmpty && lowered.count <= 60 && text == text.lowercased()
                && lowered.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }
                && lowered.first != UInt8(ascii: "-") && !reserved.contains(text) && !endsLikeHash
            if plain { return text }
            var words: [String] = []
            var current: [UInt8] = []
            for byte in lowered + [0] {
                if (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                    current.append(byte)
                } else if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current = []
                }
            }
            var readable = words.joined(separator: "-")
            if readable.count > 40 { readable = String(readable.prefix(40)) }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            let hex = String(String(hash, radix: 16).leftPadded(to: 16).prefix(12))
            return readable.isEmpty ? "t-\(hex)" : "\(readable)-\(hex)"
        }
        let texts = ["python", "Python", "the_rock", "Ada_Lovelace", "#SwiftLang", "a--b", "-a", "a-", "CON", "con", "Lpt9", "x.y",
                     "9.5", "", "_", "__init__", "\u{212A}elvin", "İstanbul", "Café", "日本語", "a b/c\\d", "ÉCOLE_42",
                     String(repeating: "ab_", count: 30), String(repeating: "x", count: 61), String(repeating: "x", count: 60),
                     "freebandnames-daaa54aaad36", "a-0123456789ab", "A-0123456789AB", "x\u{0}y", "tab\there"]
        for text in texts { #expect(Routes.slug(text) == reference(text), "\(text.debugDescription)") }
    }

    @Test("ordinary names keep their address; only those ending in `-` and 12 hex digits change")
    func ordinaryNamesKept() {
        for plain in ["python", "rstats", "foo-bar", "python-3", "a-0123456789", "a-0123456789abc", "x-0123456789abz", "t-12"] {
            #expect(Routes.slug(plain) == plain, "\(plain)")
        }
        #expect(Routes.slug("freebandnames-daaa54aaad36") != "freebandnames-daaa54aaad36")
        #expect(Routes.slug("t-0123456789ab").hasPrefix("t-0123456789ab-"))
        #expect(Routes.slug("#freebandnames") == "freebandnames-daaa54aaad36", "the forged pair of the issue")
    }

    @Test("archive pictures whose names differ never share a path", arguments: [
        ("1-a.jpg", "1-a.JPG"), ("1-a", "1-a.jpeg2000"), ("1-a", "1-a."), ("1-a.JPG.jpg", "1-a.JPG"), ("1-a.png", "1-a.png.png"),
    ])
    func archiveMedia(_ first: String, _ second: String) {
        #expect(Routes.archiveMedia(first) != Routes.archiveMedia(second))
        #expect(Routes.archiveMedia("414-HCuq2zDboAAKHUC.jpg") == "media/twitter/414-hcuq2zdboaakhuc-\(Routes.slug("414-HCuq2zDboAAKHUC").suffix(12)).jpg")
    }

    @Test("only http(s) and mailto URLs from data become links, percent-encoded", arguments: [
        ("javascript:alert(1)", nil), ("data:text/html,<b>", nil), ("/etc/passwd", nil),
        ("https://x.org/a b)(<\"'>", "https://x.org/a%20b%29%28%3C%22%27%3E"), ("HTTP://x.org", "HTTP://x.org"),
    ] as [(String, String?)])
    func external(_ input: String, _ expected: String?) {
        #expect(Routes.external(input) == expected)
    }

    @Test("a picture's http address is raised to https, which the pages' CSP allows; other schemes stay refused", arguments: [
        ("http://a1.mzstatic.com/us/r30/Music/x/100x100-75.jpg", "https://a1.mzstatic.com/us/r30/Music/x/100x100-75.jpg"),
        ("  HTTP://farm8.staticflickr.com/1/2_q.jpg", "https://farm8.staticflickr.com/1/2_q.jpg"),
        ("https://example.org/a b.png", "https://example.org/a%20b.png"),
        ("javascript:alert(1)", nil),
        ("http:", nil),
    ] as [(String, String?)])
    func secureImage(_ input: String, _ expected: String?) {
        #expect(Routes.secureImage(input) == expected)
    }
}
