/// A page of a paged tweet list: every tweet, a person's, a hashtag's, a search's or a timeline's.
public struct TweetListPage: Encodable, Sendable {
    public var heading: String
    /// `2,045 tweets, newest first · page 2 of 41`.
    public var intro: String
    public var links: [PageLink]
    /// Shown above the list on the first page only (a profile, a plot).
    public var header: HTMLFragment?
    public var pager: HTMLFragment
    public var list: HTMLFragment
    public var hasTweets: Bool
}

/// Plans a paged list of tweets: fixed-size static pages, newest first, with links to the next and
/// previous pages and a jump by month; hands each tweet to `each` with its chunk, so one walk of
/// the store also plans the tweets' own pages.
struct TweetListPlanner {
    static let pageSize = 50

    let store: Store
    let directory: TwitterDirectory
    let filter: TweetFilter
    let heading: String
    /// The page at position `page` (from 1).
    let path: (Int) -> String
    let section: String
    var links: (String) -> [PageLink] = { _ in [] }
    var header: ((String) -> HTMLFragment)? = nil
    var noun = "tweets"

    func plan(into sink: PageSink, each: ((StoredTweet, TweetChunk) throws -> Void)? = nil) throws {
        let total = try store.tweetCount(filter)
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        let months = try store.tweetsPer(.month, filter).reversed().map { $0 }
        var number = 0
        func emit(_ chunk: TweetChunk?) throws {
            number += 1
            let here = path(number)
            let cards = TweetHTML(page: here, directory: directory, chunk: chunk ?? TweetChunk(tweets: []))
            let items = (chunk?.tweets ?? []).map { HTMLFragment.element("li", [:], [cards.card($0)]) }
            let count = total == 1 ? "1 tweet" : "\(total.formatted) \(noun)"
            let intro = pages > 1 ? "\(count), newest first · page \(number) of \(pages)" : "\(count), newest first"
            try sink.page(SitePage(path: here, template: "twitter/tweet-list", title: number > 1 ? "\(heading) (page \(number))" : heading,
                                   section: section, model: TweetListPage(
                                       heading: heading, intro: intro, links: links(here), header: number == 1 ? header?(here) : nil,
                                       pager: pager(page: number, of: pages, from: here, months: months, total: total),
                                       list: .element("ol", ["class": "tweets"], items, block: true), hasTweets: !items.isEmpty)))
        }
        try store.forEachTweetChunk(filter, size: Self.pageSize) { chunk in
            try emit(chunk)
            if let each { for tweet in chunk.tweets { try each(tweet, chunk) } }
        }
        if number == 0 { try emit(nil) }
    }

    /// Newer and older page links, where the reader is, and (over several pages) a jump by month.
    func pager(page: Int, of pages: Int, from here: String, months: [(key: String, count: Int)], total: Int) -> HTMLFragment {
        guard pages > 1 else { return .joined([], block: true) }
        var parts: [HTMLFragment] = []
        if page > 1 {
            parts.append(.element("a", ["rel": "prev", "href": Routes.relative(from: here, to: path(page - 1))], [.text("← Newer")]))
            parts.append(.text(" "))
        }
        parts.append(.element("span", ["class": "pager-where"], [.text("Page \(page) of \(pages)")]))
        if page < pages {
            parts.append(.text(" "))
            parts.append(.element("a", ["rel": "next", "href": Routes.relative(from: here, to: path(page + 1))], [.text("Older →")]))
        }
        var jump: [HTMLFragment] = []
        if months.count > 1 {
            var before = 0
            let items = months.map { month -> HTMLFragment in
                let target = before / Self.pageSize + 1
                before += month.count
                return .element("li", [:], [.element("a", ["href": Routes.relative(from: here, to: path(target))],
                                                     [.text(month.key)]), .text(" (\(month.count))")])
            }
            jump.append(.element("details", ["class": "month-jump"], [.element("summary", [:], [.text("Jump to a month")]),
                                                                     .element("ul", [:], items)]))
        }
        return .element("nav", ["class": "pager", "aria-label": "Pages of \(heading)"], [.element("p", [:], parts)] + jump, block: true)
    }
}

extension Int {
    /// `2,045`: thousands grouped, the same on every machine.
    var formatted: String {
        let digits = String(self.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (self < 0 ? "-" : "") + out
    }
}
