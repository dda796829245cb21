import Foundation
import GRDB

/// Writes the tweet batches of one input file inside its transaction.
///
/// Existence is checked in bulk (one query per batch), statements are prepared once, and mention
/// counts are summed in memory per file and written once at the end.
final class TwitterSink: ImportSink {
    private let db: Database
    private var summary = TwitterImportReport()
    /// Terms, authors and mentions earlier files of the transaction (and this one) wrote or looked up.
    private let memo: Memo
    private var pending: [Int64: [MentionKey: PendingCount]] = [:]
    private var newLinks: [Int64: Int] = [:]
    /// Tag rows of new tweets, in tweet order, until `writeTags` finds their mentions' ids.
    private var pendingTags: [PendingTag] = []
    private let tagInsert: BatchedInsert
    private let tweetInsert: BatchedInsert
    private let linkInsert: BatchedInsert
    private let userUpsert: RawStatement
    /// This file's number on the store's change clock, stamped on the tweets and links it adds.
    private let seq: Int64
    /// How many mentions the memo's `knownMentions` holds at most before it starts over: a few tens of MB.
    private static let knownMentionLimit = 1 << 18
    /// How many tag rows wait at most before they are written: a few tens of MB.
    private static let tagFlushCount = 1 << 18
    /// Whether tag rows are written in key order: only when the store is bigger than SQLite's
    /// page cache. In a store that fits, every page is in memory anyway, and writing each tweet's
    /// tags in tweet order keeps the by-tweet index growing at its end (measured: the small
    /// store's import was 6% slower sorted).
    private let sortsTags: Bool

    /// A hashtag or user mention by its folded text.
    struct MentionKey: Hashable {
        let kind: TextEntity.Kind
        let folded: String
        /// `folded`'s hash, made once (for a post's mentions, on the reading thread): the sink looks
        /// each key up in several tables, and hashing the text each time was about 6 % of an
        /// import's samples (`perf`, the bench's 100k JSON Lines).
        private let foldedHash: Int

        init(kind: TextEntity.Kind, folded: String) {
            self.kind = kind
            self.folded = folded
            foldedHash = folded.hashValue
        }

        static func == (a: MentionKey, b: MentionKey) -> Bool {
            a.kind == b.kind && a.folded == b.folded
        }

        func hash(into hasher: inout Hasher) {
            // Not `combine(kind)`: a raw-valued enum hashes its raw text.
            if case .hashtag = kind { hasher.combine(true) } else { hasher.combine(false) }
            hasher.combine(foldedHash)
        }
    }

    /// A search's identity: its folded text on one network.
    struct TermKey: Hashable {
        var folded: String
        var network: PostNetwork
    }

    struct PendingCount {
        var display: String
        var count: Int
    }

    /// A new tweet's hashtag or user mention, waiting for its mention's id.
    struct PendingTag {
        var key: MentionKey
        var tweetID: String
        var display: String
    }

    /// What the sink remembers across the files of one transaction (`ImportMemo`).
    final class Memo {
        /// Term ids by folded text and network.
        var termIDs: [TermKey: Int64] = [:]
        /// Authors already written, so an author is written again only when they changed.
        var writtenUsers: [String: ImportedUser] = [:]
        /// Owners named by `--owner`, as the people they turned out to be.
        var namedOwners: [String: ImportedUser] = [:]
        /// Mention rows looked up or written, so that each is looked up once.
        var knownMentions: [MentionKey: StoredMention] = [:]
    }

    /// A mention row as the sink needs it: its id, the spelling it shows, and whether a search
    /// counted it yet.
    struct StoredMention {
        var id: Int64
        var display: String
        var counted: Bool
    }

    init(db: Database, memo: Memo) throws {
        self.db = db
        self.memo = memo
        // Statements from the connection's cache: a crawl opens a sink for each of its files.
        try db.cachedStatement(sql: "UPDATE twitter_clock SET seq = seq + 1").execute()
        seq = try Int64.fetchOne(db.cachedStatement(sql: "SELECT seq FROM twitter_clock")) ?? 0
        tagInsert = try BatchedInsert(db, head: "INSERT OR IGNORE INTO tweet_tag (mention_id, tweet_id, display)", columns: 3)
        tweetInsert = try BatchedInsert(db, head: """
            INSERT INTO tweet (id, author_id, created_at, text, entities, lang, retweet_of, quoted_id, network, web_url, warning, seq, reply_to, reply_to_user,
                               reply_count, repost_count, quote_count, like_count)
            """, columns: 18)
        // Made once a file, not once a page: each making built and looked up its 64 rows' SQL.
        linkInsert = try BatchedInsert(db, head: "INSERT INTO term_tweet (term_id, tweet_id, seq)", columns: 3)
        // Bound through the C API, not with GRDB's arguments array made and freed once a person.
        userUpsert = try RawStatement(db, sql: """
            INSERT INTO user (id, screen_name, name, avatar_url, bio, location, website, network) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET screen_name = excluded.screen_name, name = excluded.name,
                avatar_url = coalesce(excluded.avatar_url, avatar_url), bio = coalesce(excluded.bio, bio),
                location = coalesce(excluded.location, location), website = coalesce(excluded.website, website)
            WHERE screen_name IS NOT excluded.screen_name OR name IS NOT excluded.name
                OR (excluded.avatar_url IS NOT NULL AND avatar_url IS NOT excluded.avatar_url)
                OR (excluded.bio IS NOT NULL AND bio IS NOT excluded.bio)
                OR (excluded.location IS NOT NULL AND location IS NOT excluded.location)
                OR (excluded.website IS NOT NULL AND website IS NOT excluded.website)
            """)
        // A negative cache size is in KiB, a positive one in pages.
        let (pages, pageSize, cache) = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM pragma_page_count(), pragma_page_size(), pragma_cache_size()"))
            .map { ($0[0] as Int, $0[1] as Int, $0[2] as Int) } ?? (0, 4096, 0)
        sortsTags = pages * pageSize > (cache < 0 ? -cache * 1024 : cache * pageSize)
    }

    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws {
        guard var batch = batch as? TweetBatch else { return }
        // Done on the reading thread as a rule; here for a batch that came another way (a download).
        batch.prepare()
        if batch.network != .twitter { summary.postNoun = "post" }
        for person in batch.people { try writeUser(person) }
        let inserted = try storeTweets(batch.tweets, batch.rows!, ids: batch.ids!, counting: true)
        summary.relatedTweets += try storeTweets(batch.related, batch.relatedRows!, ids: batch.relatedIDs!, counting: false).count
        if let name = batch.timeline.map(Self.clean), !name.isEmpty { try addToTimeline(name, batch.tweets) }
        guard let text = batch.term.map(Self.clean), !text.isEmpty else { return }
        let tweets = batch.tweets
        // A search that says nothing of when it ran is dated by its file, never by the import.
        let fetchedAt = batch.fetchedAt ?? tweets.map(\.createdAt).max() ?? batch.fileModifiedAt
        if !summary.terms.contains(text) { summary.terms.append(text) }
        // Each post counts toward the search on its own network, so one term's rows never share
        // a post; a page with no post is its document's network's search.
        // A page of one network's posts (as good as every page) is linked as it is, not copied
        // into groups: each copy retains every text of every post.
        let network = tweets.first?.network ?? batch.network
        if tweets.allSatisfy({ $0.network == network }) {
            return try link(tweets, batch.rows!, tweets.indices, new: inserted, to: try term(text, network: network, fetchedAt: fetchedAt))
        }
        let byNetwork = Dictionary(grouping: tweets.indices, by: { tweets[$0].network })
        for network in PostNetwork.allCases where byNetwork[network] != nil {
            try link(tweets, batch.rows!, byNetwork[network]!, new: inserted, to: try term(text, network: network, fetchedAt: fetchedAt))
        }
    }

    /// Inserts the tweets not yet stored (`rows` made from them, in order, and `ids` their ids as
    /// a JSON array); returns the ids of those it inserted.
    ///
    /// The tweet rows go many to a statement (`BatchedInsert`), all of them before this returns:
    /// the links, tags and media that name them come after.
    private func storeTweets(_ tweets: [ImportedTweet], _ rows: [TweetRow], ids: String, counting: Bool) throws -> Set<String> {
        guard !tweets.isEmpty else { return [] }
        let known = try existing(json: ids, sql: "SELECT id FROM tweet WHERE id IN (SELECT value FROM json_each(?))")
        var inserted = Set<String>()
        inserted.reserveCapacity(tweets.count)
        let countsUpdate = try PostCountsUpdate(db: db, seq: seq)
        var withMedia: [Int] = []
        // By index, each field read where it lies: a copy of each post (`for tweet in tweets`)
        // retained and released every one of its texts.
        for index in tweets.indices {
            let id = tweets[index].id
            let author = try tweets[index].author.map(resolve)
            if let author { try writeUser(author) }
            let isKnown = known.contains(id)
            if isKnown || inserted.contains(id) {
                if counting { summary.knownTweets += 1 }
                // A post twice in one document: its first row must be in the table to take the counts.
                if !isKnown { try tweetInsert.flush() }
                try countsUpdate.run(tweets[index])
                continue
            }
            inserted.insert(id)
            if counting {
                summary.newTweets += 1
                if author == nil { summary.authorless += 1 }
            }
            tweetInsert.append(.text(id))
            tweetInsert.append(.text(author?.id))
            tweetInsert.append(.int(tweets[index].createdAt))
            tweetInsert.append(.text(tweets[index].text.text))
            tweetInsert.append(.text(rows[index].entities))
            tweetInsert.append(.text(tweets[index].language))
            tweetInsert.append(.text(tweets[index].retweetOf))
            tweetInsert.append(.text(tweets[index].quotes))
            tweetInsert.append(.text(tweets[index].network.rawValue))
            tweetInsert.append(.text(tweets[index].webURL))
            tweetInsert.append(.text(tweets[index].warning))
            tweetInsert.append(.int(seq))
            tweetInsert.append(.text(tweets[index].replyTo))
            tweetInsert.append(.text(tweets[index].replyToUser))
            let counts = tweets[index].counts
            tweetInsert.append(Self.value(counts.replies))
            tweetInsert.append(Self.value(counts.reposts))
            tweetInsert.append(Self.value(counts.quotes))
            tweetInsert.append(Self.value(counts.likes))
            try tweetInsert.endRow()
            for (key, display) in rows[index].mentions {
                pendingTags.append(PendingTag(key: key, tweetID: id, display: display))
            }
            if !tweets[index].media.isEmpty { withMedia.append(index) }
        }
        try tweetInsert.flush()
        if !withMedia.isEmpty {
            let mediaStatement = try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO tweet_media (tweet_id, position, kind, image_url, link_url, alt, width, height) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for index in withMedia {
                let tweet = tweets[index]
                for (position, media) in tweet.media.enumerated() {
                    try mediaStatement.execute(arguments: [tweet.id, position, media.kind.rawValue, media.imageURL, media.linkURL,
                                                            media.alt, media.width, media.height])
                }
            }
        }
        // In key order, many batches' worth at a time; in tweet order, a few thousand rows, so
        // that the mentions are looked up a few at a time rather than batch by batch.
        if pendingTags.count >= (sortsTags ? Self.tagFlushCount : Self.tagFlushCount >> 5) { try writeTags() }
        return inserted
    }

    private static func value(_ number: Int64?) -> BatchedInsert.Value {
        number.map { .int($0) } ?? .text(nil)
    }

    /// The person an owner named only by screen name (`--owner`) is: the one stored under that
    /// name on Twitter, so a lone `tweets.js` joins its owner's other tweets; else a new person.
    private func resolve(_ author: ImportedUser) throws -> ImportedUser {
        guard author.id.hasPrefix(TwitterArchive.namedOwnerPrefix) else { return author }
        if let known = memo.namedOwners[author.id] { return known }
        var resolved = author
        let statement = try db.cachedStatement(sql: """
            SELECT id, screen_name, name FROM user WHERE network = ? AND screen_name = ? COLLATE NOCASE AND id <> ? ORDER BY id LIMIT 1
            """)
        if let known = try StoredUser.fetchOne(statement, arguments: [PostNetwork.twitter.rawValue, author.screenName, author.id]) {
            resolved.id = known.id
            resolved.screenName = known.screenName
            resolved.name = known.name
        }
        memo.namedOwners[author.id] = resolved
        return resolved
    }

    /// Writes a person unless this transaction already wrote them as they are.
    private func writeUser(_ author: ImportedUser) throws {
        guard memo.writtenUsers[author.id] != author else { return }
        userUpsert.bind(1, author.id)
        userUpsert.bind(2, author.screenName)
        userUpsert.bind(3, author.name)
        userUpsert.bind(4, author.avatarURL)
        userUpsert.bind(5, author.bio)
        userUpsert.bind(6, author.location)
        userUpsert.bind(7, author.website)
        userUpsert.bind(8, author.network.rawValue)
        try userUpsert.run()
        memo.writtenUsers[author.id] = author
    }

    /// Writes the waiting tag rows, each naming its mention by id (new mentions are added, not
    /// yet counted) and keeping the tweet's spelling only where its bytes differ from the
    /// mention's (Swift's `==` would take "K" and the Kelvin sign "K" for the same).
    ///
    /// New tweets' ids follow the stored ones, so the tweet table and its other indexes grow at
    /// one end; `tweet_tag` is keyed by mention first, and a tweet's tags land all over it. Once
    /// that table outgrows the page cache, inserting in tweet order reads a page back for many
    /// rows; in key order, each mention's last page is visited once per flush.
    private func writeTags() throws {
        guard !pendingTags.isEmpty else { return }
        // Each tag's mention as the memo has it; only the others are looked up (or added), once a key.
        var resolved: [StoredMention?] = []
        resolved.reserveCapacity(pendingTags.count)
        var spellings: [MentionKey: String] = [:]
        for tag in pendingTags {
            let mention = memo.knownMentions[tag.key]
            resolved.append(mention)
            if mention == nil, spellings[tag.key] == nil { spellings[tag.key] = tag.display }
        }
        let looked = spellings.isEmpty ? [:] : try mentions(for: spellings, counted: false)
        defer { pendingTags.removeAll(keepingCapacity: true) }
        func add(_ mention: StoredMention, _ tag: PendingTag) throws {
            try tagInsert.add(.int(mention.id), .text(tag.tweetID), .text(tag.display.utf8.elementsEqual(mention.display.utf8) ? nil : tag.display))
        }
        if sortsTags {
            var rows = pendingTags.indices.compactMap { index in (resolved[index] ?? looked[pendingTags[index].key]).map { (mention: $0, tag: pendingTags[index]) } }
            rows.sort { a, b in
                a.mention.id != b.mention.id ? a.mention.id < b.mention.id : a.tag.tweetID.utf8.lexicographicallyPrecedes(b.tag.tweetID.utf8)
            }
            for (mention, tag) in rows { try add(mention, tag) }
        } else {
            for (index, tag) in pendingTags.enumerated() {
                guard let mention = resolved[index] ?? looked[tag.key] else { continue }
                try add(mention, tag)
            }
        }
        try tagInsert.flush()
    }

    /// The id of the term's search on `network`, created if new; a later search moves it up the history.
    private func term(_ text: String, network: PostNetwork, fetchedAt: Int64?) throws -> Int64 {
        let folded = text.lowercased()
        let key = TermKey(folded: folded, network: network)
        if let id = memo.termIDs[key] {
            if let fetchedAt {
                try db.cachedStatement(sql: "UPDATE term SET searched_at = ? WHERE id = ? AND searched_at < ?")
                    .execute(arguments: [fetchedAt, id, fetchedAt])
            }
            return id
        }
        let id: Int64
        // Statements from the connection's cache: a crawl's files each look up their term.
        if let known = try ValuePair<Int64, Int64>.fetchOne(db.cachedStatement(sql: "SELECT id, searched_at FROM term WHERE folded = ? AND network = ?"),
                                                            arguments: [folded, network.rawValue]) {
            id = known.first
            if let fetchedAt, fetchedAt > known.second {
                try db.cachedStatement(sql: "UPDATE term SET searched_at = ? WHERE id = ?").execute(arguments: [fetchedAt, id])
            }
        } else {
            try db.cachedStatement(sql: "INSERT INTO term (folded, network, text, searched_at) VALUES (?, ?, ?, ?)")
                .execute(arguments: [folded, network.rawValue, text, fetchedAt ?? BuildClock.now()])
            id = db.lastInsertedRowID
        }
        memo.termIDs[key] = id
        return id
    }

    /// Names the tweets as part of a timeline, once each. Names are case-blind, as their pages'
    /// addresses are (`Mentions of @Bob` and `Mentions of @bob` are one timeline, whose first
    /// spelling stays), so two timelines never share a page.
    private func addToTimeline(_ name: String, _ tweets: [ImportedTweet]) throws {
        let folded = name.lowercased()
        // A store holds a few timelines; comparing in Swift folds case as the address does.
        let known = try ValuePair<Int64, String>.fetchAll(db, sql: "SELECT id, name FROM timeline").first { $0.second.lowercased() == folded }
        let id: Int64
        if let known {
            id = known.first
        } else {
            try db.execute(sql: "INSERT INTO timeline (name) VALUES (?)", arguments: [name])
            id = db.lastInsertedRowID
        }
        let statement = try RawStatement(db, sql: "INSERT OR IGNORE INTO timeline_tweet (timeline_id, tweet_id, seq) VALUES (?, ?, ?)")
        for tweet in tweets {
            statement.bind(1, id)
            statement.bind(2, tweet.id)
            statement.bind(3, seq)
            try statement.run()
        }
    }

    /// Links the tweets at `indices` to a term once each and queues their mentions for counting.
    /// Only tweets stored before this batch (not in `new`) can be linked already: a link names a
    /// stored tweet, so those the batch inserted are not looked up.
    private func link(_ tweets: [ImportedTweet], _ rows: [TweetRow], _ indices: some Collection<Int>, new: Set<String>,
                      to termID: Int64) throws {
        guard !indices.isEmpty else { return }
        let stored = indices.lazy.map { tweets[$0].id }.filter { !new.contains($0) }
        let known = try existing(Array(stored),
                                 sql: "SELECT tweet_id FROM term_tweet WHERE term_id = \(termID) AND tweet_id IN (SELECT value FROM json_each(?))")
        // Links from earlier pages of this file are already in term_tweet (this transaction sees
        // its own writes), so `known` covers them; only repeats within this page need a set, and
        // memory does not grow with the file.
        var linked = Set<String>()
        // Taken out while it grows, so that adding to it never copies the whole dictionary.
        var counts = pending.removeValue(forKey: termID) ?? [:]
        for index in indices {
            let id = tweets[index].id
            guard !known.contains(id), linked.insert(id).inserted else { continue }
            try linkInsert.add(.int(termID), .text(id), .int(seq))
            newLinks[termID, default: 0] += 1
            for (key, display) in rows[index].mentions {
                counts[key, default: PendingCount(display: display, count: 0)].count += 1
            }
        }
        pending[termID] = counts
        try linkInsert.flush()
    }

    /// Writes the summed mention counts and tweet counts of the file.
    func finish() throws -> any ImportReport {
        try writeTags()
        guard !pending.isEmpty || !newLinks.isEmpty else { return summary }
        // Many rows to a statement, each summed into its row as a statement of its own would.
        let upsert = try BatchedInsert(db, head: "INSERT INTO term_mention (term_id, mention_id, kind, folded, count)", columns: 5,
                                       tail: "ON CONFLICT(term_id, mention_id) DO UPDATE SET count = count + excluded.count",
                                       remainderByRow: true)
        for (termID, counts) in pending.sorted(by: { $0.key < $1.key }) {
            let mentions = try mentions(for: counts.mapValues(\.display), counted: true)
            // In mention order, so that the upserts walk `term_mention` from one end to the other.
            let ordered = counts.compactMap { key, value in mentions[key].map { (id: $0.id, key: key, value: value) } }.sorted { $0.id < $1.id }
            for (id, key, value) in ordered {
                upsert.append(.int(termID))
                upsert.append(.int(id))
                upsert.append(.text(key.kind.rawValue))
                upsert.append(.text(key.folded))
                upsert.append(.int(Int64(value.count)))
                try upsert.endRow()
                summary.mentionsCounted += value.count
            }
            // Before the next term's mentions are looked up: they may respell rows counted here.
            try upsert.flush()
        }
        for (termID, added) in newLinks where added > 0 {
            try db.cachedStatement(sql: "UPDATE term SET tweet_count = tweet_count + ? WHERE id = ?").execute(arguments: [added, termID])
        }
        return summary
    }

    /// The mention rows for these keys, inserting the new ones with the given spelling.
    ///
    /// A search that counts a mention for the first time (`counted`) gives it its spelling, as
    /// the popularity tables show the first counted one; the tag rows that relied on the old
    /// spelling get it written out first, so no tweet's own spelling changes.
    private func mentions(for spellings: [MentionKey: String], counted: Bool) throws -> [MentionKey: StoredMention] {
        var found: [MentionKey: StoredMention] = [:]
        found.reserveCapacity(spellings.count)
        var unknown: [MentionKey] = []
        for key in spellings.keys {
            if let mention = memo.knownMentions[key] { found[key] = mention } else { unknown.append(key) }
        }
        let lookup = try RawStatement(db, sql: "SELECT id, folded, display, counted FROM mention WHERE kind = ? AND folded IN (SELECT value FROM json_each(?))")
        for kind in [TextEntity.Kind.hashtag, .user] {
            let keys = unknown.filter { $0.kind == kind }.map(\.folded)
            guard !keys.isEmpty else { continue }
            lookup.bind(1, kind.rawValue)
            lookup.bind(2, JSONArgument.array(keys))
            for (folded, mention) in try lookup.rows({ ($0.text(1), StoredMention(id: $0.int(0), display: $0.text(2), counted: $0.int(3) != 0)) }) {
                found[MentionKey(kind: kind, folded: folded)] = mention
            }
        }
        if counted {
            let keepSpelling = try RawStatement(db, sql: "UPDATE tweet_tag SET display = ? WHERE mention_id = ? AND display IS NULL")
            let respell = try RawStatement(db, sql: "UPDATE mention SET display = ? WHERE id = ?")
            var firstCounted: [String] = []
            for (key, mention) in found where !mention.counted {
                let display = spellings[key] ?? mention.display
                if !display.utf8.elementsEqual(mention.display.utf8) {
                    keepSpelling.bind(1, mention.display)
                    keepSpelling.bind(2, mention.id)
                    try keepSpelling.run()
                    respell.bind(1, display)
                    respell.bind(2, mention.id)
                    try respell.run()
                }
                firstCounted.append(String(mention.id))
                found[key] = StoredMention(id: mention.id, display: display, counted: true)
            }
            if !firstCounted.isEmpty {
                let count = try RawStatement(db, sql: "UPDATE mention SET counted = 1 WHERE id IN (SELECT CAST(value AS INTEGER) FROM json_each(?))")
                count.bind(1, JSONArgument.array(firstCounted))
                try count.run()
            }
        }
        // New mentions get ids in a stable order, so the same imports give the same store. Only
        // the new ones are sorted: most of a file's mentions are known by then. They go many to a
        // statement, each with the id SQLite would give it alone (one past the largest).
        let new = spellings.filter { found[$0.key] == nil }
        if !new.isEmpty {
            var id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(id), 0) FROM mention")) ?? 0
            let insert = try BatchedInsert(db, head: "INSERT INTO mention (id, kind, folded, display, counted)", columns: 5, remainderByRow: true)
            for (key, display) in new.sorted(by: { ($0.key.kind.rawValue, $0.key.folded) < ($1.key.kind.rawValue, $1.key.folded) }) {
                id += 1
                insert.append(.int(id))
                insert.append(.text(key.kind.rawValue))
                insert.append(.text(key.folded))
                insert.append(.text(display))
                insert.append(.int(counted ? 1 : 0))
                try insert.endRow()
                found[key] = StoredMention(id: id, display: display, counted: counted)
            }
            try insert.flush()
        }
        if memo.knownMentions.count + found.count > Self.knownMentionLimit { memo.knownMentions.removeAll(keepingCapacity: true) }
        memo.knownMentions.merge(found) { _, new in new }
        return found
    }

    /// The keys of `ids` that the query finds, in one query with the keys bound as a JSON array.
    private func existing(_ ids: [String], sql: String) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try existing(json: JSONArgument.array(ids), sql: sql)
    }

    /// The same, with the keys as a JSON array already.
    private func existing(json: String, sql: String) throws -> Set<String> {
        let query = try RawStatement(db, sql: sql)
        query.bind(1, json)
        return Set(try query.strings())
    }

    /// Terms are shown as given, less surrounding spaces and line breaks.
    private static func clean(_ term: String) -> String {
        term.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
