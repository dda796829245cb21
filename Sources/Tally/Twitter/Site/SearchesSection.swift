/// The search history, and per search (a term on one network) its popularity page (with the
/// tables as CSV and JSON beside it) and its list of posts; per term searched on several
/// networks, a combined popularity page counting each post once.
struct SearchesSection: SiteSection {
    static let entry = NavigationEntry(id: "searches", title: "Searches", path: Routes.searches)
    /// How many searches the history shows.
    static let historyLimit = 100

    let context: SiteContext
    /// Every search, newest first.
    let terms: [SearchTerm]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var navigation: NavigationEntry? { Self.entry }
    var keepsUnplanned: Bool { changes.updates }
    var replannedTemplates: Set<String> { ["twitter/searches"] }

    /// What a popularity page is of, for its tables, plots and data files.
    private struct Subject {
        var text: String
        var page: String
        var total: Int
        var isTweets: Bool
        var data: (TextEntity.Kind, String) -> String
    }

    func plan(into sink: PageSink) throws {
        let changed = try changes.changes()
        let index = directory.terms
        let history = Array(terms.prefix(Self.historyLimit))
        if changed?.searchesIndex ?? true || context.memory.edited(template: "twitter/searches") {
            try sink.page(SitePage(path: Routes.searches, template: "twitter/searches", title: "Searches", section: Self.entry.id, model: SearchesPage(
                rows: history.map { SearchRow($0, from: Routes.searches) }, hasRows: !history.isEmpty,
                olderCount: terms.count - history.count, hasOlder: terms.count > history.count)))
        }

        /// Whether a search's popularity page shows other rows than the previous build's.
        func pageChanged(_ term: SearchTerm) -> Bool {
            guard changed != nil, let was = self.changes.previous?.terms[term.id] else { return true }
            return was.page != self.changes.current.terms[term.id]?.page
        }
        func linksChanged(_ popularity: [TextEntity.Kind: Popularity]) -> Bool {
            popularity[.hashtag]!.rows.contains { changed?.hashtagLinks.contains($0.folded) ?? true }
        }

        for term in terms {
            let path = Routes.popularity(term)
            let isNew = changes.previous?.terms[term.id] == nil
            var popularity: [TextEntity.Kind: Popularity] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] { popularity[kind] = try context.store.popularity(of: term.id, kind: kind) }
            // In an update, the popularity page is made again when the search's counts changed,
            // its term's other searches did, or a hashtag in its table now leads elsewhere; its
            // list, when its tweets did.
            let page = changed == nil || pageChanged(term) || linksChanged(popularity)
            let listed = changed == nil || isNew || changed!.terms.contains(term.id)
            guard page || listed else { continue }
            let isTweets = term.network == .twitter
            let noun = isTweets ? "tweets" : "posts"
            let daily = try context.store.tweetsPer(.day, .term(term.id))
            // Per day as columns, then as a calendar: on the popularity page and above its list.
            let perDay = daily.count > 1 ? Plot.perDay(daily, title: "\(noun.capitalized) per day for \(term.text)",
                                                       description: "How many of the \(noun) stored for \(term.text) were posted on each day (UTC).",
                                                       counting: noun.capitalized)
                + Plot.calendar(daily, title: "\(noun.capitalized) for \(term.text), day by day",
                                description: "A calendar, a year per row and a day per cell, darker for days with more of the \(noun) stored for \(term.text) (UTC).",
                                noun: (String(noun.dropLast()), noun)) : nil
            if page {
                let siblings = index.searches(term.folded)
                let several = siblings.count > 1
                let subject = Subject(text: term.text, page: path, total: term.tweetCount, isTweets: isTweets,
                                      data: { Routes.popularityData(term, kind: $0, format: $1) })
                let tables = try self.tables(popularity, subject: subject, index: index, into: sink)
                let heading = several ? "\(term.text) on \(term.network.label)" : term.text
                try sink.page(SitePage(path: path, template: "twitter/popularity", title: "Popularity of \(heading)", section: Self.entry.id,
                                       model: PopularityPage(
                                           term: term.text, heading: heading, network: term.network, tweetCount: term.tweetCount,
                                           searchedAt: UTCTime.format(term.searchedAt),
                                           tweetsHref: Routes.relative(from: path, to: Routes.termTweets(term)),
                                           searchesHref: Routes.relative(from: path, to: Routes.searches),
                                           networks: siblings.filter { $0.id != term.id }.map { Self.link($0, from: path) },
                                           everywhereHref: several ? Routes.relative(from: path, to: Routes.popularityEverywhere(term.folded)) : nil,
                                           hashtags: tables[.hashtag]!, users: tables[.user]!, perDay: perDay)))
            }

            let popularityPath = path
            let heading = isTweets ? "Tweets for \(term.text)" : "Posts for \(term.text) on \(term.network.label)"
            var list = TweetListPlanner(context: context, cards: cards, filter: .term(term.id), heading: heading,
                                        path: { Routes.termTweets(term, page: $0) }, section: Self.entry.id)
            list.links = { [PageLink(text: "Popularity", href: Routes.relative(from: $0, to: popularityPath))] }
            list.noun = noun
            list.daily = daily
            if let perDay { list.header = { _ in perDay } }
            if let changed {
                if listed { try list.planChanges(new: changed.termLinks[term.id] ?? [], cards: changed.cards, header: false, whole: isNew, into: sink) }
            } else {
                try list.plan(into: sink)
            }
            // Render each term's pages before planning the next, so memory holds one term's pages.
            try sink.flush()
        }

        for (folded, searches) in index.combined {
            var popularity: [TextEntity.Kind: Popularity] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] {
                popularity[kind] = try context.store.popularity(across: searches.map(\.id), kind: kind)
            }
            let page = changed == nil || searches.contains(where: pageChanged) || linksChanged(popularity)
            // Its list, when a post of any of its searches did; whole when one of them is new or
            // was searched again (the heading takes the newest search's spelling).
            let listed = changed == nil || searches.contains { changes.previous?.terms[$0.id] == nil || changed!.terms.contains($0.id) }
            let whole = changed == nil || searches.contains { changes.previous?.terms[$0.id]?.order != changes.current.terms[$0.id]?.order }
            guard page || listed || whole else { continue }
            try planEverywhere(folded, searches: searches, popularity: page ? popularity : nil, list: (listed || whole) ? (whole, changed) : nil,
                               index: index, into: sink)
            try sink.flush()
        }
    }

    /// The combined page of a term searched on several networks (when `popularity` is given):
    /// each network's counts summed, which counts each post once, since a post is found only by
    /// its own network's search; and its list of posts (when `list` is given: planned whole, or
    /// only what `changed` touched).
    private func planEverywhere(_ folded: String, searches: [SearchTerm], popularity: [TextEntity.Kind: Popularity]?,
                                list planned: (whole: Bool, changed: TwitterChanges?)?, index: TermIndex, into sink: PageSink) throws {
        let path = Routes.popularityEverywhere(folded)
        // Shown in the spelling of its newest search.
        let text = searches.max { ($0.searchedAt, -$0.id) < ($1.searchedAt, -$1.id) }!.text
        let total = searches.map(\.tweetCount).reduce(0, +)
        var daily: [String: Int] = [:]
        for search in searches { for day in try context.store.tweetsPer(.day, .term(search.id)) { daily[day.key, default: 0] += day.count } }
        let series = daily.sorted { $0.key < $1.key }.map { (key: $0.key, count: $0.value) }
        let perDay = series.count > 1 ? Plot.perDay(series, title: "Posts per day for \(text) everywhere",
                                                    description: "How many of the posts stored for \(text) on every network were posted on each day (UTC).",
                                                    counting: "Posts") : nil
        let heading = "\(text) everywhere"
        if let popularity {
            let subject = Subject(text: text, page: path, total: total, isTweets: false,
                                  data: { Routes.popularityEverywhereData(folded, kind: $0, format: $1) })
            let tables = try self.tables(popularity, subject: subject, index: index, into: sink)
            try sink.page(SitePage(path: path, template: "twitter/popularity", title: "Popularity of \(heading)", section: Self.entry.id,
                                   model: PopularityPage(
                                       term: text, heading: heading, network: nil, tweetCount: total,
                                       searchedAt: UTCTime.format(searches.map(\.searchedAt).max()!),
                                       tweetsHref: Routes.relative(from: path, to: Routes.everywhereTweets(folded)),
                                       searchesHref: Routes.relative(from: path, to: Routes.searches),
                                       networks: searches.map { Self.link($0, from: path) }, everywhereHref: nil,
                                       hashtags: tables[.hashtag]!, users: tables[.user]!, perDay: perDay)))
        }
        guard let planned else { return }
        var list = TweetListPlanner(context: context, cards: cards, filter: .terms(searches.map(\.id)), heading: "Posts for \(heading)",
                                    path: { Routes.everywhereTweets(folded, page: $0) }, section: Self.entry.id)
        list.links = { [PageLink(text: "Popularity", href: Routes.relative(from: $0, to: path))] }
        if let perDay { list.header = { _ in perDay } }
        if let changed = planned.changed {
            let new = searches.reduce(into: Set<String>()) { $0.formUnion(changed.termLinks[$1.id] ?? []) }
            try list.planChanges(new: new, cards: changed.cards, header: false, whole: planned.whole, into: sink)
        } else {
            try list.plan(into: sink)
        }
    }

    private static func link(_ search: SearchTerm, from page: String) -> PopularityPage.NetworkLink {
        PopularityPage.NetworkLink(label: search.network.label, href: Routes.relative(from: page, to: Routes.popularity(search)), count: search.tweetCount)
    }

    /// Both tables of a popularity page, their data files handed to `sink`.
    private func tables(_ popularity: [TextEntity.Kind: Popularity], subject: Subject, index: TermIndex,
                        into sink: PageSink) throws -> [TextEntity.Kind: PopularityPage.Table] {
        var tables: [TextEntity.Kind: PopularityPage.Table] = [:]
        for kind in [TextEntity.Kind.hashtag, .user] {
            let (table, files) = self.table(popularity[kind]!, kind: kind, subject: subject, index: index)
            tables[kind] = table
            for export in files { try sink.file(OutputFile(path: export.path, bytes: export.encoded())) }
        }
        return tables
    }

    private func table(_ popularity: Popularity, kind: TextEntity.Kind, subject: Subject,
                       index: TermIndex) -> (PopularityPage.Table, [TableExport]) {
        let sigil = kind == .hashtag ? "#" : "@"
        let page = subject.page
        let rows = popularity.rows.map { row -> PopularityPage.Row in
            let href: String
            if kind == .hashtag, let own = index.path(forHashtag: row.folded) {
                href = Routes.relative(from: page, to: own)
            } else if kind == .hashtag, directory.hashtags.contains(row.folded) {
                // No search of its own (never made, or pruned): its page here rather than the web.
                href = Routes.relative(from: page, to: Routes.hashtag(row.folded))
            } else {
                href = kind == .hashtag ? Routes.hashtagOnWeb(row.display) : Routes.userOnWeb(row.display)
            }
            return PopularityPage.Row(label: sigil + row.display, href: href, count: row.count,
                                      share: PopularityPage.share(row.count, of: subject.total))
        }
        let noun = kind == .hashtag ? "hashtag" : "user"
        let post = subject.isTweets ? "tweet" : "post"
        let hidden = popularity.hiddenSingles
        let note = hidden == 1 ? "1 \(noun) seen in only one \(post) is not shown." : "\(hidden) \(noun)s seen in only one \(post) are not shown."
        let csv = subject.data(kind, "csv")
        let json = subject.data(kind, "json")
        let cells = popularity.rows.map { [TableExport.Cell.text($0.display), .number($0.count)] }
        let exports = [
            TableExport(path: csv, format: .csv, columns: [noun, post + "s"], rows: cells),
            TableExport(path: json, format: .json, columns: [noun, post + "s"], rows: cells),
        ]
        let top = popularity.rows.prefix(10).map { (label: sigil + $0.display, count: $0.count) }
        let bars = top.count > 1 ? Plot.bars(Array(top), title: "Top \(noun)s in \(post)s for \(subject.text)",
                                             description: "The \(top.count) \(noun)s named in most of the \(post)s stored for \(subject.text), with how many \(post)s name each.",
                                             column: noun.capitalized, counting: post.capitalized + "s") : nil
        return (PopularityPage.Table(rows: rows, hasRows: !rows.isEmpty, hiddenSingles: hidden, hasHidden: hidden > 0, hiddenNote: note,
                                     csvHref: Routes.relative(from: page, to: csv), jsonHref: Routes.relative(from: page, to: json), bars: bars), exports)
    }
}
