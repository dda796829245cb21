import Foundation

/// The reads the Twitter sections begin with, started before the theme is loaded and the home
/// card is made so that they run beside both (`TwitterSource.prepare`): everyone with a page, with three counts each
/// (and every user, from the same rows), the searches per author and the hashtags, on two connections of their own.
///
/// The counts go on from those the last build kept in the project's cache (`TwitterCounts`):
/// only the people and hashtags that rows stored since name are counted again. Counting them all
/// took a tenth of a second at 100,000 posts on each connection, while the home card's counts
/// took a twentieth on the build's own, and every section waited for it.
struct TwitterPrelude: Sendable {
    /// Under this key `prepare` lends the prelude to `sections`, which takes it.
    static let key = "twitter:prelude"

    /// Read first: rows stamped after it are planned again by the next build, even if this one saw them.
    let clock: TwitterClock
    private let people: MadeAside<Result<PeopleCounts, any Error>>
    private let counts: MadeAside<Result<SearchCounts, any Error>>
    /// Whether the counts were kept in the cache, once both reads are done (nil without a cache
    /// folder): written on a thread of its own, while the sections are made.
    let keeping: MadeAside<Bool>?
    /// What the home card shows, read on a connection of its own from the start (`homeReads()`).
    private let home: MadeAside<Result<HomeReads, any Error>>
    /// Everyone with a page and every user, put in order once the people are counted.
    private let ordered: MadeAside<Result<(people: [StoredPerson], users: [StoredUser]), any Error>>

    /// Every user, ordered by folded name, with each one's tweets and the tweets naming them by id.
    private struct PeopleCounts: Sendable {
        var users: [FoldedUser]
        var counts: [String: (tweets: Int, mentioned: Int)]
        /// Whether they went on from the kept counts (the searches' read does only then).
        var wentOn: Bool
    }

    /// The home card's counts, its latest searches and every post per day (`TwitterSource.homeCard`).
    struct HomeReads: Sendable {
        var totals: StoreTotals
        var history: [SearchTerm]
        var daily: [(key: String, count: Int)]

        /// Read from `store`, beside the other first reads: every section used to wait for them
        /// (two passes over the posts then, a tenth of a second at 100,000; now walks of two indexes).
        init(_ store: Store) throws {
            totals = try store.totals()
            history = try store.searchHistory(limit: TwitterCard.recentLimit)
            daily = try store.tweetsPer(.day, .all)
        }
    }

    /// The counts kept in the cache, and the tweets stored since their clock.
    private struct Kept: Sendable {
        var counts: TwitterCounts
        var stored: [(id: String, author: String?)]
    }

    /// The searches that found each author's tweets by id, and every hashtag on a stored tweet by folded name.
    private struct SearchCounts: Sendable {
        var searches: [String: [Int64]]
        var hashtags: [String: TwitterCounts.Hashtag]
    }

    /// Starts the reads on connections of their own, going on from the counts kept in
    /// `cacheFolder` when there are any for this store, and keeping the new ones there.
    init(store: Store, cacheFolder: URL? = nil) throws {
        let clock = try store.twitterClock()
        self.clock = clock
        let reader = try store.reader()
        let counter = try store.reader()
        let homeReader = try store.reader()
        home = MadeAside { Result { try HomeReads(homeReader) } }
        let path = store.path
        let file = cacheFolder.map { TwitterCounts.file(in: $0, store: path) }
        // With the tweets stored since, which both reads look at (a pass over the whole table).
        let kept = MadeAside { () -> Kept? in
            guard let counts = file.flatMap({ TwitterCounts.kept(at: $0, store: path, clock: clock) }),
                  let stored = try? reader.tweets(storedAfter: counts.clock.seq) else { return nil }
            return Kept(counts: counts, stored: stored)
        }
        let people = MadeAside { Result { try Self.peopleCounts(reader, from: kept.value) } }
        let counts = MadeAside { Result {
            guard let from = kept.value else { return try Self.searchCounts(counter, from: nil) }
            let counted = try Self.searchCounts(counter, from: from)
            // Kept counts the people's read found wrong are wrong here too.
            guard case .success(let read) = people.value, !read.wentOn else { return counted }
            return try Self.searchCounts(counter, from: nil)
        } }
        self.counts = counts
        self.people = people
        ordered = MadeAside { people.value.map { read in TwitterCounts.people(read.users) { read.counts[$0] } } }
        keeping = file.map { file in
            MadeAside {
                // A store with no one in it (a new project's, made for one build) leaves the cache alone.
                guard case .success(let read) = people.value, case .success(let found) = counts.value, !read.users.isEmpty else { return false }
                var made = TwitterCounts(store: path, clock: clock, binary: TwitterCounts.thisBinary)
                made.users.reserveCapacity(read.users.count)
                for user in read.users {
                    let counted = read.counts[user.user.id]
                    made.users[user.user.id] = TwitterCounts.Person(folded: user.folded, tweets: counted?.tweets ?? 0,
                                                                    mentioned: counted?.mentioned ?? 0, searches: found.searches[user.user.id] ?? [])
                }
                made.hashtags = found.hashtags
                return made.keep(at: file)
            }
        }
    }

    /// What the home card shows, once read.
    func homeReads() throws -> HomeReads {
        try home.value.get()
    }

    /// Everyone with a page, with their searches counted, once both reads are done.
    func everyone() throws -> [StoredPerson] {
        Store.people(try read().people, searches: try counts.value.get().searches.mapValues(\.count))
    }

    /// Every stored user (`Store.allUsers`, in another order), read with everyone.
    func users() throws -> [StoredUser] {
        try read().users
    }

    /// The hashtags with a page (`Store.hashtags()`).
    func hashtags() throws -> [StoredHashtag] {
        TwitterCounts.listed(try counts.value.get().hashtags)
    }

    /// Whether the people were counted from the kept counts, not all again.
    func wentOnFromKept() throws -> Bool {
        try people.value.get().wentOn
    }

    private func read() throws -> (people: [StoredPerson], users: [StoredUser]) {
        try ordered.value.get()
    }

    /// Everyone's tweets and mentions: those of the people rows since `kept` name counted again,
    /// or all when there are no kept counts (or they do not add up to the store's).
    private static func peopleCounts(_ store: Store, from kept: Kept?) throws -> PeopleCounts {
        let users = try store.foldedUsers()
        if let kept, let counts = try recount(users, from: kept, store: store) { return PeopleCounts(users: users, counts: counts, wentOn: true) }
        return PeopleCounts(users: users, counts: try store.personCounts(), wentOn: false)
    }

    private static func recount(_ users: [FoldedUser], from since: Kept, store: Store) throws -> [String: (tweets: Int, mentioned: Int)]? {
        let kept = since.counts
        var authors = Set(since.stored.compactMap(\.author))
        var names = try store.mentions(.user, on: since.stored.map(\.id))
        // A user new since is counted whole; one renamed is named by other tweets now.
        for user in users {
            guard let was = kept.users[user.user.id] else {
                authors.insert(user.user.id)
                names.insert(user.folded)
                continue
            }
            if was.folded != user.folded { names.insert(user.folded) }
        }
        let tweets = try store.tweetCounts(authors: authors)
        let mentioned = try store.mentionCounts(folded: names)
        var counts: [String: (tweets: Int, mentioned: Int)] = [:]
        counts.reserveCapacity(users.count)
        var total = 0
        for user in users {
            let id = user.user.id, was = kept.users[id]
            let counted = (tweets: authors.contains(id) ? tweets[id] ?? 0 : was?.tweets ?? 0,
                           mentioned: names.contains(user.folded) ? mentioned[user.folded] ?? 0 : was?.mentioned ?? 0)
            counts[id] = counted
            total += counted.tweets
        }
        // Kept counts of other rows (a copy of the store, changed otherwise) do not add up: all are counted.
        return total == (try store.authoredTweetCount()) ? counts : nil
    }

    /// The searches per author and the hashtags: those rows since `kept` name counted again, or all.
    private static func searchCounts(_ store: Store, from since: Kept?) throws -> SearchCounts {
        guard let since else {
            var hashtags: [String: TwitterCounts.Hashtag] = [:]
            for tag in try store.hashtags(minimum: 1) { hashtags[tag.folded] = TwitterCounts.Hashtag(display: tag.display, tweets: tag.tweetCount) }
            return SearchCounts(searches: try store.searchesByAuthor(), hashtags: hashtags)
        }
        let kept = since.counts
        var searches = kept.users.compactMapValues { $0.searches.isEmpty ? nil : $0.searches }
        // A link to a search that had found none of the author's tweets before counts one more.
        for (author, term) in try store.authorSearches(linkedAfter: kept.clock.seq) {
            var terms = searches[author] ?? []
            let at = terms.firstIndex { $0 >= term } ?? terms.count
            if at == terms.count || terms[at] != term { terms.insert(term, at: at) }
            searches[author] = terms
        }
        var hashtags = kept.hashtags
        let tagged = try store.mentions(.hashtag, on: since.stored.map(\.id))
        for folded in tagged { hashtags[folded] = nil }
        for tag in try store.hashtags(folded: tagged) { hashtags[tag.folded] = TwitterCounts.Hashtag(display: tag.display, tweets: tag.tweetCount) }
        return SearchCounts(searches: searches, hashtags: hashtags)
    }
}
