/// What Twitter data contributes to the site search: tweets (text, author), people (name, screen
/// name), hashtags and search terms.
///
/// Weights put a search term before a hashtag before a person before a tweet when they match a
/// query equally well. People open their person page; hashtags their hashtag page, else their own
/// search's page, else their newest tweet in the site.
public enum TwitterSearchDocuments {
    public static let tweet = SearchDocument.Kind(name: "tweet", label: "Tweet")
    /// A Mastodon or Bluesky post: results say what the network calls it.
    public static let post = SearchDocument.Kind(name: "post", label: "Post")
    public static let person = SearchDocument.Kind(name: "person", label: "Person")
    public static let hashtag = SearchDocument.Kind(name: "hashtag", label: "Hashtag")
    public static let searchTerm = SearchDocument.Kind(name: "search-term", label: "Search term")

    /// The text as its card shows it: each shortened link (`https://t.co/…`) replaced by the
    /// address it stands for, as Twitter displays it, so results show and find the real address.
    static func readable(_ text: String, links: [TextEntity]) -> String {
        let placed = links.compactMap { link in link.range.map { (link, $0) } }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        guard !placed.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var cursor = 0
        for (link, range) in placed where range.lowerBound >= cursor && range.upperBound <= scalars.count {
            out.append(contentsOf: scalars[cursor..<range.lowerBound])
            out.append(contentsOf: (link.displayURL ?? link.expandedURL ?? link.value).unicodeScalars)
            cursor = range.upperBound
        }
        out.append(contentsOf: scalars[cursor...])
        return String(out)
    }

    /// Hands every document to `emit`: tweets oldest first, then people and hashtags in the order
    /// of their oldest tweet and terms by number, so that what an import adds comes after what was
    /// there (the search index keeps each kind's numbers, and its files, as they were). Row ids
    /// are not used: a store upgraded from an older Tally numbers its rows otherwise.
    public static func produce(_ store: Store, _ emit: (SearchDocument) throws -> Void) throws {
        try produce(store, continuing: nil, revisiting: [], keep: { _ in }, directory: nil, emit)
    }

    /// The weights of the blocks a rebuild revisits (`SearchContinuation.revisits`): the people's and the hashtags'.
    static let revisitedWeights: Set<Int> = [1, 2]

    /// Under this key a build's Twitter sections share their directory with its search documents.
    static let directoryKey = "twitter:directory"

    /// The same, continuing `previous` (`continuation`): only the tweets stored since it are
    /// read and handed over, and the people and hashtags start from where it left them. The
    /// people's and hashtags' blocks whose weights are in `revisiting` are handed over as they
    /// stand against `previous`'s documents: those made from the same as then are
    /// `SearchDocument.unchanged`, and are not made again. The state these documents were made
    /// from goes to `keep`, for the next build. `directory`, when the build's sections made one,
    /// names the people and hashtags (else they are read).
    ///
    /// `previous` is consumed: held nowhere else, its maps of every person and hashtag are changed
    /// in place rather than copied at the first post added (a fiftieth of a 100k rebuild's search).
    static func produce(_ store: Store, continuing previous: consuming TwitterSearchState?, revisiting: Set<Int>, keep: (TwitterSearchState) -> Void,
                        directory shared: TwitterDirectory?, _ emit: (SearchDocument) throws -> Void) throws {
        // Read first: a tweet stored while the rows are read is read again by the next build.
        let clock = try store.twitterClock()
        let storedAfter = previous?.clock.seq
        var state = (consume previous) ?? TwitterSearchState(store: store.path, clock: clock)
        state.store = store.path
        state.clock = clock
        try store.forEachSearchableTweet(storedAfter: storedAfter) { row in
            // The author is the title: a person's tweets rank with their name, after the person.
            let author = row.screenName.map { "\(row.name ?? $0) (@\($0))" } ?? "Unknown author"
            try emit(SearchDocument(kind: row.network == .twitter ? tweet : post, title: author, body: readable(row.text, links: row.links), path: Routes.tweet(row.id), date: row.createdAt, weight: 0))
            // Oldest first: each later tweet is the newer one; `first` keeps the order of the oldest.
            state.add(row, display: author)
        }
        let people = state.people
        let hashtags = state.hashtags
        let previousPeople = revisiting.contains(1) ? state.peopleDocuments : []
        let previousHashtags = revisiting.contains(2) ? state.hashtagDocuments : []
        var peopleDocuments: [TwitterSearchState.DocumentDigest] = []
        var hashtagDocuments: [TwitterSearchState.DocumentDigest] = []
        peopleDocuments.reserveCapacity(previousPeople.count)
        hashtagDocuments.reserveCapacity(previousHashtags.count)
        /// Hands over the next document of a block, made by `document` unless the previous build's
        /// at its place was made from the same (`digest`).
        func hand(_ digest: TwitterSearchState.DocumentDigest, weight: Int, previous: [TwitterSearchState.DocumentDigest],
                  into made: inout [TwitterSearchState.DocumentDigest], _ document: () -> SearchDocument) throws {
            let place = made.count
            made.append(digest)
            guard place < previous.count else { return try emit(document()) }
            if previous[place] == digest { return try emit(.unchanged(weight: weight)) }
            var changed = document()
            if previous[place].words == digest.words { changed.previous = .sameWords }
            try emit(changed)
        }
        // Read after the tweets, not held while they are: the index is gathered beside the
        // sections (`SearchIndexTask`), in the same memory as their biggest page.
        let terms = try store.allTerms()
        let index = TermIndex(terms)
        let directory = try shared ?? TwitterDirectory(terms: terms, people: try store.people(), hashtags: try store.hashtags())
        // Everyone with a page, the people only mentioned included; an author without one (there
        // should be none) opens their newest tweet.
        var listed = Set<String>()
        // People who only are mentioned come after those with tweets, by name (screen names are
        // unique folded, so the order is total).
        // Digested from what each document is made of (not the document: making a person's
        // path is most of making their document), each part told from the others.
        for user in orderedPeople(directory, places: people) {
            listed.insert(user.id)
            let date = people[user.id]?.date
            let digest = TwitterSearchState.DocumentDigest(words: StateBytes.digest(["person", user.name, user.screenName, user.bio ?? ""]),
                                                           rest: StateBytes.digest([user.screenName, date.map(String.init)]))
            try hand(digest, weight: 1, previous: previousPeople, into: &peopleDocuments) {
                SearchDocument(kind: person, title: "\(user.name) (@\(user.screenName))", body: user.bio ?? "",
                               path: Routes.person(user.screenName), date: date, weight: 1)
            }
        }
        for (id, newest) in TwitterSearchState.inOrder(people) where !listed.contains(id) {
            let digest = TwitterSearchState.DocumentDigest(words: StateBytes.digest(["author", newest.display]),
                                                           rest: StateBytes.digest([newest.tweetID, String(newest.date)]))
            try hand(digest, weight: 1, previous: previousPeople, into: &peopleDocuments) {
                SearchDocument(kind: person, title: newest.display, body: "", path: Routes.tweet(newest.tweetID), date: newest.date, weight: 1)
            }
        }
        for (folded, newest) in TwitterSearchState.inOrder(hashtags) {
            // The path by what it is made from: a hashtag's own page by its name.
            let paged = directory.hashtags.contains(folded)
            let searched = paged ? nil : index.path(forHashtag: folded)
            let digest = TwitterSearchState.DocumentDigest(words: StateBytes.digest(["hashtag", newest.display]),
                                                           rest: StateBytes.digest([paged ? "page" : searched == nil ? "post" : "search",
                                                                                    paged ? folded : searched ?? newest.tweetID, String(newest.date)]))
            try hand(digest, weight: 2, previous: previousHashtags, into: &hashtagDocuments) {
                let path = paged ? Routes.hashtag(folded) : searched ?? Routes.tweet(newest.tweetID)
                return SearchDocument(kind: hashtag, title: newest.display, body: "", path: path, date: newest.date, weight: 2)
            }
        }
        state.peopleDocuments = peopleDocuments
        state.hashtagDocuments = hashtagDocuments
        keep(state)
        // Each search, and each term's combined page once it was searched on a second network, in
        // the order they appeared (a combined page at its second search), so new ones come last.
        var searchDocuments: [(place: (Int64, Int), document: SearchDocument)] = []
        for term in terms {
            // A term searched on another network than Twitter says which (`#swift on Mastodon`).
            let title = term.network == .twitter ? term.text : "\(term.text) on \(term.network.label)"
            searchDocuments.append(((term.id, 0), SearchDocument(kind: searchTerm, title: title, body: "", path: Routes.popularity(term),
                                                                date: term.searchedAt, weight: 3)))
        }
        for (folded, searches) in index.combined {
            let second = searches.map(\.id).sorted()[1]
            searchDocuments.append(((second, 1), SearchDocument(kind: searchTerm, title: "\(searches[0].text) everywhere", body: "",
                                                               path: Routes.popularityEverywhere(folded),
                                                               date: searches.map(\.searchedAt).max(), weight: 3)))
        }
        for (_, document) in searchDocuments.sorted(by: { $0.place < $1.place }) { try emit(document) }
    }

    /// Everyone in `directory`: those with posts in the order of their first (`places`, by user
    /// id), then those only mentioned, by name folded (the directory's key).
    ///
    /// Each author's place is their own, so each is put there and only the mentioned are sorted:
    /// sorting everyone was a sixth of the search's thread in a 100k rebuild. Places that are
    /// not each their own (a damaged state read back) have everyone sorted by (place, name).
    static func orderedPeople(_ directory: TwitterDirectory, places: [String: TwitterSearchState.Newest]) -> [StoredUser] {
        var authors = [StoredUser?](repeating: nil, count: places.count)
        var mentioned: [(name: String, user: StoredUser)] = []
        for (name, person) in directory.people {
            guard let first = places[person.user.id]?.first else {
                mentioned.append((name, person.user))
                continue
            }
            guard authors.indices.contains(first), authors[first] == nil else {
                let placed = directory.people.map { (first: places[$0.value.user.id]?.first ?? .max, name: $0.key, user: $0.value.user) }
                return placed.sorted { ($0.first, $0.name) < ($1.first, $1.name) }.map(\.user)
            }
            authors[first] = person.user
        }
        mentioned.sort { $0.name < $1.name }
        return authors.compactMap { $0 } + mentioned.map(\.user)
    }

    /// The previous build's state when this one can continue its posts' block: the same store,
    /// no prune since, every tweet stored since sorting after the last it indexed, and no author
    /// of an earlier one renamed (their titles would change). Nil to index every tweet again.
    static func continuation(_ context: SiteContext) throws -> TwitterSearchState? {
        let memory = context.memory
        // The previous pages' state as the sections read it, when they lent their plan.
        let previousPages = memory.shared(TwitterPlan.self, for: TwitterPlan.key).map { $0.previousState() }
            ?? memory.previousState(for: TwitterSource.sourceID).flatMap(TwitterState.init(decoding:))
        guard let bytes = memory.previousState(for: TwitterSearchState.key), let state = TwitterSearchState(decoding: bytes), state.posts > 0,
              let pages = previousPages else { return nil }
        let store = context.store
        let clock = try store.twitterClock()
        guard state.store == store.path, state.clock.origin == clock.origin, state.clock.removals == clock.removals,
              state.clock.seq <= clock.seq else { return nil }
        // The sections' state has every author's digest: reading the users again was a twentieth
        // of a 100k rebuild's search thread.
        let users = try memory.shared([String: UInt64].self, for: TwitterState.usersKey)
            ?? Dictionary(try store.allUsers().map { ($0.id, TwitterState.digest(of: $0)) }, uniquingKeysWith: { first, _ in first })
        let changed = users.filter { pages.users[$0.key] != $0.value }.map(\.key)
        let growth = try store.searchIndexGrowth(after: state.clock.seq, last: state.last.map { ($0.createdAt, $0.id) }, changedAuthors: changed)
        guard growth.older == state.posts, !growth.interleaved, !growth.touchesOlder else { return nil }
        // Lent to the documents' thread, which would decode it again.
        memory.share(state, for: TwitterSearchState.continuedKey)
        return state
    }
}
