import Foundation

/// Plots as inline SVG made at build time: no script, coloured by the theme's classes (so they
/// follow light and dark and need no inline style), each with a title, a description, and the same
/// numbers as a table for screen readers and for readers without images, folded away under "The
/// numbers" (the page's tables above already list them; the theme gives it no filter box).
public enum Plot {
    /// Counts per UTC day (`2013-12-20` keys, oldest first) as columns, days without any as gaps;
    /// `counting` heads the numbers' column (what is counted, as the source calls it).
    public static func perDay(_ series: [(key: String, count: Int)], title: String, description: String, counting: String) -> HTMLFragment {
        let days = series.compactMap { item in UTCTime.day(item.key).map { (day: $0, count: item.count) } }
        guard let first = days.first?.day, let last = days.last?.day else { return .empty }
        let span = Int((last - first) / 86_400) + 1
        let width = 600.0, height = 160.0, top = 16.0, bottom = 24.0, left = 36.0
        let maximum = max(1, days.map(\.count).max() ?? 1)
        let step = (width - left) / Double(max(span, 1))
        var shapes: [HTMLFragment] = []
        // A few ticks on each axis: whole counts on the left, evenly spread days below.
        for value in SVGLinePlot.ticks(low: 0, high: Double(maximum)) {
            let y = height - bottom - (height - top - bottom) * value / Double(maximum)
            shapes.append(.element("line", ["class": "plot-axis", "x1": number(left - 4), "x2": number(width), "y1": number(y), "y2": number(y)]))
            shapes.append(label("\(Int(value))", x: left - 6, y: y + 4, anchor: "end"))
        }
        let shown = SVGLinePlot.labelSteps(count: span)
        for index in shown {
            let x = left + (Double(index) + 0.4) * step
            let anchor: StaticString = shown.count == 1 ? "middle" : index == shown.first ? "start" : index == shown.last ? "end" : "middle"
            shapes.append(label(UTCTime.dayText(first + Int64(index) * 86_400), x: index == shown.first ? left : index == shown.last ? width : x,
                                y: height - 6, anchor: anchor))
        }
        for item in days {
            let index = Double((item.day - first) / 86_400)
            let barHeight = (height - top - bottom) * Double(item.count) / Double(maximum)
            shapes.append(.element("rect", ["class": "plot-bar", "x": number(left + index * step), "y": number(height - bottom - barHeight),
                                            "width": number(max(step * 0.8, 0.5)), "height": number(barHeight)],
                                   [.element("title", [:], [.text("\(UTCTime.dayText(item.day)): \(item.count)")])]))
        }
        let rows = days.map { [UTCTime.dayText($0.day), "\($0.count)"] }
        return figure(shapes, width: width, height: height, title: title, description: description,
                      columns: ["Day (UTC)", counting], rows: rows)
    }

    /// Labelled counts as horizontal bars, largest first as given.
    /// `column` heads the labels' column of the numbers, `counting` the counts'.
    public static func bars(_ items: [(label: String, count: Int)], title: String, description: String, column: String, counting: String) -> HTMLFragment {
        guard !items.isEmpty else { return .empty }
        let rowHeight = 22.0, labelWidth = 160.0, width = 600.0
        let height = rowHeight * Double(items.count) + 4
        let maximum = max(1, items.map(\.count).max() ?? 1)
        var shapes: [HTMLFragment] = []
        for (index, item) in items.enumerated() {
            let y = Double(index) * rowHeight + 2
            let barWidth = (width - labelWidth - 48) * Double(item.count) / Double(maximum)
            shapes.append(label(String(item.label.prefix(22)), x: labelWidth - 6, y: y + 15, anchor: "end"))
            shapes.append(.element("rect", ["class": "plot-bar", "x": number(labelWidth), "y": number(y + 3), "width": number(max(barWidth, 1)),
                                            "height": number(rowHeight - 6)], [.element("title", [:], [.text("\(item.label): \(item.count)")])]))
            shapes.append(label("\(item.count)", x: labelWidth + barWidth + 6, y: y + 15, anchor: "start"))
        }
        return figure(shapes, width: width, height: height, title: title, description: description,
                      columns: [column, counting], rows: items.map { [$0.label, "\($0.count)"] })
    }

    static func figure(_ shapes: [HTMLFragment], width: Double, height: Double, title: String, description: String,
                               columns: [String], rows: [[String]], className: String = "plot") -> HTMLFragment {
        let id = "plot-" + Routes.slug(title)
        let svg = HTMLFragment.element("svg", ["class": "plot-svg", "role": "img", "viewBox": "0 0 \(number(width)) \(number(height))",
                                               "aria-labelledby": "\(id)-title \(id)-desc", "focusable": "false"],
                                       [.element("title", ["id": "\(id)-title"], [.text(title)]),
                                        .element("desc", ["id": "\(id)-desc"], [.text(description)])] + shapes)
        let head = HTMLFragment.element("thead", [:], [.element("tr", [:], columns.enumerated().map { index, name in
            .element("th", ["scope": "col", "class": index > 0 ? "align-right" : nil], [.text(name)])
        })])
        let body = HTMLFragment.element("tbody", [:], rows.map { row in
            .element("tr", [:], row.enumerated().map { index, cell in .element("td", ["class": index > 0 ? "align-right" : nil], [.text(cell)]) })
        })
        let table = HTMLFragment.element("table", ["class": "plot-table"], [.element("caption", [:], [.text(title + ": the numbers")]), head, body])
        return .element("figure", ["class": className], [
            .element("figcaption", ["class": "plot-title"], [.text(title)]), svg,
            .element("details", [:], [.element("summary", [:], [.text("The numbers")]), table]),
        ], block: true)
    }

    static func label(_ text: String, x: Double, y: Double, anchor: StaticString) -> HTMLFragment {
        .element("text", ["class": "plot-label", "x": number(x), "y": number(y), "text-anchor": anchor.description], [.text(text)])
    }

    /// Coordinates with at most one decimal, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
