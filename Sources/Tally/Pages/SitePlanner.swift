/// Turns the store's answers into every page of the site, each with its model.
public struct SitePlanner {
    public var siteTitle: String
    /// How many searches the history shows.
    public var historyLimit = 100
    /// How many searches the home page shows.
    public var homeSearches = 10
    /// Build time (seconds since 1970), shown on the home page.
    public var builtAt: Int64

    public init(siteTitle: String, builtAt: Int64) {
        self.siteTitle = siteTitle
        self.builtAt = builtAt
    }

    /// Data older than this at build time is flagged; the browser checks again against its own clock.
    public static let staleAfter: Int64 = 7 * 86_400

    /// Every page and data file, in a stable order.
    public func plan(_ store: Store) throws -> SitePlan {
        let terms = try store.allTerms()
        let index = TermIndex(terms)
        let totals = try store.totals()
        let tweets = try store.allTweets()
        let tweetsByID = Dictionary(tweets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let idsByTerm = try store.tweetIDsByTerm()
        var termsByTweet: [String: [SearchTerm]] = [:]
        for term in terms {
            for id in idsByTerm[term.id] ?? [] { termsByTweet[id, default: []].append(term) }
        }

        var pages: [SitePage] = []
        var exports: [TableExport] = []
        let history = Array(terms.prefix(historyLimit))

        pages.append(SitePage(path: Routes.home, template: "home", title: siteTitle, section: .home, model: HomePage(
            title: siteTitle, recentSearches: history.prefix(homeSearches).map { SearchRow($0, from: Routes.home) },
            hasSearches: !history.isEmpty, searchesHref: Routes.relative(from: Routes.home, to: Routes.searches),
            tweetCount: totals.tweets, userCount: totals.users, termCount: totals.terms, mentionCount: totals.mentions,
            builtAt: TwitterDate.format(builtAt) + " UTC", hasData: totals.newest != nil,
            dataAsOf: totals.newest.map { TwitterDate.format($0) + " UTC" } ?? "",
            staleAtBuild: totals.newest.map { builtAt - $0 > Self.staleAfter } ?? false)))

        pages.append(SitePage(path: Routes.searches, template: "searches", title: "Searches", section: .searches, model: SearchesPage(
            rows: history.map { SearchRow($0, from: Routes.searches) }, hasRows: !history.isEmpty,
            olderCount: terms.count - history.count, hasOlder: terms.count > history.count)))

        for term in terms {
            let path = Routes.popularity(term)
            var tables: [TextEntity.Kind: PopularityPage.Table] = [:]
            for kind in [TextEntity.Kind.hashtag, .user] {
                let popularity = try store.popularity(of: term.id, kind: kind)
                let (table, files) = self.table(popularity, kind: kind, term: term, page: path, index: index)
                tables[kind] = table
                exports += files
            }
            pages.append(SitePage(path: path, template: "popularity", title: "Popularity of \(term.text)", section: .searches,
                                  model: PopularityPage(
                                      term: term.text, tweetCount: term.tweetCount, searchedAt: TwitterDate.format(term.searchedAt),
                                      tweetsHref: Routes.relative(from: path, to: Routes.termTweets(term)),
                                      searchesHref: Routes.relative(from: path, to: Routes.searches),
                                      hashtags: tables[.hashtag]!, users: tables[.user]!)))

            let listPath = Routes.termTweets(term)
            let list = (idsByTerm[term.id] ?? []).compactMap { tweetsByID[$0] }.map { TweetSummary($0, from: listPath, terms: index) }
            pages.append(SitePage(path: listPath, template: "term-tweets", title: "Tweets for \(term.text)", section: .searches,
                                  model: TermTweetsPage(term: term.text, popularityHref: Routes.relative(from: listPath, to: path),
                                                        tweets: list, hasTweets: !list.isEmpty, tweetCount: list.count)))
        }

        for tweet in tweets {
            let path = Routes.tweet(tweet.id)
            let summary = TweetSummary(tweet, from: path, terms: index)
            let found = (termsByTweet[tweet.id] ?? []).map { PageLink(text: $0.text, href: Routes.relative(from: path, to: Routes.popularity($0))) }
            func link(_ id: String?, _ text: String) -> PageLink? {
                guard let id else { return nil }
                let href = tweetsByID[id] != nil ? Routes.relative(from: path, to: Routes.tweet(id)) : Routes.tweetOnWeb(id, screenName: nil)
                return PageLink(text: text, href: href)
            }
            let title = "Tweet by " + (tweet.author.map { "@" + $0.screenName } ?? "an unknown author")
            pages.append(SitePage(path: path, template: "tweet", title: title, section: .searches, model: TweetPage(
                tweet: summary, terms: found, hasTerms: !found.isEmpty, language: tweet.language,
                retweetOf: link(tweet.retweetOf, "the retweeted tweet"), quotes: link(tweet.quotes, "the quoted tweet"))))
        }
        return SitePlan(pages: pages, exports: exports, dataAsOf: totals.newest)
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
            return PopularityPage.Row(label: sigil + row.display, href: href, count: row.count)
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
