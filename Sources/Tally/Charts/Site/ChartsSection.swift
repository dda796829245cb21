/// The Charts page (one card per chart), one page per chart, and one page per item with its rank
/// history plotted beside it.
struct ChartsSection: SiteSection {
    static let entry = NavigationEntry(id: "charts", title: "Charts", path: Routes.charts)
    /// The view buttons, default artwork and share button of every chart page.
    static let script = PageScript(asset: "charts.js", stylesheet: "charts.css")
    /// Items planned per store query.
    static let chunk = 500

    let context: SiteContext
    let charts: [ChartSummary]

    var navigation: NavigationEntry? { Self.entry }

    func plan(into sink: PageSink) throws {
        let cards = charts.map { chart in
            ChartsIndexPage.Card(
                title: chart.title, href: Routes.relative(from: Routes.charts, to: Routes.chart(key: chart.key)),
                mediaType: ChartText.mediaType(chart.mediaType), country: ChartText.country(chart.country),
                updated: ChartText.date(chart.updatedAt), itemCount: chart.itemCount, fetchCount: chart.fetchCount,
                hasHistory: chart.fetchCount > 1,
                top: chart.top.map { row in
                    ChartsIndexPage.TopItem(rank: row.rank, name: row.item.name, artist: row.item.artist,
                                            href: Routes.relative(from: Routes.charts, to: Routes.chartItem(row.item.id)),
                                            artwork: ArtworkSource(row.item.thumb, from: Routes.charts, item: row.item.id))
                })
        }
        try sink.page(SitePage(path: Routes.charts, template: "charts/charts", title: "Charts", section: Self.entry.id,
                               model: ChartsIndexPage(charts: cards, hasCharts: !cards.isEmpty), script: Self.script))

        var sizes: [Int64: Int] = [:]
        for chart in charts {
            sizes[chart.id] = chart.itemCount
            let path = Routes.chart(key: chart.key)
            let ranking = try context.store.chartRanking(chart.id)
            let rows = ranking.map { row in
                ChartPage.Row(rank: row.rank, movement: ChartText.movement(row), name: row.item.name,
                              href: Routes.relative(from: path, to: Routes.chartItem(row.item.id)), artist: row.item.artist ?? "",
                              price: row.item.priceLabel ?? "", priceSort: ChartText.sortKey(row.item.priceAmount),
                              artwork: ArtworkSource(row.item.thumb, from: path, item: row.item.id))
            }
            let title = ChartText.titled(chart.title, country: chart.country)
            let feed = ChartChangesFeed.feed(chart: chart, ranking: ranking, site: context.siteTitle)
            try sink.file(OutputFile(path: feed.path, bytes: feed.bytes(baseURL: context.baseURL)))
            var page = SitePage(path: path, template: "charts/chart", title: title, section: Self.entry.id, model: ChartPage(
                title: chart.title, mediaType: ChartText.mediaType(chart.mediaType), country: ChartText.country(chart.country),
                updated: ChartText.date(chart.updatedAt), itemCount: chart.itemCount, fetchCount: chart.fetchCount,
                hasPrevious: ranking.first?.hasPrevious ?? false, hasMoves: rows.contains { !$0.movement.isEmpty }, storeHref: chart.storeURL.flatMap(Routes.external),
                rights: chart.rights, chartsHref: Routes.relative(from: path, to: Routes.charts),
                feedHref: Routes.relative(from: path, to: feed.path), rows: rows), script: Self.script)
            page.feed = (feed.path, "\(title): changes (Atom feed)")
            try sink.page(page)
        }

        var after: String?
        while true {
            let items = try context.store.chartItems(after: after, limit: Self.chunk)
            guard let last = items.last else { break }
            for item in items { try planItem(item, sizes: sizes, into: sink) }
            after = last.id
        }
    }

    private func planItem(_ item: ChartItemRecord, sizes: [Int64: Int], into sink: PageSink) throws {
        let path = Routes.chartItem(item.id)
        let placements = try context.store.chartPlacements(of: item.id).map { placement in
            ChartItemPage.Placement(title: placement.title, country: ChartText.country(placement.country),
                                    href: Routes.relative(from: path, to: Routes.chart(key: placement.chartKey)), rank: placement.rank,
                                    itemCount: sizes[placement.chartID])
        }
        var histories: [ChartItemPage.History] = []
        for history in try context.store.chartHistory(of: item.id) where history.points.count > 1 {
            let plotPath = Routes.chartItemHistory(item.id, chartKey: history.chartKey)
            let dates = history.points.map { ChartText.date($0.updatedAt) }
            let plot = SVGLinePlot(values: history.points.map { $0.rank.map(Double.init) }, labels: dates, inverted: true,
                                   title: "Rank of \(item.name) in \(history.title), fetch by fetch")
            try sink.file(OutputFile(path: plotPath, bytes: Array(plot.svg.utf8)))
            histories.append(ChartItemPage.History(
                title: history.title, country: ChartText.country(history.country),
                plotSrc: Routes.relative(from: path, to: plotPath) + "#size=\(plot.width)x\(plot.height)",
                points: zip(dates, history.points).map { .init(date: $0, rank: $1.rank.map(String.init) ?? "not listed") }))
        }
        let store = item.storeURL.flatMap(Routes.external).flatMap { $0.lowercased().hasPrefix("mailto:") ? nil : $0 }
        let canonical = context.baseURL.flatMap { try? BaseURL(validating: $0) }.flatMap { Routes.external($0.url(for: path)) }
        let shareURL = store ?? canonical
        let shareTitle = item.name + (item.artist.map { " by \($0)" } ?? "")
        let artwork = ArtworkSource(item.artwork, from: path, defaultSize: 600, item: item.id)
        if item.thumb == nil || item.artwork == nil {
            try sink.file(OutputFile(path: Routes.chartItemCover(item.id), bytes: Array(GeneratedCover(title: item.name).svg.utf8)))
        }

        // The layout gives every page og:type, og:title and, with a base URL, og:url.
        var meta: [MetaTag] = []
        let description = [ChartText.mediaType(item.mediaType), item.category, item.price?.label].compactMap { $0 }.joined(separator: " · ")
        meta.append(.property("og:description", description))
        let image = artwork.isDefault ? nil : item.artwork.flatMap { Routes.secureImage(Self.largest($0.url)) }
        if let image { meta.append(.property("og:image", image)) }
        meta.append(.name("twitter:card", image == nil ? "summary" : "summary_large_image"))
        meta.append(.name("twitter:title", shareTitle))
        if let image { meta.append(.name("twitter:image", image)) }

        let summary = (item.summary ?? "").components(separatedBy: "\n").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        try sink.page(SitePage(path: path, template: "charts/item", title: item.name, section: Self.entry.id, model: ChartItemPage(
            name: item.name, artist: item.artist, artistHref: item.artistURL.flatMap(Routes.external),
            type: ChartText.itemType(mediaType: item.mediaType, kind: item.kind), category: item.category, collection: item.collection,
            trackCount: item.trackCount, released: ChartText.released(date: item.releaseDate, label: item.releaseLabel), price: item.price?.label,
            rentalPrice: item.rentalPrice?.label, advisory: item.advisory, summary: summary, rights: item.rights,
            artwork: artwork, storeHref: store, storeLabel: Self.storeLabel(item.price),
            placements: placements, hasPlacements: !placements.isEmpty, histories: histories, hasHistories: !histories.isEmpty,
            shareURL: shareURL,
            shareLinks: shareURL.map { url in Routes.shareLinks(url: url, title: shareTitle).map { .init(name: $0.name, href: $0.href) } } ?? [],
            chartsHref: Routes.relative(from: path, to: Routes.charts)), meta: meta, script: Self.script))
    }

    /// "Buy · $1.29", "Get · Free", or "View in the store" when the feed gives no price.
    static func storeLabel(_ price: ChartPrice?) -> String {
        guard let price else { return "View in the store" }
        if price.amount == 0 || price.label.lowercased() == "get" || price.label.lowercased() == "free" {
            return price.label.lowercased() == "get" ? "Get · Free" : "Get · \(price.label)"
        }
        return "Buy · \(price.label)"
    }

    /// Apple's image servers make any size of an artwork from its URL (`…/170x170bb.png`): the
    /// largest useful one for link previews, 600 pixels on the long side, same aspect ratio.
    static func largest(_ url: String) -> String {
        guard url.contains("mzstatic.com"), let size = ChartFields.sizeInURL(url), let slash = url.lastIndex(of: "/") else { return url }
        let last = url[url.index(after: slash)...]
        guard let x = last.firstIndex(of: "x"), let end = last[x...].firstIndex(where: { !$0.isNumber && $0 != "x" }) else { return url }
        let scale = 600.0 / Double(max(size.width, size.height))
        guard scale > 1 else { return url }
        let width = Int((Double(size.width) * scale).rounded()), height = Int((Double(size.height) * scale).rounded())
        return String(url[...slash]) + "\(width)x\(height)" + last[end...]
    }
}

/// The charts' card on the home page.
struct ChartsCard: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        var title: String
        var href: String
        var mediaType: String
        var country: String
        var updated: String
        var itemCount: Int
        var leader: String
        var leaderHref: String
    }
    var chartCount: Int
    var itemCount: Int
    var charts: [Row]
    var chartsHref: String
}
