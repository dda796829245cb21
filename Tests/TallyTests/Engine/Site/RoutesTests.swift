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

    @Test("only http(s) and mailto URLs from data become links, percent-encoded", arguments: [
        ("javascript:alert(1)", nil), ("data:text/html,<b>", nil), ("/etc/passwd", nil),
        ("https://x.org/a b)(<\"'>", "https://x.org/a%20b%29%28%3C%22%27%3E"), ("HTTP://x.org", "HTTP://x.org"),
    ] as [(String, String?)])
    func external(_ input: String, _ expected: String?) {
        #expect(Routes.external(input) == expected)
    }
}
