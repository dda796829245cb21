/// The search history, and per term its popularity page (with the tables as CSV and JSON beside
/// it) and its list of tweets.
struct SearchesSection: SiteSection {
    static let entry = NavigationEntry(id: "searches", title: "Searches", path: Routes.searches)
    /// How many searches the history shows.
    static let historyLimit = 100

    let context: SiteContext
    /// Every term, newest search first.
    let terms: [SearchTerm]

    var navigation: NavigationEntry? { Self.entry }

    func plan(into sink: PageSink) throws {
        let index = TermIndex(terms)
        let history = Array(terms.prefix(Self.historyLimit))
        try sink.page(SitePage(path: Routes.searches, template: "twitter/searches", title: "Searches", section: Self.entry.id, model: SearchesPage(
            rows: history.map { SearchRow($0, from: Routes.searches) }, hasRows: !history.isEmpty,
            olderCount: terms.count - history.count, hasOlder: terms.count > history.count)))

        for term in terms {
            let path = Routes.popularity(term)
            var tables: [TextEntity.Kind: PopularityPage.Table] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] {
                let popularity = try context.store.popularity(of: term.id, kind: kind)
                let (table, files) = self.table(popularity, kind: kind, term: term, page: path, index: index)
                tables[kind] = table
                for export in files { try sink.file(OutputFile(path: export.path, bytes: export.encoded())) }
            }
            try sink.page(SitePage(path: path, template: "twitter/popularity", title: "Popularity of \(term.text)", section: Self.entry.id,
                                   model: PopularityPage(
                                       term: term.text, tweetCount: term.tweetCount, searchedAt: UTCTime.format(term.searchedAt),
                                       tweetsHref: Routes.relative(from: path, to: Routes.termTweets(term)),
                                       searchesHref: Routes.relative(from: path, to: Routes.searches),
                                       hashtags: tables[.hashtag]!, users: tables[.user]!)))

            let listPath = Routes.termTweets(term)
            let list = try context.store.tweets(forTerm: term.id).map { TweetSummary($0, from: listPath, terms: index) }
            try sink.page(SitePage(path: listPath, template: "twitter/term-tweets", title: "Tweets for \(term.text)", section: Self.entry.id,
                                   model: TermTweetsPage(term: term.text, popularityHref: Routes.relative(from: listPath, to: path),
                                                         tweets: list, hasTweets: !list.isEmpty, tweetCount: list.count)))
            // A term's list holds every tweet found for it: render each term's pages before
            // planning the next, so memory holds one term's pages, not a chunk of big ones.
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
        return (PopularityPage.Table(rows: rows, hasRows: !rows.isEmpty, hiddenSingles: hidden, hasHidden: hidden > 0, hiddenNote: note,
                                     csvHref: Routes.relative(from: page, to: csv), jsonHref: Routes.relative(from: page, to: json)), exports)
    }
}
