/// What changed in the store since the build whose site this one updates, as the Twitter
/// pages see it: which cards, tweet pages and lists to plan again. Made by comparing the
/// previous build's `TwitterState` with this one's and reading the rows stamped after its clock.
///
/// Rows are only ever added between two builds that update (a prune, which removes, makes the
/// next build plan everything), so a list only grows and a page only changes when a row it
/// shows was added or changed.
struct TwitterChanges {
    /// Tweets stored since.
    var newTweets: Set<String> = []
    /// Tweets whose card changed: new ones, those whose counts changed, those of users whose name or picture changed, those
    /// naming someone or a hashtag whose page appeared, those replying to a new one, and those
    /// retweeting or quoting any of them.
    var cards: Set<String> = []
    /// Tweets of users whose name or picture changed (the gallery names a picture's author).
    var byChangedUsers: Set<String> = []
    /// Tweets whose own page is planned again: changed cards, new searches found them, a search
    /// they share with another moved in the history, or their thread shows a changed card.
    var tweetPages: Set<String> = []
    /// New search–tweet links, by search.
    var termLinks: [Int64: Set<String>] = [:]
    /// The lists that hold a changed card or a new tweet: authors (user ids), searches, hashtags (folded).
    var authors: Set<String> = []
    var terms: Set<Int64> = []
    var hashtags: Set<String> = []
    /// Hashtags (folded) whose links lead elsewhere now: a page or a search for them appeared.
    var hashtagLinks: Set<String> = []
    /// Whether the list pages of the People, Hashtags and Searches sections changed.
    var peopleIndex = false
    var hashtagsIndex = false
    var searchesIndex = false
    /// Whether the timelines are planned again whole.
    var timelines = false

    /// The changes between `previous` and `current`, or nil when the site cannot be updated from
    /// them (another store, a prune since, other archive pictures, a row gone).
    static func make(previous: TwitterState, current: TwitterState, store: Store) throws -> TwitterChanges? {
        guard previous.store == current.store, previous.clock.origin == current.clock.origin,
              previous.clock.removals == current.clock.removals, previous.clock.seq <= current.clock.seq, previous.media == current.media,
              previous.users.keys.allSatisfy({ current.users[$0] != nil }), previous.people.keys.allSatisfy({ current.people[$0] != nil }),
              previous.terms.keys.allSatisfy({ current.terms[$0] != nil }), previous.hashtags.keys.allSatisfy({ current.hashtags[$0] != nil }),
              previous.timelines.keys.allSatisfy({ current.timelines[$0] != nil }) else { return nil }
        var changes = TwitterChanges()
        let since = previous.clock.seq
        let stored = try store.tweets(storedAfter: since)
        changes.newTweets = Set(stored.map(\.id))
        for link in try store.termLinks(madeAfter: since) { changes.termLinks[link.term, default: []].insert(link.tweet) }

        let users = current.users.filter { previous.users[$0.key] != $0.value }.map(\.key)
        let people = current.people.keys.filter { previous.people[$0] == nil }
        var hashtagLinks = Set(current.hashtags.keys.filter { previous.hashtags[$0] == nil })
        let newTerms = current.terms.keys.filter { previous.terms[$0] == nil }
        for term in try store.allTerms() where newTerms.contains(term.id) {
            hashtagLinks.insert(term.folded.hasPrefix("#") ? String(term.folded.dropFirst()) : term.folded)
        }
        changes.hashtagLinks = hashtagLinks
        var cards = changes.newTweets
        // Posts imported again with other counts.
        cards.formUnion(try store.tweets(countsChangedAfter: since))
        changes.byChangedUsers = Set(try store.tweets(byUsers: users))
        cards.formUnion(changes.byChangedUsers)
        cards.formUnion(try store.tweets(tagged: people, kind: .user))
        cards.formUnion(try store.tweets(tagged: hashtagLinks, kind: .hashtag))
        // "Replying to" links its parent once the parent is stored.
        cards.formUnion(try store.tweets(replyingTo: changes.newTweets))
        // A retweet or quote shows its original's card inside its own: down every chain.
        var frontier = cards
        while !frontier.isEmpty {
            frontier = Set(try store.tweets(referencing: frontier)).subtracting(cards)
            cards.formUnion(frontier)
        }
        changes.cards = cards

        let moved = current.terms.filter { id, now in previous.terms[id].map { $0.order != now.order } ?? false }.map(\.key)
        var pages = cards
        for links in changes.termLinks.values { pages.formUnion(links) }
        pages.formUnion(try store.tweets(sharedByTerms: moved))
        // A post's page shows its stored replies' cards, and a reply's page the chain of stored
        // posts above it: the parents of changed cards, and every reply below one, however deep.
        pages.formUnion(try store.parents(of: cards))
        var below = cards
        while !below.isEmpty {
            below = Set(try store.tweets(replyingTo: below)).subtracting(pages)
            pages.formUnion(below)
        }
        changes.tweetPages = pages

        let lists = try store.lists(of: cards)
        changes.authors = lists.authors
        changes.terms = lists.terms.union(changes.termLinks.keys)
        changes.hashtags = lists.hashtags
        changes.peopleIndex = previous.people != current.people
        changes.hashtagsIndex = previous.hashtags != current.hashtags
        changes.searchesIndex = previous.terms != current.terms
        let timelinesGrew = try store.timelinesChanged(after: since)
        changes.timelines = previous.timelines != current.timelines || !users.isEmpty || !lists.timelines.isEmpty || timelinesGrew
        return changes
    }

    /// How a person's pages changed: all of them (new, or renamed), their profile, or neither.
    func person(_ name: String, previous: TwitterState, current: TwitterState) -> (whole: Bool, profile: Bool) {
        guard let was = previous.people[name], let now = current.people[name] else { return (true, true) }
        return (was.head != now.head, was.page != now.page)
    }
}
