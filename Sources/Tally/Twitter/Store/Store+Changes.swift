import GRDB

/// The store's change clock, as a rebuild reads it (`twitter_clock`).
public struct TwitterClock: Sendable, Equatable {
    /// A random name the store got when it was made: another store at the same path has another.
    public var origin: String
    /// The number of the last import file: tweets and links are stamped with their file's.
    public var seq: Int64
    /// How many prunes removed rows.
    public var removals: Int64
}

extension TwitterClock: FetchableRecord {
    enum Columns {
        static let origin = Column("origin"), seq = Column("seq"), removals = Column("removals")
    }

    /// Reads the `twitter_clock` row.
    public init(row: Row) {
        self.init(origin: row[Columns.origin], seq: row[Columns.seq], removals: row[Columns.removals])
    }
}

/// What a rebuild reads to find the pages whose rows changed since the build before it.
extension Store {
    public func twitterClock() throws -> TwitterClock {
        try queue.read { db in
            try TwitterClock.fetchOne(db, sql: "SELECT origin, seq, removals FROM twitter_clock") ?? TwitterClock(origin: "", seq: 0, removals: 0)
        }
    }

    /// Every stored user, as a card names them.
    public func allUsers() throws -> [StoredUser] {
        try queue.read { db in
            try StoredUser.fetchAll(db, sql: "SELECT id, screen_name, name, avatar_url FROM user ORDER BY id")
        }
    }

    /// Tweets stored by import files after `seq`, with their authors.
    public func tweets(storedAfter seq: Int64) throws -> [(id: String, author: String?)] {
        try queue.read { db in
            try ValuePair<String, String?>.fetchAll(db, sql: "SELECT id, author_id FROM tweet WHERE seq > ?", arguments: [seq])
                .map { (id: $0.first, author: $0.second) }
        }
    }

    /// Search–tweet links made by import files after `seq`.
    public func termLinks(madeAfter seq: Int64) throws -> [(term: Int64, tweet: String)] {
        try queue.read { db in
            try ValuePair<Int64, String>.fetchAll(db, sql: "SELECT term_id, tweet_id FROM term_tweet WHERE seq > ?", arguments: [seq])
                .map { (term: $0.first, tweet: $0.second) }
        }
    }

    /// Whether import files after `seq` put tweets in a timeline.
    public func timelinesChanged(after seq: Int64) throws -> Bool {
        try queue.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM timeline_tweet WHERE seq > ?)", arguments: [seq]) ?? false }
    }

    /// The tweets by these users.
    public func tweets(byUsers ids: some Collection<String>) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT t.id FROM tweet t WHERE t.author_id IN (SELECT value FROM json_each(?))",
                                arguments: [JSONArgument.array(Array(ids))])
        }
    }

    /// The tweets tagged with these hashtags or users (folded, without `#` or `@`).
    public func tweets(tagged folded: some Collection<String>, kind: TextEntity.Kind) throws -> [String] {
        guard !folded.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT g.tweet_id FROM mention m JOIN tweet_tag g ON g.mention_id = m.id
                WHERE m.kind = ? AND m.folded IN (SELECT value FROM json_each(?))
                """, arguments: [kind.rawValue, JSONArgument.array(Array(folded))])
        }
    }

    /// The tweets that retweet or quote any of `ids`.
    public func tweets(referencing ids: some Collection<String>) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT id FROM tweet WHERE retweet_of IN (SELECT value FROM json_each(?1)) OR quoted_id IN (SELECT value FROM json_each(?1))
                """, arguments: [JSONArgument.array(Array(ids))])
        }
    }

    /// The tweets that reply to any of `ids`.
    public func tweets(replyingTo ids: some Collection<String>) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM tweet WHERE reply_to IN (SELECT value FROM json_each(?))", arguments: [JSONArgument.array(Array(ids))])
        }
    }

    /// The stored posts these tweets reply to.
    public func parents(of ids: some Collection<String>) throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT p.id FROM tweet t JOIN tweet p ON p.id = t.reply_to WHERE t.id IN (SELECT value FROM json_each(?))
                """, arguments: [JSONArgument.array(Array(ids))])
        }
    }

    /// The chain of stored posts `id` replies to, nearest last (oldest first), at most `limit`.
    public func ancestors(of id: String, limit: Int) throws -> [String] {
        try queue.read { db in
            var chain: [String] = []
            var next = try String.fetchOne(db, sql: "SELECT reply_to FROM tweet WHERE id = ?", arguments: [id])
            while let parent = next, chain.count < limit, !chain.contains(parent), parent != id,
                  let found = try ValuePair<String, String?>.fetchOne(db, sql: "SELECT id, reply_to FROM tweet WHERE id = ?", arguments: [parent]) {
                chain.append(found.first)
                next = found.second
            }
            return chain.reversed()
        }
    }

    /// Which lists hold these tweets: their authors, searches, hashtags (folded) and timelines.
    public func lists(of ids: some Collection<String>) throws -> (authors: Set<String>, terms: Set<Int64>, hashtags: Set<String>, timelines: Set<Int64>) {
        guard !ids.isEmpty else { return ([], [], [], []) }
        return try queue.read { db in
            let argument: StatementArguments = [JSONArgument.array(Array(ids))]
            let authors = try String.fetchAll(db, sql: "SELECT DISTINCT author_id FROM tweet WHERE id IN (SELECT value FROM json_each(?)) AND author_id IS NOT NULL",
                                              arguments: argument)
            let terms = try Int64.fetchAll(db, sql: "SELECT DISTINCT term_id FROM term_tweet WHERE tweet_id IN (SELECT value FROM json_each(?))", arguments: argument)
            // From the ids outwards (CROSS JOIN fixes the order): SQLite otherwise starts from every
            // hashtag and probes each against every id, a quarter of a second at 100k posts.
            let hashtags = try String.fetchAll(db, sql: """
                SELECT DISTINCT m.folded FROM json_each(?) j CROSS JOIN tweet_tag g ON g.tweet_id = j.value
                CROSS JOIN mention m ON m.id = g.mention_id WHERE m.kind = 'hashtag'
                """, arguments: argument)
            let timelines = try Int64.fetchAll(db, sql: "SELECT DISTINCT timeline_id FROM timeline_tweet WHERE tweet_id IN (SELECT value FROM json_each(?))",
                                               arguments: argument)
            return (Set(authors), Set(terms), Set(hashtags), Set(timelines))
        }
    }

    /// The tweets of these searches that more searches found too (their pages list the searches in history order).
    public func tweets(sharedByTerms terms: some Collection<Int64>) throws -> [String] {
        guard !terms.isEmpty else { return [] }
        return try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT tt.tweet_id FROM term_tweet tt WHERE tt.term_id IN (SELECT value FROM json_each(?))
                AND EXISTS (SELECT 1 FROM term_tweet o WHERE o.tweet_id = tt.tweet_id AND o.term_id != tt.term_id)
                """, arguments: [JSONArgument.array(terms.map(String.init))])
        }
    }

    /// The ids of the filter's tweets, newest first (the order of its pages), with their times.
    public func tweetIDs(_ filter: TweetFilter) throws -> (ids: [String], times: [Int64]) {
        try queue.read { db in
            let (clause, arguments) = filter.clause
            var ids: [String] = []
            var times: [Int64] = []
            let rows = try ValuePair<String, Int64>.fetchCursor(db.cachedStatement(sql: "SELECT t.id, t.created_at FROM tweet t" + clause
                                                                                   + " ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC"), arguments: arguments)
            while let row = try rows.next() {
                ids.append(row.first)
                times.append(row.second)
            }
            return (ids, times)
        }
    }

    /// Those of `ids` the filter selects, with their times (nil when the filter has no `probe`
    /// and is not a person's, whose posts are told by their author).
    public func members(_ filter: TweetFilter, among ids: some Collection<String>) throws -> [String: Int64]? {
        guard let (condition, arguments) = filter.authorCondition ?? filter.probe else { return nil }
        guard !ids.isEmpty else { return [:] }
        return try queue.read { db in
            var found: [String: Int64] = [:]
            let rows = try ValuePair<String, Int64>.fetchCursor(db.cachedStatement(sql: "SELECT t.id, t.created_at FROM tweet t WHERE t.id IN (SELECT value FROM json_each(?)) AND "
                                                                                   + condition), arguments: StatementArguments([JSONArgument.array(Array(ids))]) + arguments)
            while let row = try rows.next() { found[row.first] = row.second }
            return found
        }
    }

    /// Walks the ids of the filter's tweets newest first (the order of its pages), with their
    /// times, until `body` returns false: down the `tweet_newest` index, testing each row with the
    /// filter's `probe`, so a long list's newest posts are found without reading or sorting the
    /// rest. A person's are walked down their own index (`tweet_by_author`, newest first: only
    /// posts of the same second are sorted), which holds theirs alone. False when the filter has
    /// neither.
    public func walkTweetIDs(_ filter: TweetFilter, _ body: (String, Int64) -> Bool) throws -> Bool {
        let order = " ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC"
        let sql: String, arguments: StatementArguments
        if let (condition, authorArguments) = filter.authorCondition {
            (sql, arguments) = ("SELECT t.id, t.created_at FROM tweet t INDEXED BY tweet_by_author WHERE " + condition + order, authorArguments)
        } else if let (condition, probeArguments) = filter.probe {
            (sql, arguments) = ("SELECT t.id, t.created_at FROM tweet t INDEXED BY tweet_newest WHERE " + condition + order, probeArguments)
        } else {
            return false
        }
        try queue.read { db in
            let rows = try ValuePair<String, Int64>.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next(), body(row.first, row.second) {}
        }
        return true
    }

    /// How many tweets come before this one in "all tweets" (newest first): a count over the
    /// `tweet_newest` index, whose order is the list's.
    public func tweetsNewer(than id: String, at time: Int64) throws -> Int {
        try queue.read { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM tweet t INDEXED BY tweet_newest WHERE (t.created_at, length(t.id), t.id) > (?, length(?), ?)"),
                             arguments: [time, id, id]) ?? 0
        }
    }

    /// The ids of "all tweets" at these places, newest first, read from the `tweet_newest` index.
    public func allTweetIDs(_ places: Range<Int>) throws -> [String] {
        try queue.read { db in
            try String.fetchAll(db.cachedStatement(sql: "SELECT t.id FROM tweet t INDEXED BY tweet_newest ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC LIMIT ? OFFSET ?"),
                                arguments: [places.count, places.lowerBound])
        }
    }

    /// These tweets, in the order given, as one chunk with what their cards show beside them.
    public func tweetChunk(ids: [String]) throws -> TweetChunk {
        try queue.read { db in
            // Cached statements: a rebuild reads a chunk per list a new post joined, and preparing
            // the chunk's five queries each time was a third of its reading.
            let found = try StoredTweet.fetchAll(db.cachedStatement(sql: Self.tweetQuery + " WHERE t.id IN (SELECT value FROM json_each(?))"),
                                                 arguments: [JSONArgument.array(ids)])
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return try Self.chunk(ids.compactMap { byID[$0] }, db: db)
        }
    }

    /// These tweets, in the order given, as one chunk in which only those `whole` names, and the
    /// retweets of an original that two of them retweet (a page groups them), are read whole with
    /// what their cards show beside them. The others are read as their id, time and what they
    /// retweet, and named in the chunk's `partial`: a rebuild's lists show most posts' cards and
    /// feed entries as the previous build kept them, and reading them whole was most of a list's
    /// reading.
    public func tweetChunk(ids: [String], whole: (String) -> Bool) throws -> TweetChunk {
        // Asked before reading: `whole` takes the cards' locks, which must never wait while a
        // reader connection is held.
        let named = Set(ids.filter(whole))
        return try queue.read { db in
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, created_at, retweet_of FROM tweet WHERE id IN (SELECT value FROM json_each(?))"),
                                           arguments: [JSONArgument.array(ids)])
            var heads: [String: StoredTweet] = [:]
            var retweets: [String: Int] = [:]
            while let row = try rows.next() {
                let head = StoredTweet(id: row[0], author: nil, createdAt: row[1], text: TweetText(escaped: "", entities: []), language: nil, retweetOf: row[2], quotes: nil)
                heads[head.id] = head
                if let original = head.retweetOf { retweets[original, default: 0] += 1 }
            }
            let wanted = ids.filter { id in
                guard let head = heads[id] else { return false }
                return named.contains(id) || head.retweetOf.map { retweets[$0, default: 0] > 1 } ?? false
            }
            var chunk = TweetChunk(tweets: [])
            if !wanted.isEmpty {
                let found = try StoredTweet.fetchAll(db.cachedStatement(sql: Self.tweetQuery + " WHERE t.id IN (SELECT value FROM json_each(?))"),
                                                     arguments: [JSONArgument.array(wanted)])
                let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                chunk = try Self.chunk(wanted.compactMap { byID[$0] }, db: db)
            }
            let read = Dictionary(chunk.tweets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            chunk.tweets = ids.compactMap { id in read[id] ?? heads[id] }
            chunk.partial = Set(ids.filter { read[$0] == nil && heads[$0] != nil })
            return chunk
        }
    }
}
