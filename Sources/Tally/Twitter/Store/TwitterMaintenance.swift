import GRDB

/// The Twitter tables over time: what they hold (`tally stats`) and what `tally prune` removes.
enum TwitterMaintenance {
    /// Counts per kind and the newest search or tweet.
    static func stats(_ db: Database) throws -> SourceStats {
        let counts = try Counts.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM term) AS searches, (SELECT count(*) FROM tweet) AS posts,
                (SELECT count(*) FROM tweet WHERE id NOT IN (SELECT tweet_id FROM term_tweet)) AS unsearched,
                (SELECT count(*) FROM user) AS people, (SELECT count(*) FROM mention WHERE kind = 'hashtag' AND counted) AS hashtags,
                (SELECT count(*) FROM mention WHERE kind = 'user' AND counted) AS users, (SELECT count(*) FROM term_tweet) AS links,
                max(coalesce((SELECT max(searched_at) FROM term), 0), coalesce((SELECT max(created_at) FROM tweet), 0)) AS newest
            """)!
        var perNetwork: [PostNetwork: Int] = [:]
        for network in try ValuePair<String?, Int>.fetchAll(db, sql: "SELECT network, count(*) FROM tweet GROUP BY network") {
            perNetwork[PostNetwork(stored: network.first), default: 0] += network.second
        }
        // Every network's line, in the badges' order, even at 0: the lines stay put as the store grows.
        var stats = SourceStats(counts: [.init("searches", counts.searches), .init("posts", counts.posts)]
            + PostNetwork.allCases.map { .init("posts on \($0.label)", perNetwork[$0] ?? 0) } + [
            .init("posts found by no search", counts.unsearched),
            .init("people", counts.people), .init("hashtags counted", counts.hashtags), .init("users mentioned", counts.users),
            .init("search–post links", counts.links),
        ], newest: counts.newest > 0 ? counts.newest : nil)
        stats.title = "Posts"
        return stats
    }

    /// Keeps the newest `keepSearches` searches and what their history shows; removes the rest.
    ///
    /// Kept: those searches with their popularity counts; their tweets; every tweet no search
    /// found (timelines, archives: kept whatever the limit) and every tweet in a timeline; and,
    /// from each kept tweet on, the stored tweets it retweets or quotes (and theirs), which its page
    /// shows. Older searches go even when a kept tweet was also found by them: their term rows,
    /// popularity counts and links to tweets. Tweets only they found and nothing above keeps go with
    /// their tags and media; people no kept tweet was written by or mentions, and hashtags and users
    /// nothing refers to, go too. A kept page that named a removed search (a tweet's "found by", a
    /// hashtag's link) names only what is kept: a hashtag then leads to its hashtag page or the web.
    static func prune(_ db: Database, keepSearches: Int) throws -> [PruneCount] {
        var keptTerms = Set<Int64>()
        var keptTweets = Set<String>()
        var tweetQueue: [String] = []
        func keep(tweet: String) { if keptTweets.insert(tweet).inserted { tweetQueue.append(tweet) } }

        let newest = try Int64.fetchAll(db, sql: "SELECT id FROM term ORDER BY searched_at DESC, id DESC LIMIT ?",
                                        arguments: [max(0, keepSearches)])
        for term in newest {
            keptTerms.insert(term)
            let tweets = try String.fetchCursor(db, sql: "SELECT tweet_id FROM term_tweet WHERE term_id = ?", arguments: [term])
            while let id = try tweets.next() { keep(tweet: id) }
        }
        let unsearched = try String.fetchCursor(db, sql: "SELECT id FROM tweet WHERE id NOT IN (SELECT tweet_id FROM term_tweet)")
        while let id = try unsearched.next() { keep(tweet: id) }
        // A timeline's tweets came from no search: they stay whatever searches also found them.
        let timelined = try String.fetchCursor(db, sql: "SELECT DISTINCT tweet_id FROM timeline_tweet")
        while let id = try timelined.next() { keep(tweet: id) }

        // A kept tweet's page shows the original it retweets or quotes; that one's page shows its own.
        while !tweetQueue.isEmpty {
            let chunk = Array(tweetQueue.suffix(512))
            tweetQueue.removeLast(chunk.count)
            let rows = try ValuePair<String?, String?>.fetchCursor(db, sql: "SELECT retweet_of, quoted_id FROM tweet WHERE id IN (SELECT value FROM json_each(?))",
                                                                   arguments: [JSONArgument.array(chunk)])
            while let row = try rows.next() {
                // One never stored costs nothing: the page links to it on the web.
                if let original = row.first { keep(tweet: original) }
                if let quoted = row.second { keep(tweet: quoted) }
            }
        }

        try db.execute(sql: """
            CREATE TEMP TABLE prune_kept_term (id INTEGER PRIMARY KEY);
            CREATE TEMP TABLE prune_kept_tweet (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            """)
        defer { try? db.execute(sql: "DROP TABLE IF EXISTS temp.prune_kept_term; DROP TABLE IF EXISTS temp.prune_kept_tweet") }
        let keepTerm = try db.makeStatement(sql: "INSERT INTO prune_kept_term (id) VALUES (?)")
        for id in keptTerms { try keepTerm.execute(arguments: [id]) }
        let keepTweet = try db.makeStatement(sql: "INSERT INTO prune_kept_tweet (id) VALUES (?)")
        for id in keptTweets { try keepTweet.execute(arguments: [id]) }

        func changes(_ sql: String) throws -> Int {
            try db.execute(sql: sql)
            return db.changesCount
        }
        let counts = try changes("DELETE FROM term_mention WHERE term_id NOT IN (SELECT id FROM prune_kept_term)")
        let links = try changes("DELETE FROM term_tweet WHERE term_id NOT IN (SELECT id FROM prune_kept_term)")
        let searches = try changes("DELETE FROM term WHERE id NOT IN (SELECT id FROM prune_kept_term)")
        // A tweet still referred to from another table (another source's, say) stays. Twitter's own
        // side tables of a tweet (its tags, its media, the timelines naming it) are part of the
        // tweet, not references that keep it: they go with it.
        let sideTables: Set<String> = ["tweet_tag", "tweet_media", "timeline_tweet"]
        let references = try db.foreignKeyReferences(to: "tweet").filter { !sideTables.contains($0.table) }
        let unreferenced = references.map { child, column in
            "id NOT IN (SELECT \(column.quotedDatabaseIdentifier) FROM \(child.quotedDatabaseIdentifier) WHERE \(column.quotedDatabaseIdentifier) IS NOT NULL)"
        }
        try db.execute(sql: """
            CREATE TEMP TABLE prune_gone_tweet (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
            INSERT INTO prune_gone_tweet (id) SELECT id FROM tweet WHERE id NOT IN (SELECT id FROM prune_kept_tweet)
            """ + (unreferenced.isEmpty ? "" : " AND " + unreferenced.joined(separator: " AND ")))
        defer { try? db.execute(sql: "DROP TABLE IF EXISTS temp.prune_gone_tweet") }
        for table in sideTables.sorted() {
            try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE tweet_id IN (SELECT id FROM prune_gone_tweet)")
        }
        let tweets = try changes("DELETE FROM tweet WHERE id IN (SELECT id FROM prune_gone_tweet)")
        // The next build cannot tell from stamps which pages lost rows: it builds them all.
        try db.execute(sql: "UPDATE twitter_clock SET removals = removals + 1")
        // A hashtag or user no kept search counts is no longer counted; the row itself goes once
        // no kept tweet is tagged with it either.
        let mentions = try changes("UPDATE mention SET counted = 0 WHERE counted AND id NOT IN (SELECT mention_id FROM term_mention)")
        try db.execute(sql: "DELETE FROM mention WHERE " + (try db.unreferencedCondition(table: "mention")))
        // A kept tweet's page links the people it mentions to their pages: they stay too.
        let people = try changes("DELETE FROM user WHERE " + (try db.unreferencedCondition(table: "user"))
                                + " AND lower(screen_name) NOT IN (SELECT m.folded FROM mention m WHERE m.kind = 'user' AND m.id IN (SELECT mention_id FROM tweet_tag))")
        return [.init("searches", searches), .init("posts", tweets), .init("people", people),
                .init("hashtags and users", mentions), .init("search–post links", links), .init("popularity counts", counts)]
    }

    /// The counts `stats` reads.
    private struct Counts: FetchableRecord {
        enum Columns {
            static let searches = Column("searches"), posts = Column("posts"), unsearched = Column("unsearched"), people = Column("people")
            static let hashtags = Column("hashtags"), users = Column("users"), links = Column("links"), newest = Column("newest")
        }
        var searches: Int, posts: Int, unsearched: Int, people: Int, hashtags: Int, users: Int, links: Int, newest: Int64

        init(row: Row) {
            searches = row[Columns.searches]
            posts = row[Columns.posts]
            unsearched = row[Columns.unsearched]
            people = row[Columns.people]
            hashtags = row[Columns.hashtags]
            users = row[Columns.users]
            links = row[Columns.links]
            newest = row[Columns.newest]
        }
    }
}
