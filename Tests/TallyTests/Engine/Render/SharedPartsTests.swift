import Foundation
import Testing
@testable import Tally

/// HTML partials rendered once per build and placed whole into every page that shows them.
@Suite("Shared parts")
struct SharedPartsTests {
    private struct Item: Encodable, Sendable {
        var name: String
        var href: String
    }

    private struct Page: Encodable, Sendable {
        var part: SharedPart
        var list: SharedPartList
    }

    /// A theme whose partial links a name to a page, and whose page template places one part and a list.
    private func theme(partial: String = "{{!\n  A comment holding a line break.\n}}<a href=\"{{href}}\">{{name}}</a>\n") throws -> Theme {
        try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "page.md": Array("# Page\n\n{{part}}\n\n{{list}}\n".utf8),
                          "x/_item.html": Array(partial.utf8)], origin: "test")
    }

    /// Counts how many times a model is asked for, from any thread.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test("each key is rendered once, however often it is added, and its data is escaped for HTML")
    func renderedOnce() throws {
        let parts = SharedParts(template: "x/_item", theme: try theme())
        let counter = Counter()
        let names = ["a", "<b>", "c & \u{202E}d"]
        for _ in 0..<3 {
            try parts.add(names + ["a"]) { index in
                counter.add()
                return Item(name: names[index % 3], href: Routes.relative(from: SharedParts.page, to: "x/\(index % 3)/index.html"))
            }
        }
        #expect(counter.count == 3)
        #expect(parts.count == 3)
        let html = try #require(parts.part("<b>")).html()
        #expect(html == "<a href=\"\(SharedParts.root)x/1/index.html\">&lt;b&gt;</a>", "no line break of the template reaches the part")
        #expect(try #require(parts.part("c & \u{202E}d")).html().hasSuffix(">c &amp; d</a>"), "directional overrides are dropped")
        #expect(parts.part("missing") == nil)
    }

    @Test("a placed part links from the page it lands on, at any depth")
    func linksFromEachPage() throws {
        let theme = try theme()
        let parts = SharedParts(template: "x/_item", theme: theme)
        try parts.add(["one", "two"]) { Item(name: "n\($0)", href: Routes.relative(from: SharedParts.page, to: "things/\($0)/index.html")) }
        let renderer = PageRenderer(theme: theme, site: SiteInfo(title: "T", baseURL: nil, builtAt: 0))
        let model = Page(part: try #require(parts.part("one")),
                         list: SharedPartList(listClass: "things", items: [try #require(parts.part("one")), try #require(parts.part("two"))]))
        let deep = try renderer.render(SitePage(path: "a/b/index.html", template: "page", title: "t", section: "home", model: model))
        let top = try renderer.render(SitePage(path: "index.html", template: "page", title: "t", section: "home", model: model))
        #expect(deep.contains("<a href=\"../../things/0/index.html\">n0</a>"))
        #expect(deep.contains("<ol class=\"things\"><li><a href=\"../../things/0/index.html\">n0</a></li><li><a href=\"../../things/1/index.html\">n1</a></li></ol>"))
        #expect(top.contains("<a href=\"things/0/index.html\">n0</a>"))
        #expect(!deep.contains(SharedParts.root) && !top.contains(SharedParts.root))
    }

    @Test("a theme without the partial is named in the error")
    func missingPartial() throws {
        let parts = SharedParts(template: "x/_other", theme: try theme())
        #expect(throws: ThemeError.self) { try parts.add(["a"]) { _ in Item(name: "a", href: "") } }
    }

    @Test("a part keeps the root token's places, not the token, and gets this process's token back")
    func rootTokenOnTheShelf() {
        let root = SharedParts.root
        for html in ["<a href=\"\(root)people/a/\">a</a> <img src=\"\(root)x.png\">", "no token", "", "\(root)", "\(root)\(root)end", "tallyroot but not the token",
                     "tallyroot\(root)", "a\(root.dropLast())", "end \(root)", "\(root.dropLast())\(root)z/", "é\(root)ü"] {
            let shelved = SharedParts.shelved(Array(html.utf8))
            #expect(!String(decoding: shelved, as: UTF8.self).contains(root))
            #expect(SharedParts.unshelved(shelved) == html)
        }
        // Damaged bytes never trap.
        _ = SharedParts.unshelved([0xFF, 0xFF, 0xFF, 0x7F])
        _ = SharedParts.unshelved([2, 0, 0, 0, 9, 0, 0, 0])
        // A part read as a slice of a longer read: its offsets count from the slice's start.
        let shelved = SharedParts.shelved(Array("<a href=\"\(SharedParts.root)x/\">x</a>".utf8))
        var html: [UInt8] = []
        SharedParts.unshelve(([9, 9, 9] + shelved + [8, 8])[3..<(3 + shelved.count)], to: &html)
        #expect(String(decoding: html, as: UTF8.self) == "<a href=\"\(SharedParts.root)x/\">x</a>")
    }

    @Test("with a shelf, a reusable item's part is read from the previous build's, unrendered, links and all; others are rendered and kept")
    func shelved() throws {
        let folder = TemporaryFolder()
        let theme = try theme()
        let names = ["a", "b", "c"]
        let first = try #require(PartShelf(folder: folder.url, site: "public", continuing: nil))
        let before = SharedParts(template: "x/_item", theme: theme, shelf: { SharedParts.Shelving(shelf: first, reusable: { _ in false }) })
        try before.add(["a", "b"]) { Item(name: names[$0], href: SharedParts.root + "people/" + names[$0] + "/") }
        let a = try #require(before.part("a")).html()
        #expect(a.contains("href=\"\(SharedParts.root)people/a/\""))
        let index = try #require(first.index())

        let second = try #require(PartShelf(folder: folder.url, site: "public", continuing: index))
        let counter = Counter()
        let after = SharedParts(template: "x/_item", theme: theme, shelf: { SharedParts.Shelving(shelf: second, reusable: { $0 != "b" }) })
        try after.add(["a", "b", "c"]) { index in
            counter.add()
            return Item(name: "new " + names[index], href: "")
        }
        #expect(counter.count == 2, "a was read from the shelf")
        #expect(try #require(after.part("a")).html() == a)
        #expect(try #require(after.part("b")).html().contains("new b"))
        #expect(try #require(after.part("c")).html().contains("new c"))
        // Placed together, as a list places them: read at once, in the list's order, links and all.
        let order = ["c", "a", "b", "a"]
        let numbers = try order.map { try #require(after.part($0)).number }
        var html: [UInt8] = []
        try after.append(numbers, to: &html, before: Array("<li>".utf8), after: Array("</li>".utf8))
        let each = try order.map { "<li>" + (try #require(after.part($0)).html()) + "</li>" }.joined()
        #expect(String(decoding: html, as: UTF8.self) == each)
        #expect(each.contains("href=\"\(SharedParts.root)people/a/\""))
    }
}
