/// The search history, and per term its popularity page (with the tables as CSV and JSON beside
/// it) and its list of tweets.
struct SearchesSection: SiteSection {
    static let entry = NavigationEntry(id: "searches", title: "Searches", path: Routes.searches)
    /// How many searches the history shows.
    static let historyLimit = 100

    let context: SiteContext
    /// Every term, newest search first.
    let terms: [SearchTerm]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var navigation: NavigationEntry? { Self.entry }
    var keepsUnplanned: Bool { changes.updates }

    func plan(into sink: PageSink) throws {
        let changed = try changes.changes()
        let index = TermIndex(terms)
        let history = Array(terms.prefix(Self.historyLimit))
        if changed?.searchesIndex ?? true {
            try sink.page(SitePage(path: Routes.searches, template: "twitter/searches", title: "Searches", section: Self.entry.id, model: SearchesPage(
                rows: history.map { SearchRow($0, from: Routes.searches) }, hasRows: !history.isEmpty,
                olderCount: terms.count - history.count, hasOlder: terms.count > history.count)))
        }

        for term in terms {
            let path = Routes.popularity(term)
            let was = changes.previous?.terms[term.id]
            let isNew = was == nil
            var popularity: [TextEntity.Kind: Popularity] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] { popularity[kind] = try context.store.popularity(of: term.id, kind: kind) }
            // In an update, the popularity page is made again when the search's counts changed or
            // a hashtag in its table now leads elsewhere; its list, when its tweets did.
            let page = changed == nil || isNew || was?.page != changes.current.terms[term.id]?.page
                || popularity[.hashtag]!.rows.contains { changed!.hashtagLinks.contains($0.folded) }
            let listed = changed == nil || isNew || changed!.terms.contains(term.id)
            guard page || listed else { continue }
            var tables: [TextEntity.Kind: PopularityPage.Table] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] {
                let (table, files) = self.table(popularity[kind]!, kind: kind, term: term, page: path, index: index)
                tables[kind] = table
                if page { for export in files { try sink.file(OutputFile(path: export.path, bytes: export.encoded())) } }
            }
            let daily = try context.store.tweetsPer(.day, .term(term.id))
            let perDay = daily.count > 1 ? Plot.perDay(daily, title: "Tweets per day for \(term.text)",
                                                       description: "How many of the tweets stored for \(term.text) were posted on each day (UTC).") : nil
            if page {
                try sink.page(SitePage(path: path, template: "twitter/popularity", title: "Popularity of \(term.text)", section: Self.entry.id,
                                       model: PopularityPage(
                                           term: term.text, tweetCount: term.tweetCount, searchedAt: UTCTime.format(term.searchedAt),
                                           tweetsHref: Routes.relative(from: path, to: Routes.termTweets(term)),
                                           searchesHref: Routes.relative(from: path, to: Routes.searches),
                                           hashtags: tables[.hashtag]!, users: tables[.user]!, perDay: perDay)))
            }

            let popularityPath = path
            var list = TweetListPlanner(store: context.store, cards: cards, filter: .term(term.id), heading: "Tweets for \(term.text)",
                                        path: { Routes.termTweets(term, page: $0) }, section: Self.entry.id)
            list.links = { [PageLink(text: "Popularity", href: Routes.relative(from: $0, to: popularityPath))] }
            if let perDay { list.header = { _ in perDay } }
            if let changed {
                if listed { try list.planChanges(new: changed.termLinks[term.id] ?? [], cards: changed.cards, header: false, whole: isNew, into: sink) }
            } else {
                try list.plan(into: sink)
            }
            // Render each term's pages before planning the next, so memory holds one term's pages.
            try sink.flush()
        }
    }

    private func table(_ popularity: Popularity, kind: TextEntity.Kind, term: SearchTerm, page: String,
                       index: TermIndex) -> (PopularityPage.Table, [TableExport]) {
        let sigil = kind == .hashtag ? "#" : "@"
        let rows = popularity.rows.map { row -> PopularityPage.Row in
            let href: String
            if kind == .hashtag, let own = index.term(forHashtag: row.folded) {
                href = Routes.relative(from: page, to: Routes.popularity(own))
            } else if kind == .hashtag, directory.hashtags.contains(row.folded) {
                // No search of its own (never made, or pruned): its page here rather than the web.
                href = Routes.relative(from: page, to: Routes.hashtag(row.folded))
            } else {
                href = kind == .hashtag ? Routes.hashtagOnWeb(row.display) : Routes.userOnWeb(row.display)
            }
            return PopularityPage.Row(label: sigil + row.display, href: href, count: row.count,
                                      share: PopularityPage.share(row.count, of: term.tweetCount))
        }
        let noun = kind == .hashtag ? "hashtag" : "user"
        let hidden = popularity.hiddenSingles
        let note = hidden == 1 ? "1 \(noun) seen in only one tweet is not shown." : "\(hidden) \(noun)s seen in only one tweet are not shown."
        let csv = Routes.popularityData(term, kind: kind, format: "csv")
        let json = Routes.popularityData(term, kind: kind, format: "json")
        let cells = popularity.rows.map { [TableExport.Cell.text($0.display), .number($0.count)] }
        let exports = [
            TableExport(path: csv, format: .csv, columns: [noun, "tweets"], rows: cells),
            TableExport(path: json, format: .json, columns: [noun, "tweets"], rows: cells),
        ]
        let top = popularity.rows.prefix(10).map { (label: sigil + $0.display, count: $0.count) }
        let bars = top.count > 1 ? Plot.bars(Array(top), title: "Top \(noun)s in tweets for \(term.text)",
                                             description: "The \(top.count) \(noun)s named in most of the tweets stored for \(term.text), with how many tweets name each.",
                                             column: noun.capitalized) : nil
        return (PopularityPage.Table(rows: rows, hasRows: !rows.isEmpty, hiddenSingles: hidden, hasHidden: hidden > 0, hiddenNote: note,
                                     csvHref: Routes.relative(from: page, to: csv), jsonHref: Routes.relative(from: page, to: json), bars: bars), exports)
    }
}
