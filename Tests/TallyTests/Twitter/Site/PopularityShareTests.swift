import Testing
@testable import Tally

@Suite("A mention's share of its term's tweets")
struct PopularityShareTests {
    @Test("shares are percentages with two decimals, rounded half up", arguments: [
        (1, 8, "12.50%"), (2, 5000, "0.04%"), (5000, 5000, "100.00%"), (1, 3, "33.33%"), (2, 3, "66.67%"), (1, 20_000, "0.01%"),
    ])
    func share(_ count: Int, _ total: Int, _ expected: String) {
        #expect(PopularityPage.share(count, of: total) == expected)
    }

    @Test("a term with no tweets shows no share")
    func empty() {
        #expect(PopularityPage.share(0, of: 0) == "")
    }
}
