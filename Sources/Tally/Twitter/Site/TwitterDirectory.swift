/// What every Twitter page needs to know to link a name: which searches, people and hashtags have
/// pages. Made once per build.
struct TwitterDirectory: Sendable {
    let terms: TermIndex
    /// People with a page, by lower-cased screen name.
    let people: [String: StoredPerson]
    /// Hashtags with a page, by folded tag.
    let hashtags: Set<String>
    /// Pictures kept from imported archives, by file name (`<tweet id>-<name>.jpg`).
    let localMedia: Set<String>
    /// A Mastodon export's owner's avatar and header kept from the export, by owner key and kind.
    private let ownerPictures: [String: String]

    init(terms: [SearchTerm], people: [StoredPerson], hashtags: [StoredHashtag], localMedia: Set<String> = []) {
        self.localMedia = localMedia
        var ownerPictures: [String: String] = [:]
        for name in localMedia.sorted() {
            for kind in MastodonExport.OwnerPicture.allCases where name.hasPrefix(MastodonExport.mediaPrefix + kind.rawValue + "-") {
                let key = name.dropFirst(MastodonExport.mediaPrefix.count + kind.rawValue.count + 1).prefix(16)
                if ownerPictures[kind.rawValue + key] == nil { ownerPictures[kind.rawValue + key] = name }
            }
        }
        self.ownerPictures = ownerPictures
        self.terms = TermIndex(terms)
        var byName: [String: StoredPerson] = [:]
        for person in people { byName[person.user.screenName.lowercased()] = person }
        self.people = byName
        self.hashtags = Set(hashtags.map(\.folded))
    }

    /// A person's own picture kept from their Mastodon export (`avatar`, `header`), as a path in
    /// the site; nil for anyone else.
    func ownerPicture(_ kind: MastodonExport.OwnerPicture, of user: StoredUser) -> String? {
        guard user.network == .mastodon, let name = ownerPictures[kind.rawValue + MastodonExport.ownerKey(user.id)] else { return nil }
        return Routes.archiveMedia(name)
    }

    /// The person page for a screen name, if they have one.
    func personPath(_ screenName: String) -> String? {
        people[screenName.lowercased()] != nil ? Routes.person(screenName) : nil
    }

    /// Where a mention leads from `page`: the person page, else their profile on the web (`web`,
    /// where a Mastodon or Bluesky mention says it is, else Twitter's).
    func userHref(_ screenName: String, web: String? = nil, from page: String) -> String {
        personPath(screenName).map { Routes.relative(from: page, to: $0) } ?? web.flatMap(Routes.external) ?? Routes.userOnWeb(screenName)
    }

    /// Where a hashtag leads from `page`: its hashtag page, else the search for it, else the web
    /// (`web`, the tag's page on its own network, else Twitter's).
    func hashtagHref(_ tag: String, folded: String, web: String? = nil, from page: String) -> String {
        if hashtags.contains(folded) { return Routes.relative(from: page, to: Routes.hashtag(folded)) }
        if let search = terms.path(forHashtag: folded) { return Routes.relative(from: page, to: search) }
        return web.flatMap(Routes.external) ?? Routes.hashtagOnWeb(tag)
    }

    /// Where a tweet's picture comes from on `page`: the archive's own copy when there is one
    /// (so it shows offline), else its http(s) address.
    func imageSource(_ url: String, tweet id: String, from page: String) -> String? {
        let file = url.split(separator: "/").last.map(String.init) ?? ""
        let name = "\(id)-" + file
        if localMedia.contains(name) { return Routes.relative(from: page, to: Routes.archiveMedia(name)) }
        // A Mastodon export's pictures are kept under their own (random) names.
        if id.hasPrefix("http"), let kept = MastodonExport.keptName(file), localMedia.contains(kept) {
            return Routes.relative(from: page, to: Routes.archiveMedia(kept))
        }
        return Routes.secureImage(url)
    }
}

/// Finds the searches of a term, one per network, and the page a hashtag's search is (`#swift`
/// or `swift`): the combined page when the term was searched on several networks.
struct TermIndex {
    /// Each term's searches by folded text, in the networks' order.
    private var byFolded: [String: [SearchTerm]] = [:]

    init(_ terms: [SearchTerm]) {
        for term in terms { byFolded[term.folded, default: []].append(term) }
        let order = Dictionary(uniqueKeysWithValues: PostNetwork.allCases.enumerated().map { ($1, $0) })
        for (folded, searches) in byFolded where searches.count > 1 {
            byFolded[folded] = searches.sorted { order[$0.network]! < order[$1.network]! }
        }
    }

    /// A term's searches, one per network it was searched on.
    func searches(_ folded: String) -> [SearchTerm] { byFolded[folded] ?? [] }

    /// The terms searched on more than one network, by folded text in code-point order, each
    /// with its searches: the terms with a combined page.
    var combined: [(folded: String, searches: [SearchTerm])] {
        byFolded.filter { $0.value.count > 1 }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
    }

    /// The popularity page a hashtag leads to when it was searched for: its search's, or the
    /// combined page of its searches on several networks.
    func path(forHashtag folded: String) -> String? {
        guard let found = byFolded["#" + folded] ?? byFolded[folded], let first = found.first else { return nil }
        return found.count > 1 ? Routes.popularityEverywhere(first.folded) : Routes.popularity(first)
    }
}
