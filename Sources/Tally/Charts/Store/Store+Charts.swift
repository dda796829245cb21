import GRDB

/// The charts' queries: the only SQL that reads chart tables.
extension Store {
    /// Every chart with its current fetch and top three, by media type, title and country.
    public func charts(top: Int = 3) throws -> [ChartSummary] {
        try queue.read { db in
            let charts = try ChartSummary.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.media_type, c.country, c.store_url, c.rights, f.updated_at, f.item_count,
                    (SELECT count(*) FROM chart_fetch WHERE chart_id = c.id) AS fetch_count
                FROM chart c JOIN chart_fetch f ON f.id = c.current_fetch_id
                ORDER BY c.media_type, c.title, c.country, c.id
                """)
            return try charts.map { chart in
                var chart = chart
                chart.top = try Self.ranking(db, chartID: chart.id, limit: top)
                return chart
            }
        }
    }

    /// One chart's current ranking, in rank order, with each row's movement.
    public func chartRanking(_ chartID: Int64) throws -> [ChartRankRow] {
        try queue.read { db in try Self.ranking(db, chartID: chartID, limit: nil) }
    }

    static func ranking(_ db: Database, chartID: Int64, limit: Int?) throws -> [ChartRankRow] {
        guard let current = try ValuePair<Int64, Int64?>.fetchOne(db, sql: """
            SELECT f.id, f.updated_at FROM chart c JOIN chart_fetch f ON f.id = c.current_fetch_id WHERE c.id = ?
            """, arguments: [chartID]) else { return [] }
        let (currentID, currentTime) = (current.first, current.second)
        // The previous fetch: the newest one ordered before the current one.
        let previousID = try Int64.fetchOne(db, sql: """
            SELECT id FROM chart_fetch WHERE chart_id = ? AND id != ?
                AND (coalesce(updated_at, -9223372036854775808), id) < (coalesce(?, -9223372036854775808), ?)
            ORDER BY coalesce(updated_at, -9223372036854775808) DESC, id DESC LIMIT 1
            """, arguments: [chartID, currentID, currentTime, currentID])
        return try ChartRankRow.fetchAll(db, sql: """
            SELECT r.rank, i.id, i.name, i.artist, i.price_label, i.price_amount, i.thumb_url, i.thumb_width, i.thumb_height,
                (SELECT min(p.rank) FROM chart_rank p WHERE p.fetch_id = ?1 AND p.item_id = r.item_id) AS previous,
                ?1 IS NOT NULL AS has_previous
            FROM chart_rank r JOIN chart_item i ON i.id = r.item_id
            WHERE r.fetch_id = ?2 ORDER BY r.rank LIMIT ?3
            """, arguments: [previousID, currentID, limit ?? -1])
    }

    /// One item, or nil when it is not stored.
    public func chartItem(_ id: String) throws -> ChartItemRecord? {
        try queue.read { db in
            try ChartItemRecord.fetchOne(db, sql: "SELECT * FROM chart_item WHERE id = ?", arguments: [id])
        }
    }

    /// Items by id, in chunks for page planning: those after `after`, at most `limit`.
    public func chartItems(after: String?, limit: Int) throws -> [ChartItemRecord] {
        try queue.read { db in
            try ChartItemRecord.fetchAll(db, sql: "SELECT * FROM chart_item WHERE id > ? ORDER BY id LIMIT ?", arguments: [after ?? "", limit])
        }
    }

    /// Where an item stands in every chart's current ranking, best rank first.
    public func chartPlacements(of itemID: String) throws -> [ChartPlacement] {
        try queue.read { db in
            try ChartPlacement.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.media_type, c.country, min(r.rank) AS rank
                FROM chart_rank r JOIN chart c ON c.current_fetch_id = r.fetch_id
                WHERE r.item_id = ? GROUP BY c.id ORDER BY rank, c.title, c.id
                """, arguments: [itemID])
        }
    }

    /// An item's rank in every fetch of every chart that ever listed it, oldest fetch first.
    public func chartHistory(of itemID: String) throws -> [ChartRankHistory] {
        try queue.read { db in
            let rows = try HistoryLine.fetchAll(db, sql: """
                SELECT c.id, c.key, c.title, c.country, f.updated_at, f.item_count,
                    (SELECT min(rank) FROM chart_rank WHERE fetch_id = f.id AND item_id = ?) AS rank
                FROM chart c JOIN chart_fetch f ON f.chart_id = c.id
                WHERE c.id IN (SELECT DISTINCT f2.chart_id FROM chart_rank r2 JOIN chart_fetch f2 ON f2.id = r2.fetch_id WHERE r2.item_id = ?)
                ORDER BY c.title, c.id, coalesce(f.updated_at, -9223372036854775808), f.id
                """, arguments: [itemID, itemID])
            var histories: [ChartRankHistory] = []
            for line in rows {
                if histories.last?.chartID == line.chartID {
                    histories[histories.count - 1].points.append(line.point)
                    histories[histories.count - 1].itemCount = max(histories[histories.count - 1].itemCount, line.itemCount)
                } else {
                    histories.append(ChartRankHistory(chartID: line.chartID, chartKey: line.chartKey, title: line.title, country: line.country,
                                                      itemCount: line.itemCount, points: [line.point]))
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
            let rows = try SearchableChartItem.fetchCursor(db, sql: """
                SELECT i.id, i.name, i.artist, i.category, i.release_date,
                    (SELECT group_concat(title, char(31)) FROM (
                        SELECT DISTINCT c.title FROM chart_rank r JOIN chart_fetch f ON f.id = r.fetch_id JOIN chart c ON c.id = f.chart_id
                        WHERE r.item_id = i.id ORDER BY c.title)) AS charts
                FROM chart_item i ORDER BY i.id
                """)
            while let item = try rows.next() { try body(item) }
        }
    }

    /// How many charts, items and fetches are stored, and the newest fetch's time.
    public func chartTotals() throws -> ChartTotals {
        try queue.read { db in
            try ChartTotals.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM chart WHERE current_fetch_id IS NOT NULL) AS charts,
                    (SELECT count(*) FROM chart_item) AS items, (SELECT count(*) FROM chart_fetch) AS fetches,
                    (SELECT max(updated_at) FROM chart_fetch) AS newest
                """)!
        }
    }

    /// A row of `chartHistory`: one fetch of one chart, with the item's rank in it.
    private struct HistoryLine: FetchableRecord {
        enum Columns {
            static let chartID = Column("id"), chartKey = Column("key"), title = Column("title"), country = Column("country")
            static let updatedAt = Column("updated_at"), itemCount = Column("item_count"), rank = Column("rank")
        }
        var chartID: Int64, chartKey: String, title: String, country: String?, itemCount: Int
        var point: ChartRankHistory.Point

        init(row: Row) {
            chartID = row[Columns.chartID]
            chartKey = row[Columns.chartKey]
            title = row[Columns.title]
            country = row[Columns.country]
            itemCount = row[Columns.itemCount]
            point = ChartRankHistory.Point(updatedAt: row[Columns.updatedAt], rank: row[Columns.rank])
        }
    }
}
