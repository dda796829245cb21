/// What the Twitter pages of one build were planned from, kept for the next build
/// (`BuildMemory`): the store's clock, and a digest of every row the lists and cards name that
/// is not stamped by the clock (people, searches, hashtags, timelines).
struct TwitterState: Equatable {
    /// The store it was read from: its path and its random origin.
    var store: String
    var clock: TwitterClock
    /// A digest of the kept archive pictures' names.
    var media: UInt64
    /// Each user by id: what a card shows of them.
    var users: [String: UInt64] = [:]
    /// Each person by lower-cased screen name: what every page of theirs shows (`head`: the
    /// heading and address) and what their profile and the People table show.
    var people: [String: Digests] = [:]
    /// Each search by id: its place in the history (`order`) and what its pages show.
    var terms: [Int64: Term] = [:]
    /// Each hashtag with a page by folded name: its heading (`head`) and its count.
    var hashtags: [String: Digests] = [:]
    /// Each timeline by id.
    var timelines: [Int64: UInt64] = [:]

    /// Under this key a build's sections share `users` with the search's continuation check.
    static let usersKey = "twitter:users"

    struct Digests: Equatable {
        var head: UInt64
        var page: UInt64
    }

    struct Term: Equatable {
        var order: UInt64
        var page: UInt64
    }

    init(store: String, clock: TwitterClock, media: Set<String>, users: [StoredUser], people: [StoredPerson], terms: [SearchTerm],
         hashtags: [StoredHashtag], timelines: [StoredTimeline]) {
        self.store = store
        self.clock = clock
        self.media = StateBytes.digest(media.sorted())
        // Room at once: grown by doubling, the maps were rehashed a dozen times each.
        self.users.reserveCapacity(users.count)
        self.people.reserveCapacity(people.count)
        self.terms.reserveCapacity(terms.count)
        self.hashtags.reserveCapacity(hashtags.count)
        for user in users { self.users[user.id] = Self.digest(of: user) }
        for person in people {
            let user = person.user
            self.people[user.screenName.lowercased()] = Digests(
                head: StateBytes.digest([user.id, user.screenName, user.name]),
                page: StateBytes.digest([user.id, user.screenName, user.name, user.avatarURL, user.bio, user.location, user.website,
                                         "\(person.tweetCount)", "\(person.mentionCount)", "\(person.searchCount)"]))
        }
        // A search's page names its term's searches on other networks, with their counts: any
        // of them new or changed makes it again (and so the combined page made from them).
        let index = TermIndex(terms)
        for term in terms {
            let siblings = index.searches(term.folded).filter { $0.id != term.id }.flatMap { [$0.network.rawValue, $0.text, "\($0.searchedAt)", "\($0.tweetCount)"] }
            self.terms[term.id] = Term(order: StateBytes.digest([term.text, term.folded, term.network.rawValue, "\(term.searchedAt)"]),
                                       page: StateBytes.digest([term.text, term.folded, term.network.rawValue, "\(term.searchedAt)", "\(term.tweetCount)"] + siblings))
        }
        for tag in hashtags {
            self.hashtags[tag.folded] = Digests(head: StateBytes.digest([tag.display]), page: StateBytes.digest([tag.display, "\(tag.tweetCount)"]))
        }
        for timeline in timelines { self.timelines[timeline.id] = StateBytes.digest([timeline.name, "\(timeline.tweetCount)"]) }
    }

    /// What a card (and a search result) shows of a user.
    static func digest(of user: StoredUser) -> UInt64 {
        StateBytes.digest([user.screenName, user.name, user.avatarURL])
    }

    var encoded: [UInt8] {
        var out = StateBytes()
        out.append(store)
        clock.append(to: &out)
        out.append(media)
        out.append(UInt64(users.count))
        for (id, digest) in users.sorted(by: { $0.key < $1.key }) {
            out.append(id)
            out.append(digest)
        }
        for map in [people, hashtags] {
            out.append(UInt64(map.count))
            for (key, value) in map.sorted(by: { $0.key < $1.key }) {
                out.append(key)
                out.append(value.head)
                out.append(value.page)
            }
        }
        out.append(UInt64(terms.count))
        for (id, value) in terms.sorted(by: { $0.key < $1.key }) {
            out.append(id)
            out.append(value.order)
            out.append(value.page)
        }
        out.append(UInt64(timelines.count))
        for (id, digest) in timelines.sorted(by: { $0.key < $1.key }) {
            out.append(id)
            out.append(digest)
        }
        return out.bytes
    }

    /// The state `encoded` wrote, or nil for bytes it did not.
    init?(decoding bytes: [UInt8]) {
        var reader = StateReader(bytes)
        guard let store = reader.text(), let clock = TwitterClock(reading: &reader),
              let media = reader.number(), let userCount = reader.number() else { return nil }
        self.store = store
        self.clock = clock
        self.media = media
        for _ in 0..<userCount {
            guard let id = reader.text(), let digest = reader.number() else { return nil }
            users[id] = digest
        }
        var maps: [[String: Digests]] = []
        for _ in 0..<2 {
            guard let count = reader.number() else { return nil }
            var map: [String: Digests] = [:]
            for _ in 0..<count {
                guard let key = reader.text(), let head = reader.number(), let page = reader.number() else { return nil }
                map[key] = Digests(head: head, page: page)
            }
            maps.append(map)
        }
        people = maps[0]
        hashtags = maps[1]
        guard let termCount = reader.number() else { return nil }
        for _ in 0..<termCount {
            guard let id = reader.integer(), let order = reader.number(), let page = reader.number() else { return nil }
            terms[id] = Term(order: order, page: page)
        }
        guard let timelineCount = reader.number() else { return nil }
        for _ in 0..<timelineCount {
            guard let id = reader.integer(), let digest = reader.number() else { return nil }
            timelines[id] = digest
        }
        guard reader.isAtEnd else { return nil }
    }
}
