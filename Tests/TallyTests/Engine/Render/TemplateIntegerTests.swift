import Testing
@testable import Tally

/// Counts in templates: written plainly, grouped for reading, and with their noun in agreement.
@Suite("Template integers")
struct TemplateIntegerTests {
    private func render(_ text: String, _ model: [String: Int]) throws -> String {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "t.md": Array(text.utf8)], origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        let context = try MustacheValueEncoder.encode(model)
        // A Markdown template escapes punctuation (`2\,216`), which cmark shows as it is.
        return theme.render(template, name: "t", context: context).replacingOccurrences(of: "\\", with: "")
    }

    @Test("a plural noun as a transform agrees with the count, thousands grouped")
    func plurals() throws {
        let text = "{{tweets(a)}} · {{photos(b)}} · {{people(a)}} · {{people(c)}} · {{searches(b)}} · {{favorites(c)}} · {{entries(b)}}\n"
        #expect(try render(text, ["a": 1, "b": 2216, "c": 0]) == "1 tweet · 2,216 photos · 1 person · 0 people · 2,216 searches · 0 favorites · 2,216 entries\n")
        #expect(try render(text, ["a": 1_000_000, "b": 1, "c": 1]) == "1,000,000 tweets · 1 photo · 1,000,000 people · 1 person · 1 search · 1 favorite · 1 entry\n")
    }

    @Test("a number alone is written as it is, for attributes; grouped on request; still a section")
    func plain() throws {
        #expect(try render("<img width=\"{{w}}\"> {{grouped(w)}} {{grouped(n)}} {{#n}}has{{/n}}{{^z}}none{{/z}} {{plusone(n)}}\n", ["w": 1200, "n": -12345, "z": 0])
                == "<img width=\"1200\"> 1,200 -12,345 has -12344\n")
    }

    @Test("words that are not plurals are no transform")
    func notPlurals() {
        #expect(TemplateInteger.singular(of: "class") == nil)
        #expect(TemplateInteger.singular(of: "Tweets") == nil)
        #expect(TemplateInteger.singular(of: "s") == nil)
        #expect(TemplateInteger.singular(of: "boxes") == "box")
        #expect(TemplateInteger.singular(of: "hashtags") == "hashtag")
    }
}
