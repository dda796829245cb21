import Foundation
import GRDB

/// Writes the batches of one input file inside its transaction.
///
/// Existence is checked in bulk (one query per batch), statements are prepared once, and mention
/// counts are summed in memory per file and written once at the end.
final class ImportSink {
    private let db: Database
    private(set) var summary: ImportSummary
    private var termIDs: [String: Int64] = [:]
    /// Per term: the tweets linked to it by this file, so a tweet repeated across pages counts once.
    private var linkedThisFile: [Int64: Set<String>] = [:]
    private var pending: [Int64: [MentionKey: PendingCount]] = [:]
    private var newLinks: [Int64: Int] = [:]

    struct MentionKey: Hashable {
        var kind: TextEntity.Kind
        var folded: String
    }

    struct PendingCount {
        var display: String
        var count: Int
    }

    init(db: Database, file: String) {
        self.db = db
        self.summary = ImportSummary(file: file)
    }

    func add(_ batch: ImportBatch, format: InputFormat) throws {
        if !summary.formats.contains(format) { summary.formats.append(format) }
        _ = try storeTweets(batch.tweets, counting: true)
        summary.relatedTweets += try storeTweets(batch.related, counting: false)
        guard let text = batch.term.map(Self.clean), !text.isEmpty else { return }
        let termID = try term(text, fetchedAt: batch.fetchedAt ?? batch.tweets.map(\.createdAt).max())
        if !summary.terms.contains(text) { summary.terms.append(text) }
        try link(batch.tweets, to: termID)
    }

    /// Inserts the tweets not yet stored; returns how many were new.
    private func storeTweets(_ tweets: [ImportedTweet], counting: Bool) throws -> Int {
        guard !tweets.isEmpty else { return 0 }
        let known = try existing(Array(Set(tweets.map(\.id))), sql: "SELECT id FROM tweet WHERE id IN ")
        var inserted = Set<String>()
        let userStatement = try db.cachedStatement(sql: """
            INSERT INTO user (id, screen_name, name, avatar_url) VALUES (?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET screen_name = excluded.screen_name, name = excluded.name,
                avatar_url = coalesce(excluded.avatar_url, avatar_url)
            WHERE screen_name IS NOT excluded.screen_name OR name IS NOT excluded.name
                OR (excluded.avatar_url IS NOT NULL AND avatar_url IS NOT excluded.avatar_url)
            """)
        let tweetStatement = try db.cachedStatement(sql: """
            INSERT INTO tweet (id, author_id, created_at, text, lang, retweet_of, quoted_id) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let entityStatement = try db.cachedStatement(sql: """
            INSERT INTO tweet_entity (tweet_id, position, kind, start, end, value, expanded_url, display_url)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var seenUsers = Set<String>()
        for tweet in tweets {
            if let author = tweet.author, seenUsers.insert(author.id).inserted {
                try userStatement.execute(arguments: [author.id, author.screenName, author.name, author.avatarURL])
            }
            if known.contains(tweet.id) || inserted.contains(tweet.id) {
                if counting { summary.knownTweets += 1 }
                continue
            }
            inserted.insert(tweet.id)
            if counting { summary.newTweets += 1 }
            try tweetStatement.execute(arguments: [tweet.id, tweet.author?.id, tweet.createdAt, tweet.text.text,
                                                   tweet.language, tweet.retweetOf, tweet.quotes])
            for (position, entity) in tweet.text.entities.enumerated() {
                try entityStatement.execute(arguments: [tweet.id, position, entity.kind.rawValue, entity.range?.lowerBound,
                                                        entity.range?.upperBound, entity.value, entity.expandedURL, entity.displayURL])
            }
        }
        return inserted.count
    }

    /// The term's id, created if new; a later search moves it up the history.
    private func term(_ text: String, fetchedAt: Int64?) throws -> Int64 {
        let folded = text.lowercased()
        if let id = termIDs[folded] {
            if let fetchedAt {
                try db.execute(sql: "UPDATE term SET searched_at = ? WHERE id = ? AND searched_at < ?", arguments: [fetchedAt, id, fetchedAt])
            }
            return id
        }
        let id: Int64
        if let row = try Row.fetchOne(db, sql: "SELECT id, searched_at FROM term WHERE folded = ?", arguments: [folded]) {
            id = row["id"]
            if let fetchedAt, fetchedAt > row["searched_at"] as Int64 {
                try db.execute(sql: "UPDATE term SET searched_at = ? WHERE id = ?", arguments: [fetchedAt, id])
            }
        } else {
            try db.execute(sql: "INSERT INTO term (folded, text, searched_at) VALUES (?, ?, ?)",
                           arguments: [folded, text, fetchedAt ?? BuildClock.now()])
            id = db.lastInsertedRowID
        }
        termIDs[folded] = id
        return id
    }

    /// Links tweets to a term once each and queues their mentions for counting.
    private func link(_ tweets: [ImportedTweet], to termID: Int64) throws {
        let ids = Array(Set(tweets.map(\.id)))
        guard !ids.isEmpty else { return }
        let known = try existing(ids, sql: "SELECT tweet_id FROM term_tweet WHERE term_id = \(termID) AND tweet_id IN ")
        let statement = try db.cachedStatement(sql: "INSERT INTO term_tweet (term_id, tweet_id) VALUES (?, ?)")
        var linked = linkedThisFile[termID, default: []]
        var counts = pending[termID, default: [:]]
        for tweet in tweets where !known.contains(tweet.id) && linked.insert(tweet.id).inserted {
            try statement.execute(arguments: [termID, tweet.id])
            newLinks[termID, default: 0] += 1
            for mention in tweet.distinctMentions {
                counts[MentionKey(kind: mention.kind, folded: mention.folded), default: PendingCount(display: mention.value, count: 0)].count += 1
            }
        }
        linkedThisFile[termID] = linked
        pending[termID] = counts
    }

    /// Writes the summed mention counts and tweet counts of the file.
    func finish() throws {
        let upsert = try db.cachedStatement(sql: """
            INSERT INTO term_mention (term_id, mention_id, kind, folded, count) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(term_id, mention_id) DO UPDATE SET count = count + excluded.count
            """)
        for (termID, counts) in pending.sorted(by: { $0.key < $1.key }) {
            let ids = try mentionIDs(for: counts)
            for (key, value) in counts.sorted(by: { ($0.key.kind.rawValue, $0.key.folded) < ($1.key.kind.rawValue, $1.key.folded) }) {
                try upsert.execute(arguments: [termID, ids[key], key.kind.rawValue, key.folded, value.count])
                summary.mentionsCounted += value.count
            }
        }
        for (termID, added) in newLinks where added > 0 {
            try db.execute(sql: "UPDATE term SET tweet_count = tweet_count + ? WHERE id = ?", arguments: [added, termID])
        }
    }

    /// The mention rows for these keys, inserting the new ones with their first-seen casing.
    private func mentionIDs(for counts: [MentionKey: PendingCount]) throws -> [MentionKey: Int64] {
        var ids: [MentionKey: Int64] = [:]
        for kind in [TextEntity.Kind.hashtag, .user] {
            let keys = counts.keys.filter { $0.kind == kind }.map(\.folded)
            for chunk in keys.chunked(500) {
                let rows = try Row.fetchAll(db, sql: "SELECT id, folded FROM mention WHERE kind = ? AND folded IN (\(Self.placeholders(chunk.count)))",
                                            arguments: StatementArguments([kind.rawValue] + chunk))
                for row in rows { ids[MentionKey(kind: kind, folded: row["folded"])] = row["id"] }
            }
        }
        let insert = try db.cachedStatement(sql: "INSERT INTO mention (kind, folded, display) VALUES (?, ?, ?)")
        for (key, value) in counts.sorted(by: { ($0.key.kind.rawValue, $0.key.folded) < ($1.key.kind.rawValue, $1.key.folded) }) where ids[key] == nil {
            try insert.execute(arguments: [key.kind.rawValue, key.folded, value.display])
            ids[key] = db.lastInsertedRowID
        }
        return ids
    }

    private func existing(_ ids: [String], sql: String) throws -> Set<String> {
        var found = Set<String>()
        for chunk in ids.chunked(500) {
            found.formUnion(try String.fetchAll(db, sql: sql + "(\(Self.placeholders(chunk.count)))", arguments: StatementArguments(chunk)))
        }
        return found
    }

    private static func placeholders(_ count: Int) -> String {
        String(repeating: "?, ", count: max(count - 1, 0)) + "?"
    }

    /// Terms are shown as given, less surrounding spaces and line breaks.
    private static func clean(_ term: String) -> String {
        term.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
