import GRDB

/// The charts' queries: the only SQL that reads chart tables.
extension Store {
    /// Every chart with its current fetch and top three, by media type, title and country.
    public func charts(top: Int = 3) throws -> [ChartSummary] {
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.media_type, c.country, c.store_url, c.rights, f.updated_at, f.item_count,
                    (SELECT count(*) FROM chart_fetch WHERE chart_id = c.id) AS fetch_count
                FROM chart c JOIN chart_fetch f ON f.id = c.current_fetch_id
                ORDER BY c.media_type, c.title, c.country, c.id
                """)
            return try rows.map { row in
                let id: Int64 = row["id"]
                return ChartSummary(id: id, key: row["key"], title: row["title"], mediaType: row["media_type"], country: row["country"],
                                    storeURL: row["store_url"], rights: row["rights"], updatedAt: row["updated_at"],
                                    itemCount: row["item_count"], fetchCount: row["fetch_count"],
                                    top: try Self.ranking(db, chartID: id, limit: top))
            }
        }
    }

    /// One chart's current ranking, in rank order, with each row's movement.
    public func chartRanking(_ chartID: Int64) throws -> [ChartRankRow] {
        try queue.read { db in try Self.ranking(db, chartID: chartID, limit: nil) }
    }

    static func ranking(_ db: Database, chartID: Int64, limit: Int?) throws -> [ChartRankRow] {
        guard let current = try Row.fetchOne(db, sql: """
            SELECT f.id, f.updated_at FROM chart c JOIN chart_fetch f ON f.id = c.current_fetch_id WHERE c.id = ?
            """, arguments: [chartID]) else { return [] }
        let currentID: Int64 = current["id"]
        let currentTime: Int64? = current["updated_at"]
        // The previous fetch: the newest one ordered before the current one.
        let previousID = try Int64.fetchOne(db, sql: """
            SELECT id FROM chart_fetch WHERE chart_id = ? AND id != ?
                AND (coalesce(updated_at, -9223372036854775808), id) < (coalesce(?, -9223372036854775808), ?)
            ORDER BY coalesce(updated_at, -9223372036854775808) DESC, id DESC LIMIT 1
            """, arguments: [chartID, currentID, currentTime, currentID])
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.rank, i.id, i.name, i.artist, i.price_label, i.price_amount, i.thumb_url, i.thumb_width, i.thumb_height,
                (SELECT min(p.rank) FROM chart_rank p WHERE p.fetch_id = ? AND p.item_id = r.item_id) AS previous
            FROM chart_rank r JOIN chart_item i ON i.id = r.item_id
            WHERE r.fetch_id = ? ORDER BY r.rank LIMIT ?
            """, arguments: [previousID, currentID, limit ?? -1])
        return rows.map { row in
            ChartRankRow(rank: row["rank"], previousRank: row["previous"], hasPrevious: previousID != nil,
                         item: ChartItemSummary(id: row["id"], name: row["name"], artist: row["artist"], priceLabel: row["price_label"],
                                                priceAmount: row["price_amount"],
                                                thumb: image(row, "thumb")))
        }
    }

    /// One item, or nil when it is not stored.
    public func chartItem(_ id: String) throws -> ChartItemRecord? {
        try queue.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM chart_item WHERE id = ?", arguments: [id]) else { return nil }
            return Self.item(row)
        }
    }

    /// Items by id, in chunks for page planning: those after `after`, at most `limit`.
    public func chartItems(after: String?, limit: Int) throws -> [ChartItemRecord] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM chart_item WHERE id > ? ORDER BY id LIMIT ?", arguments: [after ?? "", limit])
                .map(Self.item)
        }
    }

    /// Where an item stands in every chart's current ranking, best rank first.
    public func chartPlacements(of itemID: String) throws -> [ChartPlacement] {
        try queue.read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.media_type, c.country, min(r.rank) AS rank
                FROM chart_rank r JOIN chart c ON c.current_fetch_id = r.fetch_id
                WHERE r.item_id = ? GROUP BY c.id ORDER BY rank, c.title, c.id
                """, arguments: [itemID]).map { row in
                ChartPlacement(chartID: row["id"], chartKey: row["key"], title: row["title"], mediaType: row["media_type"],
                               country: row["country"], rank: row["rank"])
            }
        }
    }

    /// An item's rank in every fetch of every chart that ever listed it, oldest fetch first.
    public func chartHistory(of itemID: String) throws -> [ChartRankHistory] {
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.country, f.updated_at, f.item_count,
                    (SELECT min(rank) FROM chart_rank WHERE fetch_id = f.id AND item_id = ?) AS rank
                FROM chart c JOIN chart_fetch f ON f.chart_id = c.id
                WHERE c.id IN (SELECT DISTINCT f2.chart_id FROM chart_rank r2 JOIN chart_fetch f2 ON f2.id = r2.fetch_id WHERE r2.item_id = ?)
                ORDER BY c.title, c.id, coalesce(f.updated_at, -9223372036854775808), f.id
                """, arguments: [itemID, itemID])
            var histories: [ChartRankHistory] = []
            for row in rows {
                let id: Int64 = row["id"]
                let count: Int = row["item_count"]
                let point = ChartRankHistory.Point(updatedAt: row["updated_at"], rank: row["rank"])
                if histories.last?.chartID == id {
                    histories[histories.count - 1].points.append(point)
                    histories[histories.count - 1].itemCount = max(histories[histories.count - 1].itemCount, count)
                } else {
                    histories.append(ChartRankHistory(chartID: id, chartKey: row["key"], title: row["title"], country: row["country"],
                                                      itemCount: count, points: [point]))
                }
            }
            return histories
        }
    }

    /// Every item with the charts that ever listed it, in id order, handed over one at a time
    /// for the site search.
    public func forEachSearchableChartItem(_ body: (SearchableChartItem) throws -> Void) throws {
        try queue.read { db in
            // Titles joined by U+001F (no title holds it), the charts distinct and A–Z.
            let rows = try Row.fetchCursor(db, sql: """
                SELECT i.id, i.name, i.artist, i.category, i.release_date,
                    (SELECT group_concat(title, char(31)) FROM (
                        SELECT DISTINCT c.title FROM chart_rank r JOIN chart_fetch f ON f.id = r.fetch_id JOIN chart c ON c.id = f.chart_id
                        WHERE r.item_id = i.id ORDER BY c.title)) AS charts
                FROM chart_item i ORDER BY i.id
                """)
            while let row = try rows.next() {
                let charts: String? = row["charts"]
                try body(SearchableChartItem(id: row["id"], name: row["name"], artist: row["artist"], category: row["category"],
                                             releaseDate: row["release_date"],
                                             charts: charts.map { $0.split(separator: "\u{1F}").map(String.init) } ?? []))
            }
        }
    }

    /// How many charts, items and fetches are stored, and the newest fetch's time.
    public func chartTotals() throws -> ChartTotals {
        try queue.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM chart WHERE current_fetch_id IS NOT NULL) AS charts,
                    (SELECT count(*) FROM chart_item) AS items, (SELECT count(*) FROM chart_fetch) AS fetches,
                    (SELECT max(updated_at) FROM chart_fetch) AS newest
                """)!
            return ChartTotals(charts: row["charts"], items: row["items"], fetches: row["fetches"], newest: row["newest"])
        }
    }

    private static func image(_ row: Row, _ prefix: String) -> ChartImage? {
        guard let url: String = row[prefix + "_url"] else { return nil }
        return ChartImage(url: url, width: row[prefix + "_width"] ?? 100, height: row[prefix + "_height"] ?? 100)
    }

    private static func item(_ row: Row) -> ChartItemRecord {
        let priceLabel: String? = row["price_label"]
        let rentalLabel: String? = row["rental_label"]
        return ChartItemRecord(
            id: row["id"], name: row["name"], artist: row["artist"], artistURL: row["artist_url"], mediaType: row["media_type"],
            kind: row["kind"], category: row["category"], releaseDate: row["release_date"], releaseLabel: row["release_label"],
            price: priceLabel.map { ChartPrice(label: $0, amount: row["price_amount"], currency: row["currency"]) },
            rentalPrice: rentalLabel.map { ChartPrice(label: $0, amount: row["rental_amount"], currency: row["currency"]) },
            summary: row["summary"], rights: row["rights"], storeURL: row["store_url"],
            thumb: image(row, "thumb"), artwork: image(row, "artwork"), advisory: row["advisory"],
            collection: row["collection"], trackCount: row["track_count"], seenAt: row["seen_at"])
    }
}
