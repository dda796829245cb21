import GRDB

// How the charts' records are read from the store: each is a `FetchableRecord` with a
// hand-written `init(row:)` reading the columns its `Columns` names (the style of every source;
// see the README's "Layout of the code").

extension ChartSummary: FetchableRecord {
    enum Columns {
        static let id = Column("id"), key = Column("key"), title = Column("title"), mediaType = Column("media_type")
        static let country = Column("country"), storeURL = Column("store_url"), rights = Column("rights")
        static let updatedAt = Column("updated_at"), itemCount = Column("item_count"), fetchCount = Column("fetch_count")
    }

    /// Reads a chart with its current fetch; its top entries come from another query.
    public init(row: Row) {
        self.init(id: row[Columns.id], key: row[Columns.key], title: row[Columns.title], mediaType: row[Columns.mediaType],
                  country: row[Columns.country], storeURL: row[Columns.storeURL], rights: row[Columns.rights],
                  updatedAt: row[Columns.updatedAt], itemCount: row[Columns.itemCount], fetchCount: row[Columns.fetchCount], top: [])
    }
}

extension ChartItemSummary: FetchableRecord {
    enum Columns {
        static let id = Column("id"), name = Column("name"), artist = Column("artist"), priceLabel = Column("price_label")
        static let priceAmount = Column("price_amount")
    }

    /// Reads what a list row shows of a `chart_item` row.
    public init(row: Row) {
        self.init(id: row[Columns.id], name: row[Columns.name], artist: row[Columns.artist], priceLabel: row[Columns.priceLabel],
                  priceAmount: row[Columns.priceAmount], thumb: ChartImage(row: row, prefix: "thumb"))
    }
}

extension ChartRankRow: FetchableRecord {
    enum Columns {
        static let rank = Column("rank"), previous = Column("previous"), hasPrevious = Column("has_previous")
    }

    /// Reads a rank with the item's rank in the previous fetch and its list row.
    public init(row: Row) {
        self.init(rank: row[Columns.rank], previousRank: row[Columns.previous], hasPrevious: row[Columns.hasPrevious],
                  item: ChartItemSummary(row: row))
    }
}

extension ChartItemRecord: FetchableRecord {
    enum Columns {
        static let id = Column("id"), name = Column("name"), artist = Column("artist"), artistURL = Column("artist_url")
        static let mediaType = Column("media_type"), kind = Column("kind"), category = Column("category")
        static let releaseDate = Column("release_date"), releaseLabel = Column("release_label")
        static let priceLabel = Column("price_label"), priceAmount = Column("price_amount"), currency = Column("currency")
        static let rentalLabel = Column("rental_label"), rentalAmount = Column("rental_amount")
        static let summary = Column("summary"), rights = Column("rights"), storeURL = Column("store_url"), advisory = Column("advisory")
        static let collection = Column("collection"), trackCount = Column("track_count"), seenAt = Column("seen_at")
    }

    /// Reads a whole `chart_item` row.
    public init(row: Row) {
        let priceLabel: String? = row[Columns.priceLabel]
        let rentalLabel: String? = row[Columns.rentalLabel]
        self.init(
            id: row[Columns.id], name: row[Columns.name], artist: row[Columns.artist], artistURL: row[Columns.artistURL],
            mediaType: row[Columns.mediaType], kind: row[Columns.kind], category: row[Columns.category],
            releaseDate: row[Columns.releaseDate], releaseLabel: row[Columns.releaseLabel],
            price: priceLabel.map { ChartPrice(label: $0, amount: row[Columns.priceAmount], currency: row[Columns.currency]) },
            rentalPrice: rentalLabel.map { ChartPrice(label: $0, amount: row[Columns.rentalAmount], currency: row[Columns.currency]) },
            summary: row[Columns.summary], rights: row[Columns.rights], storeURL: row[Columns.storeURL],
            thumb: ChartImage(row: row, prefix: "thumb"), artwork: ChartImage(row: row, prefix: "artwork"), advisory: row[Columns.advisory],
            collection: row[Columns.collection], trackCount: row[Columns.trackCount], seenAt: row[Columns.seenAt])
    }
}

extension ChartPlacement: FetchableRecord {
    enum Columns {
        static let chartID = Column("id"), chartKey = Column("key"), title = Column("title"), mediaType = Column("media_type")
        static let country = Column("country"), rank = Column("rank")
    }

    /// Reads a chart with the item's best rank in it.
    public init(row: Row) {
        self.init(chartID: row[Columns.chartID], chartKey: row[Columns.chartKey], title: row[Columns.title],
                  mediaType: row[Columns.mediaType], country: row[Columns.country], rank: row[Columns.rank])
    }
}

extension ChartTotals: FetchableRecord {
    enum Columns {
        static let charts = Column("charts"), items = Column("items"), fetches = Column("fetches"), newest = Column("newest")
    }

    /// Reads the counts of `Store.chartTotals()`.
    public init(row: Row) {
        self.init(charts: row[Columns.charts], items: row[Columns.items], fetches: row[Columns.fetches], newest: row[Columns.newest])
    }
}

extension SearchableChartItem: FetchableRecord {
    enum Columns {
        static let id = Column("id"), name = Column("name"), artist = Column("artist"), category = Column("category")
        static let releaseDate = Column("release_date"), charts = Column("charts")
    }

    /// Reads an item with its charts' titles, joined by U+001F (no title holds it).
    public init(row: Row) {
        let charts: String? = row[Columns.charts]
        self.init(id: row[Columns.id], name: row[Columns.name], artist: row[Columns.artist], category: row[Columns.category],
                  releaseDate: row[Columns.releaseDate], charts: charts.map { $0.split(separator: "\u{1F}").map(String.init) } ?? [])
    }
}

extension ChartImage {
    /// An image stored as `<prefix>_url`, `_width` and `_height` columns; nil without a URL, and
    /// 100 × 100 where no size was given.
    init?(row: Row, prefix: String) {
        guard let url: String = row[prefix + "_url"] else { return nil }
        self.init(url: url, width: row[prefix + "_width"] ?? 100, height: row[prefix + "_height"] ?? 100)
    }
}
