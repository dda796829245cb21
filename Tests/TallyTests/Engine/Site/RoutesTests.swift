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
