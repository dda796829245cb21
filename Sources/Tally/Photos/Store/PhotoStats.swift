import GRDB

/// What the photos' tables hold, for `tally stats`.
enum PhotoStats {
    /// Places, photos, favorites and views (every view kept, not only the recent ones the site
    /// lists); the newest is the newest upload, a favorite or a view, whichever came last.
    static func stats(_ db: Database) throws -> SourceStats {
        let counts = try Counts.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM photo_place) AS places, (SELECT count(*) FROM photo) AS photos,
                (SELECT count(*) FROM photo_favorite) AS favorites, (SELECT count(*) FROM photo_view) AS views,
                max(coalesce((SELECT max(uploaded) FROM photo), 0), coalesce((SELECT max(added_at) FROM photo_favorite), 0),
                    coalesce((SELECT max(viewed_at) FROM photo_view), 0)) AS newest
            """)!
        return SourceStats(counts: [
            .init("places", counts.places), .init("photos", counts.photos), .init("favorites", counts.favorites), .init("views", counts.views),
        ], newest: counts.newest > 0 ? counts.newest : nil)
    }

    /// The counts `stats` reads.
    private struct Counts: FetchableRecord {
        enum Columns {
            static let places = Column("places"), photos = Column("photos"), favorites = Column("favorites"), views = Column("views")
            static let newest = Column("newest")
        }
        var places: Int, photos: Int, favorites: Int, views: Int, newest: Int64

        init(row: Row) {
            places = row[Columns.places]
            photos = row[Columns.photos]
            favorites = row[Columns.favorites]
            views = row[Columns.views]
            newest = row[Columns.newest]
        }
    }
}
