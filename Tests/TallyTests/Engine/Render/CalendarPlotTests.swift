import Foundation
import Testing
@testable import Tally

/// The calendar heatmap: a year per row, a day per cell, with its numbers per month.
@Suite("Plots: the calendar heatmap")
struct CalendarPlotTests {
    private let series: [(key: String, count: Int)] = [("2013-01-01", 1), ("2013-01-06", 8), ("2013-12-31", 2), ("2016-03-01", 4)]

    private var html: String {
        Plot.calendar(series, title: "Posts <b>day</b> by day", description: "A calendar & more", noun: ("post", "posts")).html
    }

    @Test("only years with posts get a row; each day with posts is a cell titled with its count, darker as it holds more")
    func cells() {
        let html = self.html
        let years = html.matches(of: /<text[^>]*text-anchor="end">(\d{4})<\/text>/).map { String($0.output.1) }
        #expect(years == ["2013", "2016"])
        #expect(html.components(separatedBy: "class=\"plot-axis\" fill=\"none\"").count == 3)
        let cells = html.matches(of: /class="plot-bar" fill-opacity="([\d.]+)"[^>]*><title>([^<]*)<\/title>/).map { (String($0.output.1), String($0.output.2)) }
        #expect(cells.map(\.1) == ["2013-01-01: 1 post", "2013-01-06: 8 posts", "2013-12-31: 2 posts", "2016-03-01: 4 posts"])
        #expect(cells.map(\.0) == ["0.35", "1", "0.35", "0.55"])
        // 1 January 2013 was a Tuesday: row 2 of the first column; Sunday 6 January opens the second.
        #expect(html.contains("x=\"41\" y=\"37\" width=\"9\" height=\"9\"><title>2013-01-01"))
        #expect(html.contains("x=\"52\" y=\"15\" width=\"9\" height=\"9\"><title>2013-01-06"))
    }

    @Test("it is an image with a title and a description, and its numbers are a table per month inside a details")
    func accessible() {
        let html = self.html
        #expect(html.contains("role=\"img\""))
        #expect(html.contains("<title id=\"plot-") && html.contains("Posts &lt;b&gt;day&lt;/b&gt; by day</title>"))
        #expect(html.contains("<desc id=\"plot-") && html.contains("A calendar &amp; more</desc>"))
        #expect(html.contains("<details><summary>The numbers</summary><table class=\"plot-table\">"))
        #expect(html.contains("<th scope=\"col\" class=\"align-right\">Jan</th>"))
        // 2013: 9 in January, 2 in December, 11 in all; 2016: 4 in March.
        #expect(html.contains("<tr><td>2013</td><td class=\"align-right\">9</td>"))
        #expect(html.contains("<td class=\"align-right\">2</td><td class=\"align-right\">11</td></tr>"))
        #expect(html.contains("<tr><td>2016</td><td class=\"align-right\"></td><td class=\"align-right\"></td><td class=\"align-right\">4</td>"))
        #expect(!html.contains("style="))
    }

    @Test("no days, no calendar")
    func empty() {
        #expect(Plot.calendar([], title: "t", description: "d", noun: ("post", "posts")).html.isEmpty)
        #expect(Plot.calendar([("2013-01-01", 0)], title: "t", description: "d", noun: ("post", "posts")).html.isEmpty)
    }
}
