extension Plot {
    /// Counts per UTC day (`2013-12-20` keys, oldest first) as a calendar heatmap: a year per row,
    /// a week per column and a day per cell (Sunday on top), darker for busier days; days without
    /// any are left blank on the year's panel, and years without any are left out (an archive
    /// with a gap of years stays short). The numbers are per month, a year per row.
    public static func calendar(_ series: [(key: String, count: Int)], title: String, description: String,
                                noun: (singular: String, plural: String)) -> HTMLFragment {
        let days = series.compactMap { item in UTCTime.day(item.key).map { (day: $0 / 86_400, count: item.count) } }.filter { $0.count > 0 }
        guard !days.isEmpty else { return .empty }
        let cell = 11.0, left = 40.0, monthRow = 14.0, gap = 10.0
        let blockHeight = monthRow + 7 * cell + gap
        let width = left + 53 * cell + 1
        let maximum = max(1, days.map(\.count).max() ?? 1)
        var byYear: [Int: [(day: Int64, count: Int)]] = [:]
        for item in days { byYear[year(of: item.day), default: []].append(item) }
        let years = byYear.keys.sorted()
        let height = Double(years.count) * blockHeight
        var shapes: [HTMLFragment] = []
        var rows: [[String]] = []
        for (row, year) in years.enumerated() {
            let top = Double(row) * blockHeight
            let january = start(of: year)
            let offset = Int(weekday(january))
            let weeks = Int((start(of: year + 1) - january + Int64(offset) + 6) / 7)
            shapes.append(label("\(year)", x: left - 6, y: top + monthRow + 3.5 * cell + 4, anchor: "end"))
            // The theme's own plot colours (no rules of its own, which every page would load):
            // the year outlined as an axis, days as bars, lighter by presentation attribute.
            shapes.append(.element("rect", ["class": "plot-axis", "fill": "none", "x": number(left), "y": number(top + monthRow),
                                            "width": number(Double(weeks) * cell), "height": number(7 * cell), "rx": "2"]))
            var months = Array(repeating: 0, count: 12)
            for month in 1...12 {
                let column = Int(start(of: year, month: month) - january + Int64(offset)) / 7
                if month % 3 == 1 { shapes.append(label(monthNames[month - 1], x: left + Double(column) * cell, y: top + monthRow - 3, anchor: "start")) }
            }
            for item in byYear[year] ?? [] {
                let index = Int(item.day - january) + offset
                months[month(of: item.day) - 1] += item.count
                let level = max(1, min(4, Int((4.0 * Double(item.count) / Double(maximum)).rounded(.up))))
                let text = "\(UTCTime.dayText(item.day * 86_400)): \(item.count) \(item.count == 1 ? noun.singular : noun.plural)"
                shapes.append(.element("rect", ["class": "plot-bar", "fill-opacity": Self.shades[level - 1], "x": number(left + Double(index / 7) * cell + 1),
                                                "y": number(top + monthRow + Double(index % 7) * cell + 1), "width": number(cell - 2),
                                                "height": number(cell - 2)], [.element("title", [:], [.text(text)])]))
            }
            rows.append(["\(year)"] + months.map { $0 == 0 ? "" : $0.formatted } + [months.reduce(0, +).formatted])
        }
        return figure(shapes, width: width, height: height, title: title, description: description,
                      columns: ["Year"] + monthNames + ["Total"], rows: rows, className: "plot calendar")
    }

    /// The four shades of a day, from a quiet one to the busiest.
    static let shades = ["0.35", "0.55", "0.8", "1"]

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The day (since 1970) a year, or a month of it, starts on.
    private static func start(of year: Int, month: Int = 1) -> Int64 {
        (UTCTime.seconds(year: year, month: month, day: 1, hour: 0, minute: 0, second: 0, offset: 0) ?? 0) / 86_400
    }

    /// 0 for Sunday … 6 for Saturday (1 January 1970 was a Thursday).
    private static func weekday(_ day: Int64) -> Int64 { ((day + 4) % 7 + 7) % 7 }

    private static func year(of day: Int64) -> Int { Int(UTCTime.dayText(day * 86_400).prefix(4)) ?? 1970 }

    private static func month(of day: Int64) -> Int { Int(UTCTime.dayText(day * 86_400).dropFirst(5).prefix(2)) ?? 1 }
}
