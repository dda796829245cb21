import GRDB

/// What the photos' tables hold, for `tally stats`.
enum PhotoStats {
    /// Places, photos, favorites and views (every view kept, not only the recent ones the site
    /// lists); the newest is the newest upload, a favorite or a view, whichever came last.
    static func stats(_ db: Database) throws -> SourceStats {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM photo_place), (SELECT count(*) FROM photo), (SELECT count(*) FROM photo_favorite),
                (SELECT count(*) FROM photo_view),
                max(coalesce((SELECT max(uploaded) FROM photo), 0), coalesce((SELECT max(added_at) FROM photo_favorite), 0),
                    coalesce((SELECT max(viewed_at) FROM photo_view), 0))
            """)!
        let newest: Int64 = row[4]
        return SourceStats(counts: [
            .init("places", row[0]), .init("photos", row[1]), .init("favorites", row[2]), .init("views", row[3]),
        ], newest: newest > 0 ? newest : nil)
    }
}
