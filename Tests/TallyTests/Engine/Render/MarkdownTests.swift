import Mustache
import Testing
@testable import Tally

@Suite("Markdown escaping and rendering")
struct MarkdownTests {
    private func render(_ template: String, _ value: String) throws -> String {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "page.md": Array(template.utf8)], origin: "test")
        let markdown = theme.library.getTemplate(named: "page")!.render(["value": value], library: theme.library)
        return MarkdownRenderer.html(markdown)
    }

    @Test("data never becomes markup", arguments: [
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "**bold** _it_ `code`",
        "# heading", "a | b", "&amp; &lt;", "![i](https://x.org/i.png)", "line\n\n# two", "<https://evil.example>",
    ])
    func inert(_ value: String) throws {
        let html = try render("| h |\n| --- |\n| {{value}} |\n\nText {{value}} end\n", value)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<strong>") && !html.contains("<em>") && !html.contains("<code>") && !html.contains("<h1>"))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.components(separatedBy: "<td>").count == 2, "the value must stay in one cell")
    }

    @Test("addresses in data stay text: no link is made of an email, a www. name or a bare URL", arguments: [
        "halcy@mastodon.social", "www.evil.example", "https://evil.example/x", "mailto:a@b.example",
    ])
    func noAutolinks(_ value: String) throws {
        let html = try render("# Post by Someone (@{{value}})\n\nText {{value}} end\n", value)
        #expect(!html.contains("<a "), "\(html)")
    }

    @Test("entities in data show as written, escaped once")
    func entities() throws {
        #expect(try render("{{value}}\n", "&amp; <b>").contains("&amp;amp; &lt;b&gt;"))
    }

    @Test("links with disallowed schemes are emptied; http, mailto and relative survive")
    func schemes() {
        let html = MarkdownRenderer.html("[a](javascript:x) [b](vbscript:x) [c](ftp://x) [d](https://ok.org) [e](../x/index.html) [f](mailto:a@b.c)")
        #expect(!html.contains("javascript") && !html.contains("vbscript") && !html.contains("ftp:"))
        #expect(html.contains("href=\"https://ok.org\"") && html.contains("href=\"../x/index.html\"") && html.contains("href=\"mailto:a@b.c\""))
    }

    @Test("a link's scheme is read case-blind and only before its path; a colon behind a mark is still one",
          arguments: [("HTTPS://ok.org", true), ("MailTo:a@b.c", true), ("a/b:c", true), ("?q=a:b", true), ("#x:y", true), ("x.html", true), ("", true),
                      ("JavaScript:x", false), ("//evil.org/x", false), ("HTTP:/x", false), ("javascript:\u{301}alert(1)", false), ("data:text/html,x", false),
                      ("h:ttp://x", false), ("https:", false)])
    func scheme(_ url: String, _ allowed: Bool) {
        #expect(MarkdownRenderer.isAllowed(url) == allowed)
    }

    @Test("GFM tables render with alignment; raw HTML in templates is filtered")
    func gfm() {
        let html = MarkdownRenderer.html("| a | b |\n| --- | ---: |\n| x | 1 |\n\n<div onclick=x>raw</div>\n")
        #expect(html.contains("<td class=\"align-right\">1</td>"))
        #expect(!html.contains("<div"))
    }
    @Test("while a page renders, fragments travel as numbers in its table and come back the same")
    func fragmentTable() throws {
        let fragment = HTMLFragment.element("img", ["src": "a.png", "alt": "<x>"])
        struct Model: Encodable { var picture: HTMLFragment }
        func encoded() throws -> String {
            let model = try MustacheValueEncoder.encode(Model(picture: fragment)) as? [String: Any]
            return try #require(model?["picture"] as? String)
        }
        let hex = try encoded()
        let numbered = try HTMLFragment.$table.withValue(HTMLFragment.Table()) {
            let encoded = try encoded()
            #expect(encoded.count < 60 && encoded != hex)
            return MarkdownRenderer.html("A " + encoded + " b")
        }
        #expect(numbered == MarkdownRenderer.html("A " + hex + " b"))
        #expect(numbered.contains("<img src=\"a.png\" alt=\"&lt;x&gt;\">"))
    }
}
