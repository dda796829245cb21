/// One page per stored tweet, planned a chunk at a time from the store, newest first.
struct TweetsSection: SiteSection {
    let context: SiteContext
    /// Every term, newest search first: a tweet lists the searches that found it in this order.
    let terms: [SearchTerm]

    var name: String { "Tweets" }

    /// Tweet pages are reached from lists and belong, in the header, under Searches.
    var navigation: NavigationEntry? { nil }

    func plan(into sink: PageSink) throws {
        let index = TermIndex(terms)
        let byID = Dictionary(terms.enumerated().map { ($1.id, ($0, $1)) }, uniquingKeysWith: { first, _ in first })
        try context.store.forEachTweetChunk { chunk in
            for tweet in chunk.tweets {
                let path = Routes.tweet(tweet.id)
                let found = (chunk.termIDs[tweet.id] ?? []).compactMap { byID[$0] }.sorted { $0.0 < $1.0 }
                    .map { PageLink(text: $0.1.text, href: Routes.relative(from: path, to: Routes.popularity($0.1))) }
                func link(_ id: String?, _ text: String) -> PageLink? {
                    guard let id else { return nil }
                    let href = chunk.stored.contains(id) ? Routes.relative(from: path, to: Routes.tweet(id)) : Routes.tweetOnWeb(id, screenName: nil)
                    return PageLink(text: text, href: href)
                }
                let title = "Tweet by " + (tweet.author.map { "@" + $0.screenName } ?? "an unknown author")
                try sink.page(SitePage(path: path, template: "twitter/tweet", title: title, section: SearchesSection.entry.id, model: TweetPage(
                    tweet: TweetSummary(tweet, from: path, terms: index), terms: found, hasTerms: !found.isEmpty, language: tweet.language,
                    retweetOf: link(tweet.retweetOf, "the retweeted tweet"), quotes: link(tweet.quotes, "the quoted tweet"))))
            }
        }
    }
}
