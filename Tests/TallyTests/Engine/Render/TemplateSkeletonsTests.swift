import Foundation
import Mustache
import Testing
@testable import Tally

/// Templates rendered through the shape cache give exactly what swift-mustache gives directly.
@Suite("Template skeletons")
struct TemplateSkeletonsTests {
    /// A theme with one Markdown template `t` (and any partials), rendered many times through the
    /// cache and directly, with models made by `model(n)`.
    private func agree(_ files: [String: String], _ model: (Int) -> [String: Any]) throws {
        var bytes = files.mapValues { Array($0.utf8) }
        bytes["layout.html"] = Array("{{{body}}}".utf8)
        let theme = try Theme(files: bytes, origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        for n in 0..<40 {
            let context = model(n)
            let cached = theme.render(template, name: "t", context: context)
            let direct = template.render(context, library: theme.library)
            #expect(cached.utf8.elementsEqual(direct.utf8), "model \(n): \(cached.debugDescription) against \(direct.debugDescription)")
        }
    }

    private let words = ["apple", "Pear & <fig>", "", "it's \"quoted\"", "line\nbreak", "x\u{301}\"\u{301}", "\u{1}0&'\u{202E}\u{2}", "*md* [l](u)"]

    @Test("plain sections, lists, flags, empty and hostile text")
    func plain() throws {
        try agree(["t.md": "# {{title}}\n\n{{#items}}\n- {{name}} {{#flag}}yes{{/flag}}{{^flag}}no{{/flag}} {{{raw}}}\n{{/items}}\n{{^items}}\nNone.\n{{/items}}\n{{#title}}[{{.}}]{{/title}}\n"]) { n in
            ["title": words[n % words.count],
             "items": (0..<(n % 3)).map { ["name": words[($0 + n) % words.count], "flag": ($0 + n) % 2 == 0, "raw": words[(n + 3) % words.count]] as [String: Any] }]
        }
    }

    @Test("a key missing in a nested value is found in the outer one")
    func fallThrough() throws {
        try agree(["t.md": "{{#inner}}{{name}}/{{outer}}{{/inner}}\n"]) { n in
            var inner: [String: Any] = ["x": 1]
            if n % 2 == 0 { inner["name"] = words[n % words.count] }
            return ["inner": inner, "name": "outside \(n)", "outer": words[(n + 1) % words.count]]
        }
    }

    @Test("transforms, partials named by a value, indented partials and lists shown as text still render as swift-mustache renders them")
    func direct() throws {
        try agree(["t.md": "{{uppercased(name)}}|{{capitalized(name)}}|{{#items}}{{.}} {{/items}}\n"]) { n in
            ["name": words[n % words.count].lowercased(), "items": ["a", "b"]]
        }
        try agree(["t.md": "{{>*which}}|{{tags}}\n", "p.md": "[P {{name}}]", "q.md": "[Q {{name}}]"]) { n in
            ["which": n % 2 == 0 ? "p" : "q", "name": words[n % words.count], "tags": ["x", words[n % words.count]]]
        }
        try agree(["t.md": "x\n  {{>p}}\nz\n", "p.md": "a{{name}}\nb\n"]) { n in ["name": words[n % words.count]] }
    }

    @Test("a quote followed by a combining mark cannot end an attribute of the layout")
    func layoutQuotes() throws {
        let renderer = PageRenderer(theme: try Theme.load(folder: nil), site: SiteInfo(title: "T", baseURL: nil, builtAt: 0))
        var page = NotFoundPage.page(rootPath: "/")
        page.title = "0;url=https://evil.example/\"\u{301} http-equiv=refresh a=\"\u{301}"
        page.meta = [.name("twitter:title", "a\"\u{301} onmouseover=alert(1) b=\"")]
        let html = try renderer.render(page)
        #expect(!html.contains("\"\u{301} http-equiv") && !html.contains("\"\u{301} onmouseover"))
        #expect(html.contains("&quot;\u{301} onmouseover=alert(1) b=&quot;"))
    }

    @Test("a part's link with a scheme other than http(s), mailto or none is emptied")
    func partLinks() throws {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8),
                                      "x/_p.html": Array("<a href=\"{{url}}\">a</a><img src=\"{{url}}\"><a HREF='{{url}}'>c</a><a href=\"{{ok}}\">b</a>".utf8)], origin: "test")
        struct Model: Encodable { var url: String; var ok: String }
        for url in ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "vbscript:x"] {
            let html = try PartialRenderer(theme: theme, template: "x/_p").render(Model(url: url, ok: "https://ok.example/?a=1&b=2"))
            #expect(html == "<a href=\"\">a</a><img src=\"\"><a HREF=''>c</a><a href=\"https://ok.example/?a=1&amp;b=2\">b</a>", "\(url)")
        }
    }

    @Test("an HTML partial may not include a Markdown partial, which would escape for Markdown")
    func markdownInsideHTML() {
        #expect(throws: ThemeError.self) {
            try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "x/_p.html": Array("<b>{{>x/_m}}</b>".utf8), "x/_m.md": Array("{{v}}".utf8)], origin: "test")
        }
    }
}
