import Foundation
import Mustache
import Testing
@testable import Tally

/// Templates rendered through the shape cache give exactly what swift-mustache gives directly.
@Suite("Template skeletons")
struct TemplateSkeletonsTests {
    /// A theme with one Markdown template `t` (and any partials), rendered many times through the
    /// cache and directly, with models made by `model(n)`.
    /// Returns how many renderings filled a kept skeleton.
    @discardableResult
    private func agree(_ files: [String: String], _ model: (Int) -> [String: Any]) throws -> Int {
        var bytes = files.mapValues { Array($0.utf8) }
        bytes["layout.html"] = Array("{{{body}}}".utf8)
        let theme = try Theme(files: bytes, origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        for n in 0..<40 {
            let value = Model(model(n))
            let cached = try theme.render(template, name: "t", model: value)
            let direct = template.render(try MustacheValueEncoder.encode(value), library: theme.library)
            #expect(cached.utf8.elementsEqual(direct.utf8), "model \(n): \(cached.debugDescription) against \(direct.debugDescription)")
        }
        return theme.skeletons.found("t")
    }

    private let words = ["apple", "Pear & <fig>", "", "it's \"quoted\"", "line\nbreak", "x\u{301}\"\u{301}", "\u{1}0&'\u{202E}\u{2}", "*md* [l](u)"]

    @Test("plain sections, lists, flags, empty and hostile text")
    func plain() throws {
        try agree(["t.md": "# {{title}}\n\n{{#items}}\n- {{name}} {{#flag}}yes{{/flag}}{{^flag}}no{{/flag}} {{{raw}}}\n{{/items}}\n{{^items}}\nNone.\n{{/items}}\n{{#title}}[{{.}}]{{/title}}\n"]) { n in
            ["title": words[n % words.count],
             "items": (0..<(n % 3)).map { ["name": words[($0 + n) % words.count], "flag": ($0 + n) % 2 == 0, "raw": words[(n + 3) % words.count]] as [String: Any] }]
        }
    }

    @Test("a layout around a body given as bytes gives the page the layout renders around it as text")
    func pageAroundBytes() throws {
        for layout in ["<title>{{title}}</title>\n{{#nav}}<a>{{.}}</a>{{/nav}}\n<main>{{{body}}}</main>\n", "<main>{{body}}</main>{{title}}\n"] {
            let theme = try Theme(files: ["layout.html": Array(layout.utf8), "t.md": Array("x".utf8)], origin: "test")
            for n in 0..<12 {
                let text = words[n % words.count] + (n % 3 == 0 ? HTMLFragment.rootToken + "a/" : "") + "<p>é</p>"
                let root: String? = n % 2 == 0 ? "../../" : nil
                let model = { (body: String) in Model(["title": words[(n + 1) % words.count], "nav": ["a", "b"], "body": body]) }
                let page = try theme.renderPage(body: Array(text.utf8), root: root, model: model)
                let direct = theme.layout.render(try MustacheValueEncoder.encode(model(root.map { HTMLFragment.placingRoot(in: text, root: $0) } ?? text)), library: theme.library)
                #expect(page == Array(direct.utf8), "\(layout) page \(n)")
            }
            // Every page after the first of its shape filled the layout's skeleton.
            #expect(theme.skeletons.found("layout.html") >= 10)
        }
    }

    @Test("a key missing in a nested value is found in the outer one")
    func fallThrough() throws {
        try agree(["t.md": "{{#inner}}{{name}}/{{outer}}{{/inner}}\n"]) { n in
            // Made whole: TOMLKit's subscript setter would store a `TOMLValue`.
            let inner: [String: Any] = n % 2 == 0 ? ["x": 1, "name": words[n % words.count]] : ["x": 1]
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

    @Test("a template's partials and what keeps it from filling are read from its tags as swift-mustache reads them")
    func tags() throws {
        #expect(TemplateSkeletons.partials(in: "a {{> p}} b\n{{>q }}\n{{ > r}}{{{s}}}{{#t}}{{/t}}") == ["p", "q", "r"])
        // Unicode's spaces are trimmed as Foundation trims them.
        #expect(TemplateSkeletons.partials(in: "{{\u{A0}>\u{2003}p\u{A0}}}") == ["p"])
        #expect(TemplateSkeletons.partials(in: "{{ name }} {{>") == [])
        for fillable in ["{{name}} {{grouped(count)}} {{posts(count)}}", "{{! a comment (with brackets) }}{{name}}", "a {{>p}} b",
                         "{{{raw}}} {{&raw}} {{#list}}{{.}}{{/list}}{{^list}}none{{/list}}", "x\n{{>p}}\n", "é {{>p}} é\n"] {
            #expect(TemplateSkeletons.fillable(fillable), "\(fillable.debugDescription)")
        }
        for direct in ["{{uppercased(name)}}", "{{=<% %>=}}", "{{>*which}}", "x\n  {{>p}}\nz", "x\r\n\t{{>p}}  \r\nz", "{{$block}}{{/block}}",
                       "{{<parent}}{{/parent}}", "{{grouped(a b)}}"] {
            #expect(!TemplateSkeletons.fillable(direct), "\(direct.debugDescription)")
        }
        // An indented partial alone on a line ended by "\r\n" renders as swift-mustache renders it.
        try agree(["t.md": "x\r\n  {{>p}}\r\nz\r\n", "p.md": "a{{name}}\nb\n"]) { n in ["name": words[n % words.count]] }
    }

    /// A table's row: text, a link, and numbers shown grouped and as a plural.
    private func row(_ n: Int, _ i: Int) -> [String: Any] {
        ["name": words[(n + i) % words.count] + "\(i)", "href": "p/\(i)/?a=1&b='2'",
         "count": TemplateInteger(value: (n + 1) * (i + 1) * 997), "small": TemplateInteger(value: i % 3)]
    }

    @Test("long lists of one shape (runs), with number transforms, values from outside and hostile text")
    func runs() throws {
        let table = """
            # {{title}} ({{people(total)}})

            | Name | Count | Small | Total |
            | --- | ---: | ---: | --- |
            {{#rows}}
            | [{{name}}]({{{href}}}) | {{grouped(count)}} | {{posts(small)}} | {{title}} {{grouped(total)}} |
            {{/rows}}
            {{^rows}}
            None.
            {{/rows}}

            {{#rows}}{{name}}, {{/rows}}…
            {{#tags}}<{{.}}>{{/tags}}

            """
        let tables = try agree(["t.md": table]) { n in
            ["title": words[n % words.count], "total": TemplateInteger(value: n * 1_234),
             "rows": (0..<(n % 5 == 4 ? n % 3 : 8 + n * 7)).map { row(n, $0) }, "tags": (0..<(9 + n)).map { "t\($0)" }]
        }
        // A section of a run showing nothing of its items still repeats per item (the check with
        // three items finds it, and the page renders directly), and a list inside each item is
        // part of the item's shape.
        let inner = try agree(["t.md": "{{#rows}}*{{/rows}}|{{#rows}}[{{#inner}}{{.}};{{/inner}}]{{/rows}}\n"]) { n in
            ["rows": (0..<(8 + n)).map { ["inner": (0..<(n % 3)).map { "i\($0)" }, "x": "\($0)"] as [String: Any] }]
        }
        let html = try agree(["t.html": "<ul>{{#rows}}<li title=\"{{name}}\">{{name}} {{grouped(count)}}</li>{{/rows}}</ul>\n"]) { n in
            ["rows": (0..<(8 + n * 11)).map { row(n, $0) }]
        }
        // Filled from a skeleton, not rendered directly (the lists' lengths differ every time).
        #expect(tables > 20)
        #expect(inner == 0)
        #expect(html > 30)
    }

    @Test("a long list whose items differ in shape, or a section asking for its place, renders as swift-mustache does")
    func mixedRuns() throws {
        try agree(["t.md": "{{#rows}}{{#name}}[{{name}}]{{/name}}{{^name}}(none){{/name}}\n{{/rows}}"]) { n in
            ["rows": (0..<(8 + n)).map { ["name": ($0 + n) % 4 == 0 ? "" : words[$0 % words.count]] as [String: Any] }]
        }
        try agree(["t.md": "{{#rows}}{{#first()}}first {{/first()}}{{name}}\n{{/rows}}"]) { n in
            ["rows": (0..<(8 + n)).map { ["name": "n\($0)"] as [String: Any] }]
        }
    }

    @Test("a table's skeleton made at one length fills at any other")
    func runReused() throws {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8),
                                      "t.md": Array("{{#rows}}| {{name}} | {{grouped(count)}} |\n{{/rows}}".utf8)], origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        for length in [10, 500, 9, 2_000] {
            let model = Model(["rows": (0..<length).map { row(length, $0) }])
            #expect(try theme.render(template, name: "t", model: model) == template.render(try MustacheValueEncoder.encode(model), library: theme.library))
        }
        #expect(theme.skeletons.found("t") == 3)
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

    @Test("a run whose items hold HTML fragments, some and not others, with fragments around it, fills its skeleton numbered as the page's table numbers them")
    func fragmentsAroundRuns() throws {
        enum Cell: Encodable {
            case html(HTMLFragment)
            case text(String)

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .html(let fragment): try fragment.encode(to: encoder)
                case .text(let text):
                    var container = encoder.singleValueContainer()
                    try container.encode(text)
                }
            }
        }
        struct Row: Encodable { var name: String; var picture: Cell }
        struct Page: Encodable { var before: HTMLFragment; var rows: [Row]; var after: HTMLFragment; var title: String }
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8),
                                      "t.md": Array("{{before}}\n\n{{#rows}}- {{name}} {{picture}}\n{{/rows}}\n{{after}} {{title}}\n".utf8)], origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        for n in 0..<12 {
            // Every third row's picture is plain text: the items past a check's three hold
            // different numbers of fragments, which the values after the run must be numbered past.
            let rows = (0..<(9 + n * 5)).map { index in
                Row(name: "r\(index)", picture: (index + n) % 3 == 0 ? .text("plain \(index)") : .html(.element("img", ["src": "p\(index).png"], [])))
            }
            let page = Page(before: .element("b", [:], [.text("top \(n)")]), rows: rows, after: .element("i", [:], [.text("end \(n)")]), title: "t\(n)")
            let cached = try HTMLFragment.$table.withValue(HTMLFragment.Table()) { try theme.render(template, name: "t", model: page) }
            let direct = try HTMLFragment.$table.withValue(HTMLFragment.Table()) { template.render(try MustacheValueEncoder.encode(page), library: theme.library) }
            #expect(cached.utf8.elementsEqual(direct.utf8), "model \(n): \(cached.debugDescription) against \(direct.debugDescription)")
        }
        // One shape at every length: made once, then filled (a check that failed would render every page directly).
        #expect(theme.skeletons.found("t") == 11)
    }

    @Test("a model is walked in the order it encodes its keys, and a value the skeletons do not take renders directly")
    func encodedModels() throws {
        struct Row: Encodable { var name: String; var count: Int; var note: String? }
        struct Page: Encodable { var title: String; var rows: [Row]; var id: Int64; var share: Double? }
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8),
                                      "t.md": Array("# {{title}} {{id}}{{#share}} {{share}}{{/share}}\n{{#rows}}- {{name}}: {{posts(count)}}{{#note}} ({{note}}){{/note}}\n{{/rows}}".utf8)],
                              origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        for n in 0..<30 {
            let rows = (0..<(n % 4 == 0 ? 3 : 9 + n)).map { Row(name: words[($0 + n) % words.count] + "\($0)", count: $0 * n, note: n % 3 == 0 ? "n\($0)" : nil) }
            let page = Page(title: words[n % words.count], rows: rows, id: Int64(n) << 40, share: n % 7 == 0 ? 0.5 : nil)
            let cached = try theme.render(template, name: "t", model: page)
            let direct = template.render(try MustacheValueEncoder.encode(page), library: theme.library)
            #expect(cached.utf8.elementsEqual(direct.utf8), "model \(n): \(cached.debugDescription) against \(direct.debugDescription)")
        }
        #expect(theme.skeletons.found("t") > 10)
        // A fraction is no value the skeletons take: the model has no walk.
        #expect(try TemplateSkeletons.Walk(Page(title: "x", rows: [], id: 1, share: 0.5)) == nil)
        #expect(try TemplateSkeletons.Walk(Page(title: "x", rows: [], id: 1, share: nil)) != nil)
    }

    /// A theme of a table template `t` (a run), a plain one `p`, and a page body `b` with a link.
    private let keptFiles: [String: [UInt8]] = [
        "layout.html": Array("<main>{{{body}}}</main>".utf8),
        "t.md": Array("| Name | Count |\n| --- | ---: |\n{{#rows}}\n| [{{name}}]({{{href}}}) | {{grouped(count)}} |\n{{/rows}}\n".utf8),
        "p.md": Array("# {{title}}\n\n{{#flag}}Yes, {{title}}.{{/flag}}\n".utf8),
        "b.md": Array("## {{title}}\n\nSee [{{title}}]({{{href}}}).\n".utf8),
    ]

    /// Renders `t`, `p` and `b` with models made from `n`, checks each against swift-mustache (and
    /// cmark-gfm for `b`), and returns how many of the three filled a kept skeleton.
    private func renderKept(_ theme: Theme, _ n: Int) throws -> Int {
        let before = theme.skeletons.found("t") + theme.skeletons.found("p") + theme.skeletons.foundBodies("b")
        let table = try #require(theme.library.getTemplate(named: "t"))
        let rows = Model(["rows": (0..<(10 + n)).map { row(n, $0) }])
        #expect(try theme.render(table, name: "t", model: rows) == table.render(try MustacheValueEncoder.encode(rows), library: theme.library))
        let plain = try #require(theme.library.getTemplate(named: "p"))
        let title = Model(["title": words[n % words.count] + "\(n)", "flag": true])
        #expect(try theme.render(plain, name: "p", model: title) == plain.render(try MustacheValueEncoder.encode(title), library: theme.library))
        let body = try #require(theme.library.getTemplate(named: "b"))
        let page = Model(["title": "Page \(n) & <more>", "href": "https://example.com/\(n)"])
        let direct = MarkdownRenderer.cmarkHTML(body.render(try MustacheValueEncoder.encode(page), library: theme.library))
        switch try theme.skeletons.renderBody(body, name: "b", model: page, library: theme.library, longRuns: 200) {
        case .html(let html): #expect(html == direct)
        case .markdown(let markdown): #expect(MarkdownRenderer.cmarkHTML(markdown) == direct)
        }
        return theme.skeletons.found("t") + theme.skeletons.found("p") + theme.skeletons.foundBodies("b") - before
    }

    @Test("the skeletons one build kept fill the next build's first pages of the same shapes, as rendering them gives")
    func keptForTheNextBuild() throws {
        let first = try Theme(files: keptFiles, origin: "test")
        // A body skeleton is checked on the second page of its shape, after the first made the template's.
        for n in 0..<3 { try renderKept(first, n) }
        let state = first.skeletons.state(theme: first.digest)
        // Kept in the order of their keys: the same shapes give the same bytes.
        #expect(state == first.skeletons.state(theme: first.digest))

        let next = try Theme(files: keptFiles, origin: "test")
        #expect(try renderKept(next, 5) == 0)
        let restored = try Theme(files: keptFiles, origin: "test")
        restored.skeletons.restore(state, theme: restored.digest)
        #expect(try renderKept(restored, 7) == 3)
        #expect(try renderKept(restored, 8) == 3)
    }

    @Test("skeletons kept with another theme, or bytes that are not a state, are not taken")
    func keptRefused() throws {
        let first = try Theme(files: keptFiles, origin: "test")
        for n in 0..<3 { try renderKept(first, n) }
        let state = first.skeletons.state(theme: first.digest)
        var edited = keptFiles
        edited["t.md"] = Array("{{#rows}}\n- {{name}}: {{grouped(count)}}\n{{/rows}}\n".utf8)
        let other = try Theme(files: edited, origin: "test")
        other.skeletons.restore(state, theme: other.digest)
        #expect(other.skeletons.kept.isEmpty)
        // Cut anywhere, the state is refused whole (a damaged state file is refused before: its
        // digest is checked as the build reads it).
        for cut in stride(from: 0, to: state.count, by: max(1, state.count / 97)) {
            let theme = try Theme(files: keptFiles, origin: "test")
            theme.skeletons.restore(Array(state.prefix(cut)), theme: theme.digest)
            #expect(theme.skeletons.kept.isEmpty, "cut at \(cut)")
        }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let theme = try Theme(files: keptFiles, origin: "test")
        theme.skeletons.restore(noise, theme: theme.digest)
        #expect(theme.skeletons.kept.isEmpty)
        #expect(try renderKept(theme, 9) == 0)
    }
}

/// The models of these tests (`TestModel`).
private typealias Model = TestModel
