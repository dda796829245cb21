/// An image for a Markdown template: its URL with `#size=WxH`, which the renderer turns into
/// `width` and `height` (so nothing shifts while it loads); the theme's default artwork when the
/// item has none.
struct ArtworkSource: Encodable, Sendable {
    var src: String
    var isDefault: Bool

    /// `item`: the item's id, whose generated cover stands in when the feed gives no image at all.
    init(_ image: ChartImage?, from page: String, defaultSize: Int = 100, item: String? = nil) {
        if let image, let url = Routes.secureImage(image.url), !url.lowercased().hasPrefix("mailto:") {
            src = url + "#size=\(image.width)x\(image.height)"
            isDefault = false
        } else if image == nil, let item {
            src = Routes.relative(from: page, to: Routes.chartItemCover(item)) + "#size=\(defaultSize)x\(defaultSize)"
            isDefault = true
        } else {
            src = Routes.relative(from: page, to: Routes.defaultArtwork) + "#size=\(defaultSize)x\(defaultSize)"
            isDefault = true
        }
    }
}

enum ChartText {
    /// "songs" → "Songs", "tv shows" → "TV shows".
    static func mediaType(_ type: String) -> String {
        if type.hasPrefix("tv ") { return "TV" + type.dropFirst(2) }
        return type.prefix(1).uppercased() + type.dropFirst()
    }

    static func country(_ code: String?) -> String { code?.uppercased() ?? "" }

    /// What one item is: the feed's kind ("Podcast", "Track"), else the chart's media type, one of
    /// it ("books" → "Book"), so a page says "Type: Podcast", never "Podcasts (Podcast)".
    static func itemType(mediaType: String, kind: String?) -> String {
        let word = self.mediaType(kind.flatMap { $0.isEmpty ? nil : $0 } ?? mediaType)
        return word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
    }

    /// A release date in the site's form (`2018-08-24`) when the feed gives one that starts so
    /// (`2023-05-11T00:00:00-07:00`), else the feed's own label ("May 11, 2023").
    static func released(date: String?, label: String?) -> String? {
        if let date, date.utf8.count >= 10 {
            let day = date.prefix(10)
            let digits = day.enumerated().allSatisfy { index, character in index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber }
            if digits { return String(day) }
        }
        return label ?? date
    }

    /// A chart's title with its country, "Top Songs · US".
    static func titled(_ title: String, country: String?) -> String {
        title + (country.map { " · \($0.uppercased())" } ?? "")
    }

    /// "▲ 3", "▼ 1", "=", "new", or "" when there is no earlier fetch to compare with.
    static func movement(_ row: ChartRankRow) -> String {
        if row.isNew { return "new" }
        guard let moved = row.movement else { return "" }
        return moved > 0 ? "▲ \(moved)" : moved < 0 ? "▼ \(-moved)" : "="
    }

    /// A price's sort key: its amount, so "Free" sorts as 0.
    static func sortKey(_ amount: Double?) -> String? {
        guard let amount, amount.isFinite else { return nil }
        var text = String(format: "%.2f", amount)
        if text == "-0.00" { text = "0.00" }
        return text
    }

    static func date(_ seconds: Int64?) -> String { seconds.map(UTCTime.format) ?? "unknown" }
}

/// The Charts page: one card per chart.
struct ChartsIndexPage: Encodable, Sendable {
    struct Card: Encodable, Sendable {
        var title: String
        var href: String
        var mediaType: String
        var country: String
        var updated: String
        var itemCount: Int
        var fetchCount: Int
        var hasHistory: Bool
        var top: [TopItem]
    }
    struct TopItem: Encodable, Sendable {
        var rank: Int
        var name: String
        var artist: String?
        var href: String
        var artwork: ArtworkSource
    }
    var charts: [Card]
    var hasCharts: Bool
}

/// One chart's current ranking.
struct ChartPage: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        var rank: Int
        var movement: String
        var name: String
        var href: String
        var artist: String
        var price: String
        var priceSort: String?
        var artwork: ArtworkSource
    }
    var title: String
    var mediaType: String
    var country: String
    var updated: String
    var itemCount: Int
    var fetchCount: Int
    var hasPrevious: Bool
    /// Whether any row moved (or is new): a chart fetched once has no Move column.
    var hasMoves: Bool
    var storeHref: String?
    var rights: String?
    var chartsHref: String
    /// The feed of the chart's changes (`ChartChangesFeed`).
    var feedHref: String
    var rows: [Row]
}

/// One chart item.
struct ChartItemPage: Encodable, Sendable {
    struct Placement: Encodable, Sendable {
        var title: String
        var country: String
        var href: String
        var rank: Int
        var itemCount: Int?
    }
    struct History: Encodable, Sendable {
        struct Point: Encodable, Sendable {
            var date: String
            var rank: String
        }
        var title: String
        var country: String
        var plotSrc: String
        var points: [Point]
    }
    struct ShareLink: Encodable, Sendable {
        var name: String
        var href: String
    }
    var name: String
    var artist: String?
    var artistHref: String?
    /// "Podcast" (`ChartText.itemType`).
    var type: String
    var category: String?
    var collection: String?
    var trackCount: Int?
    var released: String?
    var price: String?
    var rentalPrice: String?
    var advisory: String?
    var summary: [String]
    var rights: String?
    var artwork: ArtworkSource
    var storeHref: String?
    var storeLabel: String
    var placements: [Placement]
    var hasPlacements: Bool
    var histories: [History]
    var hasHistories: Bool
    var shareURL: String?
    var shareLinks: [ShareLink]
    var chartsHref: String
}
