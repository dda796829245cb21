import GRDB

/// A stored user with the key their mentions are counted by: `lower(screen_name)` as SQLite
/// folds it (ASCII letters only), which the People list is ordered by.
public struct FoldedUser: Sendable, Equatable {
    public var user: StoredUser
    public var folded: String
}

/// The reads that count the People and Hashtags lists a few rows at a time: a rebuild takes the
/// counts the last build kept (`TwitterCounts`) and counts again only the people and hashtags that
/// rows stored since name. Counting every person and hashtag was a tenth of a 100,000-post
/// rebuild, before any of its pages could be planned.
extension Store {
    /// Every stored user, ordered by `lower(screen_name)`, then id.
    public func foldedUsers() throws -> [FoldedUser] {
        try queue.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, screen_name, name, avatar_url, bio, location, website, network, lower(screen_name) AS folded
                FROM user ORDER BY folded, id
                """)
            var users: [FoldedUser] = []
            // By place, not by name: looking each column up by its name was most of the read.
            while let row = try rows.next() {
                users.append(FoldedUser(user: StoredUser(id: row[0], screenName: row[1], name: row[2], avatarURL: row[3], bio: row[4], location: row[5],
                                                         website: row[6], network: PostNetwork(stored: row[7])),
                                        folded: row[8]))
            }
            return users
        }
    }

    /// Each stored user's tweets and the tweets naming them, by id, as `peopleBeforeSearches` counts them.
    public func personCounts() throws -> [String: (tweets: Int, mentioned: Int)] {
        try queue.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT u.id,
                    (SELECT count(*) FROM tweet t WHERE t.author_id = u.id),
                    (SELECT count(*) FROM tweet_tag g WHERE g.mention_id = (SELECT id FROM mention WHERE kind = 'user' AND folded = lower(u.screen_name)))
                FROM user u
                """)
            var counts: [String: (tweets: Int, mentioned: Int)] = [:]
            while let row = try rows.next() { counts[row[0]] = (row[1], row[2]) }
            return counts
        }
    }

    /// Each author whose tweets searches found after `seq` (new tweets, or stored ones a new
    /// search found), with those searches.
    public func authorSearches(linkedAfter seq: Int64) throws -> [(author: String, term: Int64)] {
        try queue.read { db in
            // The links first (CROSS JOIN keeps SQLite's order): it went through every author's tweets instead.
            try ValuePair<String, Int64>.fetchAll(db.cachedStatement(sql: """
                SELECT DISTINCT t.author_id, tt.term_id FROM term_tweet tt CROSS JOIN tweet t ON t.id = tt.tweet_id
                WHERE tt.seq > ? AND t.author_id IS NOT NULL
                """), arguments: [seq]).map { (author: $0.first, term: $0.second) }
        }
    }

    /// The searches that found each author's tweets, by user id, each author's in order: what
    /// `searchesPerAuthor` counts, in its one pass over the links (a `DISTINCT` in SQL sorted them all).
    public func searchesByAuthor() throws -> [String: [Int64]] {
        try queue.read { db in
            var number: [String: Int] = [:]
            var terms: [[Int64]] = []
            var seen = Set<SIMD2<Int64>>()
            let links = try Row.fetchCursor(db.cachedStatement(sql: "SELECT t.author_id, tt.term_id FROM term_tweet tt JOIN tweet t ON t.id = tt.tweet_id"))
            while let link = try links.next() {
                guard let author = link[0] as String? else { continue }
                let index = number[author] ?? {
                    number[author] = terms.count
                    terms.append([])
                    return terms.count - 1
                }()
                let term: Int64 = link[1]
                if seen.insert(SIMD2(Int64(index), term)).inserted { terms[index].append(term) }
            }
            return number.mapValues { terms[$0].sorted() }
        }
    }

    /// The mentions of `kind` (folded) that the tweets `ids` carry.
    public func mentions(_ kind: TextEntity.Kind, on ids: [String]) throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try queue.read { db in
            // The tweets' tags first: SQLite went through every tag of the kind instead.
            Set(try String.fetchAll(db.cachedStatement(sql: """
                SELECT DISTINCT m.folded FROM tweet_tag g CROSS JOIN mention m ON m.id = g.mention_id
                WHERE g.tweet_id IN (SELECT value FROM json_each(?)) AND m.kind = ?
                """), arguments: [JSONArgument.array(ids), kind.rawValue]))
        }
    }

    /// How many tweets each of `authors` wrote (those with none are left out).
    public func tweetCounts(authors: Set<String>) throws -> [String: Int] {
        guard !authors.isEmpty else { return [:] }
        return try queue.read { db in
            try Dictionary(uniqueKeysWithValues: ValuePair<String, Int>.fetchAll(db.cachedStatement(sql: """
                SELECT author_id, count(*) FROM tweet WHERE author_id IN (SELECT value FROM json_each(?)) GROUP BY author_id
                """), arguments: [JSONArgument.array(Array(authors))]).map { ($0.first, $0.second) })
        }
    }

    /// How many tweets name each of the users `folded` (as `FoldedUser.folded`), those named by none left out.
    public func mentionCounts(folded: Set<String>) throws -> [String: Int] {
        guard !folded.isEmpty else { return [:] }
        return try queue.read { db in
            try Dictionary(uniqueKeysWithValues: ValuePair<String, Int>.fetchAll(db.cachedStatement(sql: """
                SELECT m.folded, count(*) FROM mention m JOIN tweet_tag g ON g.mention_id = m.id
                WHERE m.kind = 'user' AND m.folded IN (SELECT value FROM json_each(?)) GROUP BY m.folded
                """), arguments: [JSONArgument.array(Array(folded))]).map { ($0.first, $0.second) })
        }
    }

    /// The hashtags `folded` with their tweets counted, as `hashtags(minimum: 1)` reads them (those on no tweet left out).
    public func hashtags(folded: Set<String>) throws -> [StoredHashtag] {
        guard !folded.isEmpty else { return [] }
        return try queue.read { db in
            try StoredHashtag.fetchAll(db.cachedStatement(sql: """
                SELECT m.folded, min(coalesce(g.display, m.display)) AS display, count(*) AS tweets
                FROM mention m JOIN tweet_tag g ON g.mention_id = m.id WHERE m.kind = 'hashtag' AND m.folded IN (SELECT value FROM json_each(?))
                GROUP BY m.folded
                """), arguments: [JSONArgument.array(Array(folded))])
        }
    }

    /// How many stored tweets have an author: what the people's tweet counts add up to.
    public func authoredTweetCount() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(author_id) FROM tweet") ?? 0 }
    }
}
