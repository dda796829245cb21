import Testing
@testable import Tally

/// Covers made for items without artwork.
@Suite("Generated covers")
struct GeneratedCoverTests {
    @Test("initials from the first two words, a colour fixed by the title, nothing from the title left unescaped")
    func cover() {
        #expect(GeneratedCover(title: "Midnight City").initials == "MC")
        #expect(GeneratedCover(title: "wild").initials == "W")
        #expect(GeneratedCover(title: "« über » alles & more").initials == "ÜA")
        #expect(GeneratedCover(title: "…").initials == "?")
        #expect(GeneratedCover(title: "Harbour").hue == GeneratedCover(title: "Harbour").hue)
        #expect(Set(["Harbour", "City", "Wild", "Glass", "Summer Sleep"].map { GeneratedCover(title: $0).hue }).count > 3)
        let svg = GeneratedCover(title: "<script>&").svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>"))
        #expect(!svg.contains("<script") && svg.contains(">S</text>"))
    }
}
