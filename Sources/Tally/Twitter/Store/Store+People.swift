import GRDB

/// Which tweets a list walks: all of them, one person's, one hashtag's, one search's or one timeline's.
public enum TweetFilter: Sendable, Equatable {
    case all
    case author(String)
    case hashtag(String)
    case term(Int64)
    /// The posts any of these searches found, each once (a term's searches on several networks).
    case terms([Int64])
    case timeline(Int64)

    /// The joins and condition that select the filter's tweets from `tweet t`, and their arguments.
    var clause: (sql: String, arguments: StatementArguments) {
        switch self {
        case .all: return ("", [])
        case .author(let id): return (" WHERE t.author_id = ?", [id])
        case .hashtag(let folded):
            return (" JOIN tweet_tag g ON g.tweet_id = t.id WHERE g.mention_id = (SELECT id FROM mention WHERE kind = 'hashtag' AND folded = ?)", [folded])
        case .term(let id): return (" JOIN term_tweet tt ON tt.tweet_id = t.id WHERE tt.term_id = ?", [id])
        case .terms(let ids):
            let marks = ids.map { _ in "?" }.joined(separator: ", ")
            return (" WHERE t.id IN (SELECT tweet_id FROM term_tweet WHERE term_id IN (\(marks)))", StatementArguments(ids))
        case .timeline(let id): return (" JOIN timeline_tweet tl ON tl.tweet_id = t.id WHERE tl.timeline_id = ?", [id])
        }
    }

    /// A condition on `tweet t` that holds for the filter's tweets, tested by the tweet's id, so
    /// a walk of the `tweet_newest` index in its order can test each row without reading the
    /// tweets or sorting them. Nil for a person's, whose own index is cheaper.
    var probe: (sql: String, arguments: StatementArguments)? {
        switch self {
        case .all: return ("1", [])
        case .author: return nil
        case .hashtag(let folded):
            return ("EXISTS (SELECT 1 FROM tweet_tag g WHERE g.mention_id = (SELECT id FROM mention WHERE kind = 'hashtag' AND folded = ?) AND g.tweet_id = t.id)",
                    [folded])
        case .term(let id): return ("EXISTS (SELECT 1 FROM term_tweet tt WHERE tt.term_id = ? AND tt.tweet_id = t.id)", [id])
        case .terms(let ids):
            let marks = ids.map { _ in "?" }.joined(separator: ", ")
            return ("EXISTS (SELECT 1 FROM term_tweet tt WHERE tt.term_id IN (\(marks)) AND tt.tweet_id = t.id)", StatementArguments(ids))
        case .timeline(let id): return ("EXISTS (SELECT 1 FROM timeline_tweet tl WHERE tl.timeline_id = ? AND tl.tweet_id = t.id)", [id])
        }
    }

    /// The condition on `tweet t` that selects a person's posts, by the column their own index
    /// (`tweet_by_author`) leads with; nil for any other list.
    var authorCondition: (sql: String, arguments: StatementArguments)? {
        guard case .author(let id) = self else { return nil }
        return ("t.author_id = ?", [id])
    }

    /// How many tweets the filter selects, counted from the table linking them to the list alone
    /// (each link names a stored tweet: the store's foreign keys see to it), which for a hashtag
    /// of thousands of posts is a count of one index range instead of a look-up per post.
    var count: (sql: String, arguments: StatementArguments) {
        switch self {
        case .all: return ("SELECT count(*) FROM tweet", [])
        case .author(let id): return ("SELECT count(*) FROM tweet WHERE author_id = ?", [id])
        case .hashtag(let folded):
            return ("SELECT count(*) FROM tweet_tag WHERE mention_id = (SELECT id FROM mention WHERE kind = 'hashtag' AND folded = ?)", [folded])
        case .term(let id): return ("SELECT count(*) FROM term_tweet WHERE term_id = ?", [id])
        case .terms(let ids):
            let marks = ids.map { _ in "?" }.joined(separator: ", ")
            return ("SELECT count(DISTINCT tweet_id) FROM term_tweet WHERE term_id IN (\(marks))", StatementArguments(ids))
        case .timeline(let id): return ("SELECT count(*) FROM timeline_tweet WHERE timeline_id = ?", [id])
        }
    }
}

extension Store {
    /// Everyone with a page: every stored user, once per screen name (the one with most tweets),
    /// with the counts their page shows, ordered by screen name.
    public func people() throws -> [StoredPerson] {
        Self.people(try peopleBeforeSearches().people, searches: try searchesPerAuthor())
    }

    /// `people()` with `searchCount` not counted yet: a build reads it and `searchesPerAuthor`
    /// on connections of their own at once, and puts them together with `people(_:searches:)`.
    /// With it every stored user, as `allUsers()` reads them but ordered by screen name: the
    /// read holds them all before it keeps one per name, and a build needs both.
    public func peopleBeforeSearches() throws -> (people: [StoredPerson], users: [StoredUser]) {
        try queue.read { db in
            let rows = try StoredPerson.fetchAll(db, sql: """
                SELECT u.id, u.screen_name, u.name, u.avatar_url, u.bio, u.location, u.website, u.network,
                    (SELECT count(*) FROM tweet t WHERE t.author_id = u.id) AS tweets,
                    (SELECT count(*) FROM tweet_tag g WHERE g.mention_id = (SELECT id FROM mention WHERE kind = 'user' AND folded = lower(u.screen_name))) AS mentioned,
                    0 AS searches
                FROM user u ORDER BY lower(u.screen_name), tweets DESC, u.id
                """)
            var seen = Set<String>()
            return (rows.filter { seen.insert($0.user.screenName.lowercased()).inserted }, rows.map(\.user))
        }
    }

    /// `people` with each one's searches from `searches` (`searchesPerAuthor`).
    public static func people(_ people: [StoredPerson], searches: [String: Int]) -> [StoredPerson] {
        people.map { person in
            var person = person
            person.searchCount = searches[person.user.id] ?? 0
            return person
        }
    }

    /// How many searches found each author's tweets, by user id.
    ///
    /// Counted in one pass over the searches' links: a `count(DISTINCT …)` per person made a
    /// temporary b-tree for each, over half of reading the people at 100,000 posts.
    public func searchesPerAuthor() throws -> [String: Int] {
        try queue.read { db in
            var number: [String: Int] = [:]
            var counts: [Int] = []
            var counted = Set<SIMD2<Int64>>()
            let links = try Row.fetchCursor(db.cachedStatement(sql: "SELECT t.author_id, tt.term_id FROM term_tweet tt JOIN tweet t ON t.id = tt.tweet_id"))
            while let link = try links.next() {
                guard let author = link[0] as String? else { continue }
                let index = number[author] ?? {
                    number[author] = counts.count
                    counts.append(0)
                    return counts.count - 1
                }()
                if counted.insert(SIMD2(Int64(index), link[1] as Int64)).inserted { counts[index] += 1 }
            }
            return number.mapValues { counts[$0] }
        }
    }

    /// Hashtags seen in at least `minimum` stored tweets, most first, ties by folded name.
    public func hashtags(minimum: Int = 2) throws -> [StoredHashtag] {
        try queue.read { db in
            try StoredHashtag.fetchAll(db, sql: """
                SELECT m.folded, min(coalesce(g.display, m.display)) AS display, count(*) AS tweets
                FROM mention m JOIN tweet_tag g ON g.mention_id = m.id WHERE m.kind = 'hashtag'
                GROUP BY m.folded HAVING count(*) >= ? ORDER BY tweets DESC, m.folded
                """, arguments: [minimum])
        }
    }

    /// The named timelines, by name, with how many tweets each holds.
    public func timelines() throws -> [StoredTimeline] {
        try queue.read { db in
            try StoredTimeline.fetchAll(db, sql: """
                SELECT tl.id, tl.name, (SELECT count(*) FROM timeline_tweet x WHERE x.timeline_id = tl.id) AS tweets FROM timeline tl ORDER BY tl.name
                """)
        }
    }

    // The queries a build runs once per list (every person, hashtag and search) or per chunk of
    // tweets use cached statements: preparing each anew (SQLite's parser, GRDB's authorizer noting
    // every column read) was about 5 % of a 20k-tweet build (perf).

    /// How many tweets the filter selects.
    public func tweetCount(_ filter: TweetFilter) throws -> Int {
        try queue.read { db in
            let (sql, arguments) = filter.count
            return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
        }
    }

    /// The filter's tweets per UTC day (`2013-12-20`) or month (`2013-12`), oldest first.
    ///
    /// Grouped by the day's number, from which the text is made here: formatting every post's
    /// date with `strftime` was most of the query's time (55–100 ms for the home page's calendar
    /// over the bench's 95,000 posts; 25 ms so).
    public func tweetsPer(_ unit: CalendarUnit, _ filter: TweetFilter) throws -> [(key: String, count: Int)] {
        let days = try queue.read { db -> [(day: Int64, count: Int)] in
            if filter == .all { return try Self.everyDay(db) }
            let (clause, arguments) = filter.clause
            return try ValuePair<Int64, Int>.fetchAll(db.cachedStatement(sql: "SELECT \(Self.dayNumber) AS d, count(*) FROM tweet t"
                                                                         + clause + " GROUP BY d ORDER BY d"), arguments: arguments)
                .map { (day: $0.first, count: $0.second) }
        }
        return Self.per(unit, days: days)
    }

    /// A post's UTC day as a number of days since 1970: days before 1970 round down, as the
    /// dates shown do.
    private static let dayNumber = "(t.created_at - ((t.created_at % 86400) + 86400) % 86400) / 86400"

    /// Every post's count per day number, oldest first. Their times come down the `tweet_newest`
    /// index in its order, so each day's run is counted as it passes: grouping them in SQL sorted
    /// every post again (49 ms of each build's home card at 100,000 posts).
    private static func everyDay(_ db: Database) throws -> [(day: Int64, count: Int)] {
        var days: [(day: Int64, count: Int)] = []
        let times = try Int64.fetchCursor(db.cachedStatement(sql: """
            SELECT t.created_at FROM tweet t INDEXED BY tweet_newest ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC
            """))
        while let time = try times.next() {
            // As `dayNumber`.
            let day = (time - ((time % 86_400) + 86_400) % 86_400) / 86_400
            if let last = days.last, last.day == day { days[days.count - 1].count += 1 } else { days.append((day, 1)) }
        }
        return days.reversed()
    }

    /// Counts per day number, oldest first, as counts per day or month text.
    private static func per(_ unit: CalendarUnit, days: [(day: Int64, count: Int)]) -> [(key: String, count: Int)] {
        var result: [(key: String, count: Int)] = []
        for (day, count) in days {
            let text = UTCTime.dayText(day * 86_400)
            let key = unit == .day ? text : String(text.prefix(7))
            if let last = result.last, last.key == key { result[result.count - 1].count += count } else { result.append((key, count)) }
        }
        return result
    }

    public enum CalendarUnit: Sendable { case day, month }

    /// Walks the filter's tweets newest first, `size` at a time, each chunk with what its cards
    /// show beside the tweets: the originals they retweet or quote, their media, their searches.
    public func forEachTweetChunk(_ filter: TweetFilter, size: Int, _ body: (TweetChunk) throws -> Void) throws {
        try forEachTweetChunk(filter, sizes: { size }, body)
    }

    /// Walks the filter's tweets newest first in chunks whose sizes `sizes` gives, one after
    /// another (a paged list's newest page holds what is left over its full pages).
    public func forEachTweetChunk(_ filter: TweetFilter, sizes: () -> Int, _ body: (TweetChunk) throws -> Void) throws {
        try queue.read { db in
            let (clause, arguments) = filter.clause
            let cursor = try StoredTweet.fetchCursor(db.cachedStatement(sql: Self.tweetQuery + clause + " ORDER BY t.created_at DESC, length(t.id) DESC, t.id DESC"),
                                             arguments: arguments)
            var tweets: [StoredTweet] = []
            var size = max(1, sizes())
            func flush() throws {
                guard !tweets.isEmpty else { return }
                try body(try Self.chunk(tweets, db: db))
                tweets.removeAll(keepingCapacity: true)
                size = max(1, sizes())
            }
            while let tweet = try cursor.next() {
                tweets.append(tweet)
                if tweets.count == size { try flush() }
            }
            try flush()
        }
    }

    /// The posts of many short lists at once, `keys` naming them (authors' ids or hashtags'
    /// folded names): their posts newest first, their days, and one chunk for all their cards.
    ///
    /// A full build plans thousands of such lists (the 4,600 people of 20,000 posts, most with a
    /// handful of posts each). Read one by one, each cost a query for its days, one for its posts
    /// and four or five for its chunk; here a batch of them costs that once.
    public func tweetLists(_ kind: TweetListBatch.Kind, keys: [String]) throws -> TweetListBatch {
        guard !keys.isEmpty else { return TweetListBatch() }
        let (key, from) = switch kind {
        case .authors: ("t.author_id", " WHERE t.author_id IN (SELECT value FROM json_each(?))")
        case .hashtags: ("m.folded", """
             JOIN tweet_tag g ON g.tweet_id = t.id JOIN mention m ON m.id = g.mention_id
            WHERE m.kind = 'hashtag' AND m.folded IN (SELECT value FROM json_each(?))
            """)
        }
        let arguments: StatementArguments = [JSONArgument.array(keys)]
        return try queue.read { db in
            var batch = TweetListBatch()
            // A post in two of the lists (a hashtag's and another's) is read once.
            var read: [String: StoredTweet] = [:]
            var order: [StoredTweet] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT \(key) AS list_key, \(Self.tweetColumns) FROM tweet t LEFT JOIN user u ON u.id = t.author_id\(from)
                ORDER BY list_key, t.created_at DESC, length(t.id) DESC, t.id DESC
                """), arguments: arguments)
            while let row = try rows.next() {
                let id: String = row[StoredTweet.Columns.id]
                let tweet = read[id] ?? {
                    let tweet = StoredTweet(row: row)
                    read[id] = tweet
                    order.append(tweet)
                    return tweet
                }()
                batch.tweets[row["list_key"], default: []].append(tweet)
            }
            var days: [String: [(day: Int64, count: Int)]] = [:]
            let counts = try Row.fetchCursor(db.cachedStatement(sql: """
                SELECT \(key) AS list_key, \(Self.dayNumber) AS d, count(*) FROM tweet t\(from) GROUP BY list_key, d ORDER BY list_key, d
                """), arguments: arguments)
            while let row = try counts.next() { days[row[0], default: []].append((day: row[1], count: row[2])) }
            batch.daily = days.mapValues { Self.per(.day, days: $0) }
            batch.chunk = try Self.chunk(order, db: db)
            return batch
        }
    }

    static func chunk(_ tweets: [StoredTweet], db: Database) throws -> TweetChunk {
        var chunk = TweetChunk(tweets: tweets)
        let ids = JSONArgument.array(tweets.map(\.id))
        let links = try ValuePair<String, Int64>.fetchCursor(db.cachedStatement(sql: "SELECT tweet_id, term_id FROM term_tweet WHERE tweet_id IN (SELECT value FROM json_each(?))"),
                                        arguments: [ids])
        while let link = try links.next() { chunk.termIDs[link.first, default: []].append(link.second) }
        // What the cards show inside their own: the originals they retweet or quote, and what a
        // retweeted original quotes (a card shows two levels, and must show them whichever chunk
        // it is first made for: one card serves every page).
        var wanted = tweets.flatMap { [$0.retweetOf, $0.quotes].compactMap { $0 } }
        for _ in 0..<2 where !wanted.isEmpty {
            let originals = try StoredTweet.fetchAll(db.cachedStatement(sql: tweetQuery + " WHERE t.id IN (SELECT value FROM json_each(?))"),
                                                     arguments: [JSONArgument.array(wanted)])
            for original in originals { chunk.referenced[original.id] = original }
            wanted = originals.compactMap(\.quotes).filter { chunk.referenced[$0] == nil }
        }
        chunk.stored = Set(chunk.referenced.keys)
        let answers = try ValuePair<String, String>.fetchCursor(db.cachedStatement(sql: """
            SELECT reply_to, id FROM tweet WHERE reply_to IN (SELECT value FROM json_each(?))
            ORDER BY reply_to, created_at, length(id), id
            """), arguments: [ids])
        while let answer = try answers.next() { chunk.replies[answer.first, default: []].append(answer.second) }
        let replied = (tweets + Array(chunk.referenced.values)).compactMap(\.replyTo)
        if !replied.isEmpty {
            chunk.parents = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM tweet WHERE id IN (SELECT value FROM json_each(?))"),
                                                    arguments: [JSONArgument.array(replied)]))
        }
        let withMedia = JSONArgument.array(tweets.map(\.id) + Array(chunk.referenced.keys))
        let media = try GalleryItem.fetchCursor(db.cachedStatement(sql: """
            SELECT tweet_id, position, kind, image_url, link_url, alt, width, height FROM tweet_media
            WHERE tweet_id IN (SELECT value FROM json_each(?)) ORDER BY tweet_id, position
            """), arguments: [withMedia])
        while let item = try media.next() { chunk.media[item.tweetID, default: []].append(item.media) }
        return chunk
    }
}

extension Store {
    /// The authors of a timeline's tweets, by screen name.
    public func timelinePeople(_ timeline: Int64) throws -> [StoredUser] {
        try queue.read { db in
            try StoredUser.fetchAll(db, sql: """
                SELECT DISTINCT u.id, u.screen_name, u.name, u.avatar_url, u.network FROM timeline_tweet tl JOIN tweet t ON t.id = tl.tweet_id
                JOIN user u ON u.id = t.author_id WHERE tl.timeline_id = ? ORDER BY lower(u.screen_name), u.id
                """, arguments: [timeline])
        }
    }
}
