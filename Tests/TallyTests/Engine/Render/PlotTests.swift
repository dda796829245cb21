import Foundation
import Testing
@testable import Tally

/// Plots' axes: a few ticks on each, labels that name more than the two ends.
@Suite("Plots: ticks and labels")
struct PlotTests {
    @Test("the vertical axis ticks both ends and whole values on a round step between",
          arguments: [(1.0, 15.0, [1.0, 5, 10, 15]), (0, 47, [0, 20, 47]), (1, 2, [1, 2]), (3, 3, [3]), (0, 1000, [0, 500, 1000]),
                      (1, 100, [1, 50, 100])])
    func ticks(low: Double, high: Double, expected: [Double]) {
        #expect(SVGLinePlot.ticks(low: low, high: high) == expected)
    }

    @Test("steps labelled: the ends and evenly spread ones between, at most four",
          arguments: [(1, [0]), (2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 2, 3]), (10, [0, 3, 6, 9]), (0, [])])
    func labelSteps(count: Int, expected: [Int]) {
        #expect(SVGLinePlot.labelSteps(count: count) == expected)
    }

    @Test("a rank history labels more than its two ends, and ticks its ranks")
    func rankHistory() {
        let dates = ["2025-03-02", "2025-03-09", "2025-03-16", "2025-03-23", "2025-03-30"]
        let svg = SVGLinePlot(values: [1, 5, nil, 15, 12], labels: dates, inverted: true, title: "Rank <of> x").svg
        let texts = svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(texts == ["1", "5", "10", "15", "2025-03-02", "2025-03-09", "2025-03-23", "2025-03-30"], "\(texts)")
        #expect(svg.contains("<title>Rank &lt;of&gt; x</title>"))
        #expect(svg.contains("font:12px"))
    }

    @Test("tweets per day: counts ticked on the left, days spread below")
    func perDay() {
        let series = (1...9).map { (key: "2022-11-0\($0)", count: $0 * 5) }
        let html = Plot.perDay(series, title: "Tweets per day", description: "d", counting: "Things").html
        let labels = html.matches(of: /<text class="plot-label"[^>]*>([^<]*)<\/text>/).map { String($0.output.1) }
        #expect(labels == ["0", "20", "45", "2022-11-01", "2022-11-04", "2022-11-06", "2022-11-09"], "\(labels)")
        // The numbers' column is named by the caller: the engine names nothing a source counts.
        #expect(html.contains(">Things</th>"))
    }
}
