import GRDB

/// What the charts' tables hold, for `tally stats`.
enum ChartStats {
    /// Charts, their fetches (each a ranking as it stood), the items ever ranked and the ranks
    /// kept; the newest is the newest fetch's own update time, as on the home page.
    static func stats(_ db: Database) throws -> SourceStats {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM chart), (SELECT count(*) FROM chart_fetch), (SELECT count(*) FROM chart_item),
                (SELECT count(*) FROM chart_rank), (SELECT max(updated_at) FROM chart_fetch)
            """)!
        return SourceStats(counts: [
            .init("charts", row[0]), .init("fetches", row[1]), .init("items", row[2]), .init("ranks", row[3]),
        ], newest: row[4])
    }
}
