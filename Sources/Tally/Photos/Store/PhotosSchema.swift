import GRDB

/// The photos source's tables. Favorites and views live here too: they are the user's marks on
/// stored photos, so a mark for an unknown photo is refused by a foreign key as well as by the
/// functions that make them.
enum PhotosSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("photos-1-places-photos-favorites-views") { db in
            try db.execute(sql: """
                CREATE TABLE photo_place (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    full_name TEXT NOT NULL,
                    place_type TEXT,
                    latitude REAL,
                    longitude REAL,
                    flickr_photo_count INTEGER,
                    timezone TEXT
                ) WITHOUT ROWID;
                CREATE TABLE photo (
                    id TEXT PRIMARY KEY NOT NULL,
                    place_id TEXT,
                    owner TEXT NOT NULL,
                    owner_name TEXT,
                    title TEXT NOT NULL,
                    description TEXT NOT NULL,
                    taken TEXT,
                    uploaded INTEGER,
                    latitude REAL,
                    longitude REAL,
                    images TEXT NOT NULL DEFAULT '[]'
                ) WITHOUT ROWID;
                CREATE INDEX photo_by_place ON photo(place_id, taken DESC, id);
                CREATE TABLE photo_favorite (
                    photo_id TEXT PRIMARY KEY NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                    added_at INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TABLE photo_view (
                    photo_id TEXT NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
                    viewed_at INTEGER NOT NULL,
                    PRIMARY KEY (photo_id, viewed_at)
                ) WITHOUT ROWID;
                CREATE INDEX photo_view_recent ON photo_view(viewed_at DESC);
                """)
        }

        // The places whose photos `tally fetch flickr photos` asked a server for, and the newest
        // upload it got, so the next fetch asks only for what was uploaded since and `tally fetch
        // --again` can repeat them all. The API key is never kept.
        migrator.registerMigration("photos-2-fetched-places") { db in
            try db.execute(sql: """
                CREATE TABLE photo_fetch (
                    server TEXT NOT NULL,
                    place_id TEXT NOT NULL,
                    newest_upload INTEGER,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (server, place_id)
                );
                """)
        }
    }

    /// Tables and their row counts, for `tableCounts`.
    static let tables = ["photo_place", "photo", "photo_favorite", "photo_view"]
}
