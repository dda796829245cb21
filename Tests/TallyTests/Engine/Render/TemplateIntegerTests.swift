import Testing
@testable import Tally

/// Counts in templates: written plainly, grouped for reading, and with their noun in agreement.
@Suite("Template integers")
struct TemplateIntegerTests {
    private func render(_ text: String, _ model: [String: Int]) throws -> String {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "t.md": Array(text.utf8)], origin: "test")
        let template = try #require(theme.library.getTemplate(named: "t"))
        // A Markdown template escapes punctuation (`2\,216`), which cmark shows as it is.
        return try theme.render(template, name: "t", model: model).replacingOccurrences(of: "\\", with: "")
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

    @Test("grouped thousands read as the locale-free rule says, for any number")
    func grouped() {
        func reference(_ number: Int) -> String {
            let digits = Array(String(number.magnitude))
            var out = number < 0 ? "-" : ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { out += "," }
                out.append(digit)
            }
            return out
        }
        var numbers = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, 1_000_000, 1_234_567_890, Int.max]
        numbers += numbers.map { -$0 } + [Int.min]
        for number in numbers { #expect(TemplateInteger.grouped(number) == reference(number), "\(number)") }
        #expect(TemplateInteger.grouped(-1_234) == "-1,234")
        #expect(TemplateInteger.grouped(2216) == "2,216")
    }
}
