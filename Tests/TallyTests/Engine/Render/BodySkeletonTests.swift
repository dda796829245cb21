import Foundation
import Mustache
import Testing
@testable import Tally

/// Page bodies filled into a body skeleton give exactly the HTML cmark-gfm makes of their Markdown.
@Suite("Body skeletons")
struct BodySkeletonTests {
    /// Renders template `t` of `files` for each model, as a page's body, and compares every body a
    /// body skeleton made with cmark-gfm's HTML of the template rendered directly. Returns how
    /// many bodies a body skeleton made.
    @discardableResult
    private func agree(_ files: [String: String], _ models: [[String: Any]]) throws -> Int {
        var bytes = files.mapValues { Array($0.utf8) }
        bytes["layout.html"] = Array("{{{body}}}".utf8)
        let theme = try Theme(files: bytes, origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        var made = 0
        for (n, fields) in models.enumerated() {
            let model = TestModel(fields)
            let direct = MarkdownRenderer.cmarkHTML(template.render(try MustacheValueEncoder.encode(model), library: theme.library))
            switch try theme.skeletons.renderBody(template, name: "t", model: model, library: theme.library, longRuns: 200) {
            case .html(let html):
                #expect(html.utf8.elementsEqual(direct.utf8), "model \(n) \(fields): \(html.debugDescription) against \(direct.debugDescription)")
            case .markdown(let markdown):
                #expect(MarkdownRenderer.cmarkHTML(markdown).utf8.elementsEqual(direct.utf8), "model \(n)")
            }
        }
        made = theme.skeletons.foundBodies("t")
        return made
    }

    /// Text from data of every kind: each ASCII character alone, between letters and at the ends,
    /// spaces at the ends and twice, empty, controls, line separators, directional controls and
    /// wide characters.
    private static let texts: [String] = {
        var texts = ["plain words", "", " lead", "trail ", "two  spaces", "tab\tin", "line\nbreak", "nul\u{0}x",
                     "\u{202E}right", "left\u{202E}", "mid\u{2066}dle", "sep\u{2028}arate", "next\u{85}line", "é\u{301}日本🇫🇷",
                     "\u{A0}nbsp\u{A0}", "1. list", "# head", "> quote", "    code", "***", "---", "===", "a | b", "x\\", "&amp;", "&#35;",
                     "<b>bold</b>", "[l](javascript:x)", "www.example.com", "a@b.example", "`tick`", "~~s~~", "_e_ *e*", "C#", "zqxjMG0Kjxqz"]
        for byte in UInt8(0x21)...UInt8(0x7E) where !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) {
            let character = String(UnicodeScalar(byte))
            texts += [character, "a" + character + "b", character + "x", "x" + character]
        }
        return texts
    }()

    @Test("text in headings, paragraphs, list items, table cells, link text and titles")
    func text() throws {
        let template = "# {{v}}\n\n{{v}}\n\nSay {{v}} and {{w}}.\n\n- {{v}}\n- [{{w}}]({{{h}}} \"{{v}}\")\n\n| A | B |\n| --- | ---: |\n| {{v}} | {{w}} |\n\n## {{w}} {{v}}\n"
        let models = [["v": "first", "w": "one", "h": "a/b.html"], ["v": "second", "w": "two", "h": "c/d.html"]]
            + Self.texts.enumerated().map { ["v": $0.element, "w": Self.texts[($0.offset * 7) % Self.texts.count], "h": "x/\($0.offset).html"] }
        let made = try agree(["t.md": template], models)
        // Most texts are taken without cmark-gfm; those that need it went there and agreed too.
        #expect(made > Self.texts.count / 2)
        #expect(BodySkeleton.text("plain words") == "plain words")
        #expect(BodySkeleton.text("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c'")
        for refused in ["", " lead", "trail ", "tab\tin", "line\nbreak", "nul\u{0}x", "\u{202E} x", "sep\u{2028}arate"] {
            #expect(BodySkeleton.text(refused) == nil, "\(refused.debugDescription)")
        }
    }

    @Test("links' URLs put as they are, at the start of the URL and after the template's own part")
    func hrefs() throws {
        let hrefs = ["people/a-1/index.html", "../x/", "https://twitter.com/hashtag/data", "http://a.example/?q=1&r=2", "mailto:a@b.example",
                     "javascript:alert(1)", "JavaScript:x", "data:text/html,x", "//evil.example", "/", "/abs", "", "a b", "a'b", "a\"b", "a(b)",
                     "a)b", "a\\b", "a%20b", "é", "x:y", "?q=1#f", "#top", "a<b", "tallyrootxz/people/", ":x", "a;b=c,d+e!$*~"]
        var models: [[String: Any]] = [["v": "first", "h": "a.html"], ["v": "second", "h": "b.html"]]
        for (n, href) in hrefs.enumerated() { models.append(["v": "link \(n)", "h": href]) }
        let start = try agree(["t.md": "[{{v}}]({{{h}}})\n\n[again]({{{h}}} \"t\")\n"], models)
        let inner = try agree(["t.md": "[{{v}}](../{{{h}}}/index.html)\n\n[b](https://x.example/{{{h}}})\n"], models)
        #expect(start > hrefs.count / 3, "\(start)")
        #expect(inner >= 5, "\(inner)")
        #expect(BodySkeleton.href("https://twitter.com/a", start: true) != nil)
        #expect(BodySkeleton.href("https://twitter.com/a", start: false) == nil)
        #expect(BodySkeleton.href("javascript:alert(1)", start: true) == nil)
        #expect(BodySkeleton.href("/", start: true) == nil && BodySkeleton.href("/a", start: false) == nil)
    }

    @Test("runs of items, below and above the run length, with items' text that needs cmark-gfm")
    func runs() throws {
        let template = "# {{title}}\n\n{{#items}}\n- [{{name}}]({{{href}}}) {{grouped(count)}}\n{{/items}}\n\n| Name | Count |\n| --- | ---: |\n{{#items}}\n| {{name}} | {{grouped(count)}} |\n{{/items}}\n"
        func model(_ n: Int, _ length: Int, odd: Bool = false) -> [String: Any] {
            ["title": "Page \(n)",
             "items": (0..<length).map { ["name": odd && $0 == 3 ? " spaced " : "Item \($0) <\(n)>", "href": "items/\($0).html", "count": $0 * 1_234] as [String: Any] }]
        }
        let models = (0..<12).map { model($0, [9, 12, 30][$0 % 3], odd: $0 == 7) } + (0..<4).map { model($0, 3) }
        let made = try agree(["t.md": template], models)
        #expect(made >= 8)
    }

    @Test("a body whose HTML reads values again, or shows a value where it cannot be told, gets no skeleton")
    func refused() throws {
        let models = (0..<6).map { ["v": "value \($0)", "h": "p\($0).png", "n": "\($0)"] as [String: Any] }
        #expect(try agree(["t.md": "Code `{{v}}` here.\n"], models) == 0)
        #expect(try agree(["t.md": "![{{v}}]({{{h}}})\n"], models) == 0)
        #expect(try agree(["t.md": "| A |\n| --- |\n| x `sort:{{n}}` |\n"], models) == 0)
        #expect(try agree(["t.md": "{{{v}}}\n"], models) == 0)
        #expect(try agree(["t.md": "[x]({{v}})\n"], models) == 0)
        // The same page kinds with the values in text are made from skeletons.
        #expect(try agree(["t.md": "Code {{v}} here.\n"], models) == 4)
    }
}
