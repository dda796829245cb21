/// The Atom feed of a chart's changes: the items its newest fetch brought in or moved, best rank
/// first, each linking to the item's page. A chart fetched once lists its whole ranking (every
/// item came in); one whose newest fetch moved nothing has no entries.
enum ChartChangesFeed {
    static func feed(chart: ChartSummary, ranking: [ChartRankRow], site: String) -> AtomFeed {
        let page = Routes.chart(key: chart.key)
        let time = chart.updatedAt ?? 0
        let changed = ranking.filter { !$0.hasPrevious || $0.isNew || ($0.movement ?? 0) != 0 }
        let entries = changed.map { row -> AtomFeed.Entry in
            let what = change(row)
            let artist = row.item.artist.map { " — \($0)" } ?? ""
            let html = HTMLFragment.element("p", [:], [.text("\(row.item.name)\(artist) is #\(row.rank) in \(chart.title) (\(what)).")])
            return AtomFeed.Entry(path: Routes.chartItem(row.item.id), fragment: "\(Routes.slug(chart.key))-\(time)",
                                  title: "#\(row.rank) \(row.item.name)\(artist): \(what)", updated: time, author: nil, html: html.html)
        }
        return AtomFeed(path: Routes.feed(of: page), page: page, title: "\(ChartText.titled(chart.title, country: chart.country)) · \(site)",
                        author: site, entries: entries)
    }

    /// `new in the chart`, `up 3 from #8`, `down 1 from #2`.
    static func change(_ row: ChartRankRow) -> String {
        guard row.hasPrevious, let previous = row.previousRank else { return "new in the chart" }
        return previous > row.rank ? "up \(previous - row.rank) from #\(previous)" : "down \(row.rank - previous) from #\(previous)"
    }
}
