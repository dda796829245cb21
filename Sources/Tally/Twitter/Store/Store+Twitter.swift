import GRDB

extension Store {
    /// The newest searches first, at most `limit`.
    public func searchHistory(limit: Int = 100) throws -> [SearchTerm] {
        try queue.read { db in
            try SearchTerm.fetchAll(db, sql: "SELECT id, text, folded, searched_at, tweet_count, network FROM term ORDER BY searched_at DESC, id DESC LIMIT ?",
                                    arguments: [limit])
        }
    }

    /// Every term, newest search first.
    public func allTerms() throws -> [SearchTerm] {
        try searchHistory(limit: -1)
    }

    /// A term's hashtags or users seen in at least two of its tweets, most first, ties by folded
    /// name in code-point order: one walk of the `term_mention_popularity` index.
    public func popularity(of term: Int64, kind: TextEntity.Kind) throws -> Popularity {
        try queue.read { db in
            let rows = try MentionCount.fetchAll(db, sql: """
                SELECT m.display, tm.folded, tm.count FROM term_mention tm JOIN mention m ON m.id = tm.mention_id
                WHERE tm.term_id = ? AND tm.kind = ? AND tm.count > 1
                ORDER BY tm.count DESC, tm.folded
                """, arguments: [term, kind.rawValue])
            let singles = try Int.fetchOne(db, sql: "SELECT count(*) FROM term_mention WHERE term_id = ? AND kind = ? AND count = 1",
                                           arguments: [term, kind.rawValue]) ?? 0
            return Popularity(rows: rows, hiddenSingles: singles)
        }
    }

    /// The popularity of one term across the networks it was searched on (`terms`, the ids of
    /// its rows): per mention, the sum of its counts on each network. Exact, since no post
    /// counts toward two rows of one term (a post is linked only to its own network's row).
    public func popularity(across terms: [Int64], kind: TextEntity.Kind) throws -> Popularity {
        try queue.read { db in
            let ids = JSONArgument.array(terms.map(String.init))
            let counts = """
                SELECT tm.mention_id, tm.folded, sum(tm.count) AS count FROM term_mention tm
                WHERE tm.term_id IN (SELECT CAST(value AS INTEGER) FROM json_each(?)) AND tm.kind = ?
                GROUP BY tm.mention_id
                """
            let rows = try MentionCount.fetchAll(db, sql: """
                SELECT m.display, c.folded, c.count FROM (\(counts)) c JOIN mention m ON m.id = c.mention_id
                WHERE c.count > 1 ORDER BY c.count DESC, c.folded
                """, arguments: [ids, kind.rawValue])
            let singles = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(counts)) WHERE count = 1", arguments: [ids, kind.rawValue]) ?? 0
            return Popularity(rows: rows, hiddenSingles: singles)
        }
    }

    /// Every stored tweet, newest first, with authors and entities (for tests and small tools:
    /// the build walks tweets a chunk at a time with `forEachTweetChunk`).
    public func allTweets() throws -> [StoredTweet] {
        try queue.read { db in
            try StoredTweet.fetchAll(db, sql: Self.tweetQuery + " ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC")
        }
    }

    /// The tweets stored for one term, newest first.
    public func tweets(forTerm term: Int64) throws -> [StoredTweet] {
        try queue.read { db in
            try StoredTweet.fetchAll(db, sql: Self.tweetQuery + """
                 JOIN term_tweet tt ON tt.tweet_id = t.id WHERE tt.term_id = ?
                 ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC
                """, arguments: [term])
        }
    }

    /// Walks every stored tweet newest first (the `tweet_newest` index), `size` at a time; memory
    /// holds one chunk, whatever the store's size.
    public func forEachTweetChunk(size: Int = 512, _ body: (TweetChunk) throws -> Void) throws {
        try forEachTweetChunk(.all, size: size, body)
    }

    /// What `StoredTweet.init(row:)` reads: a post and its author.
    static let tweetQuery = "SELECT " + tweetColumns + " FROM tweet t LEFT JOIN user u ON u.id = t.author_id"

    /// The columns of `tweetQuery`, for a query that reads more beside them.
    static let tweetColumns = """
        t.id, t.created_at, t.text, t.entities, t.lang, t.retweet_of, t.quoted_id, t.network, t.web_url, t.warning, t.reply_to, t.reply_to_user,
            t.reply_count, t.repost_count, t.quote_count, t.like_count,
            u.id AS uid, u.screen_name, u.name, u.avatar_url, u.network AS unetwork
        """

    /// Counts for the home page; the newest data is the newest stored tweet, never a search's or
    /// an import's time (an empty search page is no new data).
    public func totals() throws -> StoreTotals {
        try queue.read { db in
            var totals = try StoreTotals.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM tweet) AS tweets, (SELECT count(*) FROM user) AS users, (SELECT count(*) FROM term) AS terms,
                    (SELECT count(*) FROM mention WHERE counted) AS mentions, coalesce((SELECT max(created_at) FROM tweet), 0) AS newest
                """)!
            // Only the other networks' posts are grouped, down their partial index
            // (`tweet_by_network`); Twitter's are the rest.
            var others = 0
            for count in try ValuePair<String, Int>.fetchAll(db, sql: "SELECT network, count(*) FROM tweet WHERE network <> 'twitter' GROUP BY network") {
                totals.byNetwork[PostNetwork(stored: count.first), default: 0] += count.second
                others += count.second
            }
            if totals.tweets > others { totals.byNetwork[.twitter, default: 0] += totals.tweets - others }
            return totals
        }
    }
}
