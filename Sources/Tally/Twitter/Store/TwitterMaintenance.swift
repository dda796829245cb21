import GRDB

/// The Twitter tables over time: what they hold (`tally stats`) and what `tally prune` removes.
enum TwitterMaintenance {
    /// Counts per kind and the newest search or tweet.
    static func stats(_ db: Database) throws -> SourceStats {
        let row = try Row.fetchOne(db, sql: """
            SELECT (SELECT count(*) FROM term), (SELECT count(*) FROM tweet),
                (SELECT count(*) FROM tweet WHERE id NOT IN (SELECT tweet_id FROM term_tweet)),
                (SELECT count(*) FROM user), (SELECT count(*) FROM mention WHERE kind = 'hashtag' AND counted),
                (SELECT count(*) FROM mention WHERE kind = 'user' AND counted), (SELECT count(*) FROM term_tweet),
                max(coalesce((SELECT max(searched_at) FROM term), 0), coalesce((SELECT max(created_at) FROM tweet), 0))
            """)!
        let newest: Int64 = row[7]
        return SourceStats(counts: [
            .init("searches", row[0]), .init("tweets", row[1]), .init("tweets found by no search", row[2]),
            .init("people", row[3]), .init("hashtags counted", row[4]), .init("users mentioned", row[5]),
            .init("search–tweet links", row[6]),
        ], newest: newest > 0 ? newest : nil)
    }

    /// Keeps what a page can still reach and removes the rest.
    ///
    /// The history lists the newest `keepSearches` searches; everything reachable from them, or
    /// from a tweet no search found (timelines, archives: kept whatever the limit), is kept:
    /// a search's tweets, the searches each kept tweet names on its page, the searches its
    /// hashtags link to, the tweets it retweets or quotes, the searches a popularity table links
    /// to. So every page left after the prune is the page it was before, byte for byte, and a
    /// search older than the limit stays while a kept page still links to it. What nothing
    /// reaches goes: those searches, their counts and links, tweets only they found (with their
    /// tags and media), and people (unless a kept tweet mentions them), hashtags and users
    /// nothing refers to any more. Pages that list every tweet, person or hashtag (all tweets,
    /// people, hashtags, the search index, a person's or hashtag's tweets) do lose the pruned ones.
    static func prune(_ db: Database, keepSearches: Int) throws -> [PruneCount] {
        let terms = try Row.fetchAll(db, sql: "SELECT id, folded FROM term ORDER BY searched_at DESC, id DESC")
            .map { (id: $0[0] as Int64, folded: $0[1] as String) }
        var termsByFolded: [String: [Int64]] = [:]
        for term in terms { termsByFolded[term.folded, default: []].append(term.id) }
        func termsLinked(fromHashtag folded: String) -> [Int64] {
            (termsByFolded["#" + folded] ?? []) + (termsByFolded[folded] ?? [])
        }

        var keptTerms = Set<Int64>()
        var keptTweets = Set<String>()
        var termQueue: [Int64] = []
        var tweetQueue: [String] = []
        func keep(term: Int64) { if keptTerms.insert(term).inserted { termQueue.append(term) } }
        func keep(tweet: String) { if keptTweets.insert(tweet).inserted { tweetQueue.append(tweet) } }

        for term in terms.prefix(max(0, keepSearches)) { keep(term: term.id) }
        let unsearched = try String.fetchCursor(db, sql: "SELECT id FROM tweet WHERE id NOT IN (SELECT tweet_id FROM term_tweet)")
        while let id = try unsearched.next() { keep(tweet: id) }
        // A timeline's tweets came from no search: they stay whatever searches also found them.
        let timelined = try String.fetchCursor(db, sql: "SELECT DISTINCT tweet_id FROM timeline_tweet")
        while let id = try timelined.next() { keep(tweet: id) }

        let parser = JSONParser()
        while !termQueue.isEmpty || !tweetQueue.isEmpty {
            while let term = termQueue.popLast() {
                let tweets = try String.fetchCursor(db, sql: "SELECT tweet_id FROM term_tweet WHERE term_id = ?", arguments: [term])
                while let id = try tweets.next() { keep(tweet: id) }
                // The popularity page links a hashtag seen in two tweets or more to its own search.
                for folded in try String.fetchAll(db, sql: "SELECT folded FROM term_mention WHERE term_id = ? AND kind = 'hashtag' AND count > 1",
                                                  arguments: [term]) {
                    termsLinked(fromHashtag: folded).forEach { keep(term: $0) }
                }
            }
            while !tweetQueue.isEmpty {
                let chunk = Array(tweetQueue.suffix(512))
                tweetQueue.removeLast(chunk.count)
                let ids = JSONArgument.array(chunk)
                // A tweet's page names every search that found it.
                let found = try Int64.fetchCursor(db, sql: "SELECT term_id FROM term_tweet WHERE tweet_id IN (SELECT value FROM json_each(?))",
                                                  arguments: [ids])
                while let term = try found.next() { keep(term: term) }
                let rows = try Row.fetchCursor(db, sql: "SELECT entities, retweet_of, quoted_id FROM tweet WHERE id IN (SELECT value FROM json_each(?))",
                                               arguments: [ids])
                while let row = try rows.next() {
                    let entities: String = row[0]
                    if entities.contains("[\"h\"") {
                        for entity in TextEntity.fromStorageJSON(entities, parser: parser) where entity.kind == .hashtag {
                            termsLinked(fromHashtag: entity.folded).forEach { keep(term: $0) }
                        }
                    }
                    // A stored original is linked from the tweet's page; one never stored costs nothing.
                    if let original: String = row[1] { keep(tweet: original) }
                    if let quoted: String = row[2] { keep(tweet: quoted) }
                }
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
        // A hashtag or user no kept search counts is no longer counted; the row itself goes once
        // no kept tweet is tagged with it either.
        let mentions = try changes("UPDATE mention SET counted = 0 WHERE counted AND id NOT IN (SELECT mention_id FROM term_mention)")
        try db.execute(sql: "DELETE FROM mention WHERE " + (try db.unreferencedCondition(table: "mention")))
        // A kept tweet's page links the people it mentions to their pages: they stay too.
        let people = try changes("DELETE FROM user WHERE " + (try db.unreferencedCondition(table: "user"))
                                + " AND lower(screen_name) NOT IN (SELECT m.folded FROM mention m WHERE m.kind = 'user' AND m.id IN (SELECT mention_id FROM tweet_tag))")
        return [.init("searches", searches), .init("tweets", tweets), .init("people", people),
                .init("hashtags and users", mentions), .init("search–tweet links", links), .init("popularity counts", counts)]
    }
}
