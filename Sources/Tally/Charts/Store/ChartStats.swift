import GRDB

/// What the charts' tables hold, for `tally stats`.
enum ChartStats {
    /// Charts, their fetches (each a ranking as it stood), the items ever ranked and the ranks
    /// kept; the newest is the newest fetch's own update time, as on the home page.
    static func stats(_ db: Database) throws -> SourceStats {
        let counts = try Counts.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM chart) AS charts, (SELECT count(*) FROM chart_fetch) AS fetches,
                (SELECT count(*) FROM chart_item) AS items, (SELECT count(*) FROM chart_rank) AS ranks,
                (SELECT max(updated_at) FROM chart_fetch) AS newest
            """)!
        return SourceStats(counts: [
            .init("charts", counts.charts), .init("fetches", counts.fetches), .init("items", counts.items), .init("ranks", counts.ranks),
        ], newest: counts.newest)
    }

    /// The counts `stats` reads.
    private struct Counts: FetchableRecord {
        enum Columns {
            static let charts = Column("charts"), fetches = Column("fetches"), items = Column("items"), ranks = Column("ranks")
            static let newest = Column("newest")
        }
        var charts: Int, fetches: Int, items: Int, ranks: Int, newest: Int64?

        init(row: Row) {
            charts = row[Columns.charts]
            fetches = row[Columns.fetches]
            items = row[Columns.items]
            ranks = row[Columns.ranks]
            newest = row[Columns.newest]
        }
    }
}
