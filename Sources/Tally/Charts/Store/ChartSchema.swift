import GRDB

/// The charts' tables. A chart is its ranking fetched again and again: each fetch keeps its ranks
/// (the history), the chart points at its newest fetch (the current ranking), and an item's
/// details follow the newest fetch that listed it.
enum ChartSchema {
    static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("charts-1-charts-fetches-items-ranks") { db in
            try db.execute(sql: """
                CREATE TABLE chart (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL,
                    media_type TEXT NOT NULL,
                    country TEXT,
                    feed_url TEXT,
                    store_url TEXT,
                    rights TEXT,
                    current_fetch_id INTEGER
                );
                CREATE TABLE chart_fetch (
                    id INTEGER PRIMARY KEY,
                    chart_id INTEGER NOT NULL REFERENCES chart(id),
                    fingerprint TEXT NOT NULL,
                    updated_at INTEGER,
                    item_count INTEGER NOT NULL,
                    UNIQUE (chart_id, fingerprint)
                );
                CREATE INDEX chart_fetch_order ON chart_fetch(chart_id, updated_at, id);
                CREATE TABLE chart_item (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL,
                    artist TEXT,
                    artist_url TEXT,
                    media_type TEXT NOT NULL,
                    kind TEXT,
                    category TEXT,
                    release_date TEXT,
                    release_label TEXT,
                    price_label TEXT,
                    price_amount REAL,
                    currency TEXT,
                    rental_label TEXT,
                    rental_amount REAL,
                    summary TEXT,
                    rights TEXT,
                    store_url TEXT,
                    thumb_url TEXT,
                    thumb_width INTEGER,
                    thumb_height INTEGER,
                    artwork_url TEXT,
                    artwork_width INTEGER,
                    artwork_height INTEGER,
                    advisory TEXT,
                    collection TEXT,
                    track_count INTEGER,
                    seen_at INTEGER
                ) WITHOUT ROWID;
                CREATE TABLE chart_rank (
                    fetch_id INTEGER NOT NULL REFERENCES chart_fetch(id),
                    rank INTEGER NOT NULL,
                    item_id TEXT NOT NULL REFERENCES chart_item(id),
                    PRIMARY KEY (fetch_id, rank)
                ) WITHOUT ROWID;
                CREATE INDEX chart_rank_item ON chart_rank(item_id, fetch_id);
                """)
        }
    }

    /// The tables, for counts that show a failed import changed nothing.
    static let tables = ["chart", "chart_fetch", "chart_item", "chart_rank"]
}
