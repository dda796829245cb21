/// A chart as its card and page show it: the chart, its current fetch, and its top entries.
public struct ChartSummary: Sendable, Equatable {
    public var id: Int64
    public var key: String
    public var title: String
    public var mediaType: String
    public var country: String?
    public var storeURL: String?
    public var rights: String?
    /// The current ranking's time.
    public var updatedAt: Int64?
    public var itemCount: Int
    /// How many fetches of the chart are stored.
    public var fetchCount: Int
    /// The first entries of the current ranking (three, for cards).
    public var top: [ChartRankRow]
}

/// One line of a chart's current ranking, with its movement since the previous fetch.
public struct ChartRankRow: Sendable, Equatable {
    public var rank: Int
    /// The rank in the previous fetch; nil when there is none or the item was not in it.
    public var previousRank: Int?
    /// Whether the chart has an earlier fetch to compare with.
    public var hasPrevious: Bool
    public var item: ChartItemSummary

    /// Places moved up since the previous fetch (negative: down); nil when it cannot be told.
    public var movement: Int? { previousRank.map { $0 - rank } }
    /// In this fetch and not in the previous one.
    public var isNew: Bool { hasPrevious && previousRank == nil }
}

/// What a list row needs of an item.
public struct ChartItemSummary: Sendable, Equatable {
    public var id: String
    public var name: String
    public var artist: String?
    public var priceLabel: String?
    public var priceAmount: Double?
    public var thumb: ChartImage?
}

/// Everything stored about one item.
public struct ChartItemRecord: Sendable, Equatable {
    public var id: String
    public var name: String
    public var artist: String?
    public var artistURL: String?
    public var mediaType: String
    public var kind: String?
    public var category: String?
    public var releaseDate: String?
    public var releaseLabel: String?
    public var price: ChartPrice?
    public var rentalPrice: ChartPrice?
    public var summary: String?
    public var rights: String?
    public var storeURL: String?
    public var thumb: ChartImage?
    public var artwork: ChartImage?
    public var advisory: String?
    public var collection: String?
    public var trackCount: Int?
    /// The time of the fetch its details come from.
    public var seenAt: Int64?
}

/// An item's place in one chart's current ranking.
public struct ChartPlacement: Sendable, Equatable {
    public var chartID: Int64
    public var chartKey: String
    public var title: String
    public var mediaType: String
    public var country: String?
    public var rank: Int
}

/// An item's rank in each fetch of one chart, oldest first; a nil rank means it was not listed.
public struct ChartRankHistory: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var updatedAt: Int64?
        public var rank: Int?
    }
    public var chartID: Int64
    public var chartKey: String
    public var title: String
    public var country: String?
    public var itemCount: Int
    public var points: [Point]
}

/// The charts' totals, for the home card.
public struct ChartTotals: Sendable, Equatable {
    public var charts: Int
    public var items: Int
    public var fetches: Int
    public var newest: Int64?
}

/// A chart item as the site search needs it: its name, artist, category, release day and the
/// titles of the charts that ever listed it.
public struct SearchableChartItem: Sendable, Equatable {
    public var id: String
    public var name: String
    public var artist: String?
    public var category: String?
    /// `2024-03-20`, when the feed gave one.
    public var releaseDate: String?
    /// Chart titles, A–Z, each once.
    public var charts: [String]
}
