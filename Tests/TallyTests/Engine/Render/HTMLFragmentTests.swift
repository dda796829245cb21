import Testing
@testable import Tally

@Suite("HTML fragments: tokens put back, and links placed from a page")
struct HTMLFragmentTests {
    private let inline = HTMLFragment.element("img", ["src": "a.png", "alt": "<x>"])
    private let block = HTMLFragment.element("div", ["class": "card"], [.text("é & 🇫🇷")], block: true)

    /// The token a fragment travels as while a page with a table renders (`r`, kind, number, `y`).
    private func numbered(_ fragment: HTMLFragment) throws -> String {
        struct Model: Encodable { var fragment: HTMLFragment }
        let model = try MustacheValueEncoder.encode(Model(fragment: fragment)) as? [String: Any]
        return try #require(model?["fragment"] as? String)
    }

    @Test("tokens come back as their HTML, text of every width around them kept byte for byte")
    func restoresAround() throws {
        let html = "<p>é\u{301}" + inline.token + "日本" + inline.token + "🇫🇷</p>\n<p>" + block.token + "</p>\n<p>x " + block.token + " y</p>\n"
        let restored = HTMLFragment.restore(in: html)
        #expect(restored == "<p>é\u{301}" + inline.html + "日本" + inline.html + "🇫🇷</p>\n" + block.html + "\n<p>x " + block.html + " y</p>\n")
        #expect(HTMLFragment.restore(in: "no token here, é") == "no token here, é")
    }

    @Test("a numbered token comes back from the page's table; one it does not know stops the restoring there")
    func numberedTokens() throws {
        try HTMLFragment.$table.withValue(HTMLFragment.Table()) {
            let first = try numbered(inline), second = try numbered(block)
            #expect(HTMLFragment.restore(in: "<p>" + second + "</p>a" + first + "b") == block.html + "a" + inline.html + "b")
            // A number past the table's end: it and all after it stay as they were.
            let unknown = String(first.dropLast(2)) + "99y"
            #expect(HTMLFragment.restore(in: "a" + first + "b" + unknown + "c" + first) == "a" + inline.html + "b" + unknown + "c" + first)
        }
    }

    @Test("every root token in a page becomes the way back to the site's root, at its ends and side by side")
    func placesRoot() {
        let token = HTMLFragment.rootToken
        let html = token + "a/é/" + token + token + "b\u{301}" + token
        #expect(HTMLFragment.placingRoot(in: html, root: "../../") == "../../a/é/../../../../b\u{301}../../")
        #expect(HTMLFragment.placingRoot(in: html, root: "") == "a/é/b\u{301}")
        #expect(HTMLFragment.placingRoot(in: "tally tallyroot é", root: "../") == "tally tallyroot é")
        // Into bytes, as a page's layout puts its body.
        for (text, root) in [(html, "../../"), (html, ""), ("tally tallyroot é", "../"), ("", "../")] {
            var out = Array("<p>".utf8)
            HTMLFragment.appendPlacingRoot(Array(text.utf8), root: root, to: &out)
            #expect(out == Array(("<p>" + HTMLFragment.placingRoot(in: text, root: root)).utf8))
        }
        var kept: [UInt8] = []
        HTMLFragment.appendPlacingRoot(Array(html.utf8), root: nil, to: &kept)
        #expect(kept == Array(html.utf8))
    }

    @Test("tokens come back into bytes as into text, fragments kept as bytes among them")
    func restoresIntoBytes() throws {
        try HTMLFragment.$table.withValue(HTMLFragment.Table()) {
            let first = try numbered(inline), second = try numbered(block)
            let table = try #require(HTMLFragment.table)
            let kept = HTMLFragment.token(numbered: table.add(bytes: Array("<ol><li>é 🇫🇷</li></ol>".utf8)), block: true)
            let unknown = String(first.dropLast(2)) + "99y"
            for html in ["<p>" + second + "</p>a" + first + "b", "<p>" + kept + "</p>\n<p>x " + kept + "</p>", "a" + first + "b" + unknown + "c" + first,
                         "no token, é", "", block.token + "日本" + inline.token] {
                #expect(HTMLFragment.restoreBytes(in: html) == Array(HTMLFragment.restore(in: html).utf8), "\(html)")
            }
            #expect(HTMLFragment.restore(in: "<p>" + kept + "</p>") == "<ol><li>é 🇫🇷</li></ol>")
            #expect(table.html(table.count - 1) == "<ol><li>é 🇫🇷</li></ol>")
        }
    }
}
