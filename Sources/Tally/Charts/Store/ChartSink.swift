import GRDB

/// Writes the chart feeds of one input file inside its transaction.
///
/// The rules: a fetch is known by its chart and fingerprint, so the same fetch again changes
/// nothing; a fetch newer than the chart's current one becomes the current ranking, an older one
/// only joins the history; an item's details follow the newest fetch that listed it.
final class ChartSink: ImportSink {
    private let db: Database
    private(set) var report = ChartImportReport()

    init(db: Database) {
        self.db = db
    }

    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws {
        guard let feed = batch as? ChartFeed else { return }
        try add(feed)
    }

    func add(_ feed: ChartFeed) throws {
        let chartID = try chart(for: feed)
        let fingerprint = feed.fingerprint
        if try Int64.fetchOne(db, sql: "SELECT id FROM chart_fetch WHERE chart_id = ? AND fingerprint = ?",
                              arguments: [chartID, fingerprint]) != nil {
            report.fetches.append(.init(title: feed.title, country: feed.country, updatedAt: feed.updatedAt, outcome: .alreadyStored,
                                        items: feed.entries.count, newItems: 0))
            return
        }
        let current = try Row.fetchOne(db, sql: """
            SELECT f.id, f.updated_at FROM chart c JOIN chart_fetch f ON f.id = c.current_fetch_id WHERE c.id = ?
            """, arguments: [chartID])
        // Newer by the feed's own time; a fetch that gives none counts as older than one that does,
        // and between two without (or with equal) times the later import wins.
        let currentTime: Int64? = current?["updated_at"]
        let isNewest = current == nil || (feed.updatedAt ?? .min) >= (currentTime ?? .min)

        try db.execute(sql: "INSERT INTO chart_fetch (chart_id, fingerprint, updated_at, item_count) VALUES (?, ?, ?, ?)",
                       arguments: [chartID, fingerprint, feed.updatedAt, feed.entries.count])
        let fetchID = db.lastInsertedRowID
        if isNewest {
            try db.execute(sql: """
                UPDATE chart SET title = ?, media_type = ?, country = ?, feed_url = ?, store_url = ?, rights = ?, current_fetch_id = ?
                WHERE id = ?
                """, arguments: [feed.title, feed.mediaType, feed.country, feed.feedURL, feed.storeURL, feed.rights, fetchID, chartID])
        }
        let newItems = try storeItems(feed)
        let rank = try db.cachedStatement(sql: "INSERT INTO chart_rank (fetch_id, rank, item_id) VALUES (?, ?, ?)")
        for entry in feed.entries {
            try rank.execute(arguments: [fetchID, entry.rank, entry.id])
        }
        report.fetches.append(.init(title: feed.title, country: feed.country, updatedAt: feed.updatedAt,
                                    outcome: isNewest ? .current : .history, items: feed.entries.count, newItems: newItems))
    }

    func finish() throws -> any ImportReport { report }

    /// The chart's row id, made on its first fetch.
    private func chart(for feed: ChartFeed) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM chart WHERE key = ?", arguments: [feed.key]) { return id }
        try db.execute(sql: """
            INSERT INTO chart (key, title, media_type, country, feed_url, store_url, rights) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [feed.key, feed.title, feed.mediaType, feed.country, feed.feedURL, feed.storeURL, feed.rights])
        return db.lastInsertedRowID
    }

    /// Inserts new items and refreshes known ones when this fetch is at least as new as the one
    /// their details came from; returns how many were new.
    private func storeItems(_ feed: ChartFeed) throws -> Int {
        let ids = feed.entries.map(\.id)
        let known = Set(try String.fetchAll(db, sql: "SELECT id FROM chart_item WHERE id IN (SELECT value FROM json_each(?))",
                                            arguments: [jsonArray(ids)]))
        let statement = try db.cachedStatement(sql: """
            INSERT INTO chart_item (id, name, artist, artist_url, media_type, kind, category, release_date, release_label,
                price_label, price_amount, currency, rental_label, rental_amount, summary, rights, store_url,
                thumb_url, thumb_width, thumb_height, artwork_url, artwork_width, artwork_height, advisory, collection, track_count, seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET name = excluded.name, artist = excluded.artist, artist_url = excluded.artist_url,
                media_type = excluded.media_type, kind = excluded.kind, category = excluded.category,
                release_date = excluded.release_date, release_label = excluded.release_label,
                price_label = excluded.price_label, price_amount = excluded.price_amount, currency = excluded.currency,
                rental_label = excluded.rental_label, rental_amount = excluded.rental_amount,
                summary = coalesce(excluded.summary, summary), rights = coalesce(excluded.rights, rights),
                store_url = coalesce(excluded.store_url, store_url),
                thumb_url = coalesce(excluded.thumb_url, thumb_url),
                thumb_width = CASE WHEN excluded.thumb_url IS NULL THEN thumb_width ELSE excluded.thumb_width END,
                thumb_height = CASE WHEN excluded.thumb_url IS NULL THEN thumb_height ELSE excluded.thumb_height END,
                artwork_url = coalesce(excluded.artwork_url, artwork_url),
                artwork_width = CASE WHEN excluded.artwork_url IS NULL THEN artwork_width ELSE excluded.artwork_width END,
                artwork_height = CASE WHEN excluded.artwork_url IS NULL THEN artwork_height ELSE excluded.artwork_height END, advisory = excluded.advisory,
                collection = coalesce(excluded.collection, collection), track_count = coalesce(excluded.track_count, track_count),
                seen_at = excluded.seen_at
            WHERE coalesce(excluded.seen_at, -9223372036854775808) >= coalesce(seen_at, -9223372036854775808)
            """)
        var written = Set<String>()
        for entry in feed.entries where written.insert(entry.id).inserted {
            let thumb = entry.image(atLeast: 100)
            let artwork = entry.largestImage
            let values: [(any DatabaseValueConvertible)?] = [
                entry.id, entry.name, entry.artist, entry.artistURL, feed.mediaType, entry.kind, entry.category,
                entry.releaseDate, entry.releaseLabel, entry.price?.label, entry.price?.amount,
                entry.price?.currency ?? entry.rentalPrice?.currency, entry.rentalPrice?.label, entry.rentalPrice?.amount,
                entry.summary, entry.rights, entry.storeURL, thumb?.url, thumb?.width, thumb?.height,
                artwork?.url, artwork?.width, artwork?.height, entry.advisory, entry.collection, entry.trackCount, feed.updatedAt,
            ]
            try statement.execute(arguments: StatementArguments(values))
        }
        return written.subtracting(known).count
    }

    private func jsonArray(_ values: [String]) -> String {
        "[" + values.map { value in
            var out = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }.joined(separator: ",") + "]"
    }
}

/// What importing one file did to the charts, for the summary line.
public struct ChartImportReport: ImportReport, Equatable {
    public struct Fetch: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            /// The newest fetch of its chart: now its current ranking.
            case current
            /// Older than the chart's current ranking: kept as history only.
            case history
            /// Imported before: nothing changed.
            case alreadyStored
        }
        public var title: String
        public var country: String?
        public var updatedAt: Int64?
        public var outcome: Outcome
        public var items: Int
        public var newItems: Int
    }

    public var fetches: [Fetch] = []

    public var description: String { fetches.map(\.description).joined(separator: "; ") }
}

extension ChartImportReport.Fetch: CustomStringConvertible {
    /// `100 chart items, 12 new: "Top Songs" (us) of 2022-04-27 08:49, now its current ranking`.
    public var description: String {
        let chart = "\"\(title)\"" + (country.map { " (\($0))" } ?? "")
        let when = updatedAt.map { " of " + UTCTime.format($0) } ?? ""
        let counted = items == 1 ? "1 chart item" : "\(items) chart items"
        switch outcome {
        case .alreadyStored: return "chart \(chart)\(when) already stored, nothing changed"
        case .current: return "\(counted), \(newItems) new: \(chart)\(when), now its current ranking"
        case .history: return "\(counted), \(newItems) new: \(chart)\(when), older than its current ranking, kept as history"
        }
    }
}
