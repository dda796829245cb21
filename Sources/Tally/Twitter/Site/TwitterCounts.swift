/// The counts the People and Hashtags lists show, for the store as its clock stood, kept in the
/// project's cache (`TwitterCounts+Cache`) so that the next build counts again only what rows
/// stored since name (`TwitterPrelude`).
///
/// Between two clocks of one store with no prune between them (`removals` the same), rows are
/// only added: a tweet with its author and tags, a search's link to a tweet, a user or a new
/// spelling of one. So a person's tweets change only when a tweet of theirs is stored, the
/// mentions of a name only when a stored tweet is tagged with it, an author's searches only with
/// a new link to a tweet of theirs, and a hashtag's count and spelling only with a new tweet
/// tagged with it; a user new or renamed since is counted whole.
struct TwitterCounts: Equatable, Sendable {
    /// The store the counts were read from (its path), as its clock stood then.
    var store: String
    var clock: TwitterClock
    /// The tally release and binary that counted them: another may count otherwise.
    var binary: String
    /// Each stored user by id.
    var users: [String: Person] = [:]
    /// Every hashtag on a stored tweet by folded name, those on one tweet too (the list shows those on two or more).
    var hashtags: [String: Hashtag] = [:]

    struct Person: Equatable, Sendable {
        /// `FoldedUser.folded`: what their mentions were counted by.
        var folded: String
        var tweets: Int
        var mentioned: Int
        /// The searches that found their tweets, in order: a new link to one of them counts no more.
        var searches: [Int64]
    }

    struct Hashtag: Equatable, Sendable {
        var display: String
        var tweets: Int
    }

    /// The tally release and binary counting now.
    static var thisBinary: String { TallyVersion.current + " " + BuildFingerprint.stamp("/proc/self/exe") }

    /// Everyone with a page, once per folded screen name, and every user, from `users` (ordered by
    /// `folded`, then id) and their counts by id: the order and choice `Store.peopleBeforeSearches`
    /// makes (by name, the one with most tweets first), searches not counted yet.
    static func people(_ users: [FoldedUser], counts: (String) -> (tweets: Int, mentioned: Int)?) -> (people: [StoredPerson], users: [StoredUser]) {
        var ordered: [StoredPerson] = []
        ordered.reserveCapacity(users.count)
        var start = 0
        while start < users.count {
            var end = start + 1
            while end < users.count, users[end].folded == users[start].folded { end += 1 }
            var group = users[start..<end].map { folded -> StoredPerson in
                let counted = counts(folded.user.id)
                return StoredPerson(user: folded.user, tweetCount: counted?.tweets ?? 0, mentionCount: counted?.mentioned ?? 0, searchCount: 0)
            }
            if group.count > 1 {
                // Within a name, most tweets first, ties in id order.
                group = group.enumerated().sorted { ($1.element.tweetCount, $0.offset) < ($0.element.tweetCount, $1.offset) }.map(\.element)
            }
            ordered += group
            start = end
        }
        var seen = Set<String>()
        return (ordered.filter { seen.insert($0.user.screenName.lowercased()).inserted }, ordered.map(\.user))
    }

    /// The hashtags with a page, from every hashtag by folded name: those on at least two tweets,
    /// most first, ties by the folded name's bytes (as `Store.hashtags()` orders them).
    static func listed(_ hashtags: [String: Hashtag]) -> [StoredHashtag] {
        hashtags.filter { $0.value.tweets >= 2 }.map { StoredHashtag(folded: $0.key, display: $0.value.display, tweetCount: $0.value.tweets) }
            .sorted { $0.tweetCount != $1.tweetCount ? $0.tweetCount > $1.tweetCount : $0.folded.utf8.lexicographicallyPrecedes($1.folded.utf8) }
    }

    var encoded: [UInt8] {
        var out = StateBytes()
        out.append(Self.format)
        out.append(store)
        clock.append(to: &out)
        out.append(binary)
        out.append(UInt64(users.count))
        for (id, person) in users {
            out.append(id)
            out.append(person.folded)
            out.append(UInt64(person.tweets))
            out.append(UInt64(person.mentioned))
            out.append(UInt64(person.searches.count))
            for term in person.searches { out.append(term) }
        }
        out.append(UInt64(hashtags.count))
        for (folded, tag) in hashtags {
            out.append(folded)
            out.append(tag.display)
            out.append(UInt64(tag.tweets))
        }
        // A digest of all before it: a file cut short or written over by two builds at once reads as none.
        let digest = ContentHash(out.bytes)
        out.append(digest.a)
        out.append(digest.b)
        return out.bytes
    }

    /// What `encoded` wrote, or nil for bytes it did not.
    init?(decoding bytes: [UInt8]) {
        guard bytes.count >= 16 else { return nil }
        var tail = StateReader(Array(bytes.suffix(16)))
        guard let a = tail.number(), let b = tail.number(), ContentHash(bytes.dropLast(16)) == ContentHash(a: a, b: b) else { return nil }
        var reader = StateReader(Array(bytes.dropLast(16)))
        guard reader.text() == Self.format, let store = reader.text(), let clock = TwitterClock(reading: &reader), let binary = reader.text(),
              let userCount = reader.number() else { return nil }
        self.init(store: store, clock: clock, binary: binary)
        users.reserveCapacity(Int(min(userCount, 1 << 24)))
        for _ in 0..<userCount {
            guard let id = reader.text(), let folded = reader.text(), let tweets = reader.number(), let mentioned = reader.number(),
                  let termCount = reader.number(), termCount <= UInt64(bytes.count) else { return nil }
            var searches: [Int64] = []
            searches.reserveCapacity(Int(termCount))
            for _ in 0..<termCount {
                guard let term = reader.integer() else { return nil }
                searches.append(term)
            }
            users[id] = Person(folded: folded, tweets: Int(tweets), mentioned: Int(mentioned), searches: searches)
        }
        guard let tagCount = reader.number() else { return nil }
        for _ in 0..<tagCount {
            guard let folded = reader.text(), let display = reader.text(), let tweets = reader.number() else { return nil }
            hashtags[folded] = Hashtag(display: display, tweets: Int(tweets))
        }
        guard reader.isAtEnd else { return nil }
    }

    init(store: String, clock: TwitterClock, binary: String) {
        self.store = store
        self.clock = clock
        self.binary = binary
    }

    private static let format = "tally-twitter-counts 2"
}
