import Testing
@testable import Tally

/// A model's walk, made as the model encodes itself: its shape, its values in order, its runs.
@Suite("Shape encoder")
struct ShapeEncoderTests {
    private struct Tag: Encodable { var name: String }
    private struct Row: Encodable {
        var name: String
        var count: Int
        var tags: [Tag] = []
    }
    private struct Page: Encodable {
        var title: String
        var note: String?
        var shown: Bool
        var rows: [Row]
        var id: Int64 = 7
    }

    private func walk(_ model: any Encodable) throws -> TemplateSkeletons.Walk {
        try #require(try TemplateSkeletons.Walk(model))
    }

    private func rows(_ count: Int, tags: Int = 0) -> [Row] {
        (0..<count).map { Row(name: "r\($0)", count: $0, tags: (0..<tags).map { Tag(name: "t\($0)") }) }
    }

    @Test("values are met in the order the model encodes them; the shape holds keys, kinds and flags, not the values' text")
    func valuesAndShape() throws {
        let one = try walk(Page(title: "A", note: "n", shown: true, rows: rows(2)))
        #expect(one.values == ["A", "n", "r0", "0", "r1", "1", "7"])
        let other = try walk(Page(title: "B & <c>", note: "m", shown: true, rows: [Row(name: "x", count: 9), Row(name: "y", count: 10)]))
        #expect(other.hasher == one.hasher)
        // A key left out, a flag turned, an empty text or a list of another length is another shape.
        #expect(try walk(Page(title: "A", note: nil, shown: true, rows: rows(2))).hasher != one.hasher)
        #expect(try walk(Page(title: "A", note: "n", shown: false, rows: rows(2))).hasher != one.hasher)
        #expect(try walk(Page(title: "", note: "n", shown: true, rows: rows(2))).hasher != one.hasher)
        #expect(try walk(Page(title: "A", note: "n", shown: true, rows: rows(3))).hasher != one.hasher)
    }

    @Test("a long list of one shape is a run, whose length is no part of the shape; one of mixed shapes, or holding long lists, is none")
    func runs() throws {
        let eight = try walk(Page(title: "A", shown: true, rows: rows(8, tags: 2)))
        #expect(eight.decisions.first == true)
        #expect(eight.runs.count == 1 && eight.runs[0].count == 8)
        #expect(eight.runs[0][3] == ["r3", "3", "t0", "t1"])
        #expect(eight.values == ["A", "7"])
        #expect(try walk(Page(title: "B", shown: true, rows: rows(500, tags: 2))).hasher == eight.hasher)
        var mixed = rows(9)
        mixed[4].tags = [Tag(name: "odd")]
        let notRun = try walk(Page(title: "A", shown: true, rows: mixed))
        #expect(notRun.runs.isEmpty && notRun.decisions.first == false)
        #expect(notRun.values.contains("odd"))
        // Rows holding a long list each: the rows are no run, each row's list is one.
        let nested = try walk(Page(title: "A", shown: true, rows: rows(9, tags: 8)))
        #expect(nested.decisions.first == false)
        #expect(nested.runs.count == 9)
        #expect(nested.decisions.count == 10)
    }

    @Test("a fraction or a nil given as a value makes a model the skeletons do not take")
    func unusable() throws {
        struct Fraction: Encodable { var share: Double }
        struct Gaps: Encodable { var items: [String?] }
        #expect(try TemplateSkeletons.Walk(Fraction(share: 0.5)) == nil)
        #expect(try TemplateSkeletons.Walk(Gaps(items: ["a", nil])) == nil)
        #expect(try TemplateSkeletons.Walk(Gaps(items: ["a", "b"])) != nil)
    }
}
