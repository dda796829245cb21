/// A page of a paged tweet list: every tweet, a person's, a hashtag's, a search's or a timeline's.
public struct TweetListPage: Encodable, Sendable {
    public var heading: String
    /// `2,045 tweets, newest first` on the newest page; an older page says which tweets it holds.
    public var intro: String
    public var links: [PageLink]
    /// Shown above the list on the newest page only (a profile, a plot).
    public var header: HTMLFragment?
    public var pager: HTMLFragment
    /// The page's post cards, rendered once per build and shared with every page that shows them.
    public var list: SharedPartList
    public var hasTweets: Bool
}

/// Plans a paged list of tweets: static pages of 50, numbered from the oldest so that new tweets
/// change only the pages they land on, each showing its tweets newest first; the list's own
/// address shows the newest page (1 to 50 tweets) with a jump by month. Hands each tweet to `each`
/// with its chunk, so one walk of the store also plans the tweets' own pages.
struct TweetListPlanner {
    static let pageSize = 50
    /// Hides retweets and replies on a list's pages (`posts.js`), kept in the URL fragment.
    static let script = PageScript(asset: "posts.js", stylesheet: "posts.css")

    let context: SiteContext
    let cards: PostCards
    let filter: TweetFilter
    let heading: String
    /// Page `n` (counted from the oldest), or the list's own address (nil), which shows the newest.
    let path: (Int?) -> String
    let section: String
    var links: (String) -> [PageLink] = { _ in [] }
    var header: ((String) -> HTMLFragment)? = nil
    /// What the list calls its posts: `posts`, or `tweets` for a list of Twitter's alone.
    var noun = "posts"
    /// Its posts per day, oldest first (`Store.tweetsPer(.day, filter)`), when the section read
    /// them already (for a plot): the months are then added up from them instead of read.
    var daily: [(key: String, count: Int)]? = nil
    /// Its posts, newest first, with the chunk that holds what their cards show, when the section
    /// read them with other lists' (`TweetListPrefetch`); else `plan` reads them.
    var preread: (tweets: [StoredTweet], chunk: TweetChunk)? = nil

    /// Posts per month, oldest first, from posts per day (`2024-05-17` → `2024-05`).
    static func months(_ daily: [(key: String, count: Int)]) -> [(key: String, count: Int)] {
        var months: [(key: String, count: Int)] = []
        for day in daily {
            let month = String(day.key.prefix(7))
            if let last = months.last, last.key == month { months[months.count - 1].count += day.count } else { months.append((month, day.count)) }
        }
        return months
    }

    var store: Store { context.store }

    /// The path of page `number` of `pages`: the newest is the list's own address.
    private func location(_ number: Int, of pages: Int) -> String {
        number >= pages ? path(nil) : path(number)
    }

    func plan(into sink: PageSink, each: ((StoredTweet, TweetChunk) throws -> Void)? = nil) throws {
        // The size is what the months hold: one query fewer per list, thousands in a build.
        let months = try (daily.map(Self.months) ?? store.tweetsPer(.month, filter)).reversed().map { $0 }
        let total = months.reduce(0) { $0 + $1.count }
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        // The newest page holds what is left over the full pages below it.
        let newest = total - (pages - 1) * Self.pageSize
        var number = pages
        var sizes = [newest]
        var newestPosts: [(StoredTweet, TweetChunk)] = []
        try forEachChunk(sizes: { sizes.popLast() ?? Self.pageSize }) { chunk in
            if newestPosts.count < AtomFeed.limit { newestPosts += chunk.tweets.prefix(AtomFeed.limit - newestPosts.count).map { ($0, chunk) } }
            // The count and the walk are separate reads: tweets an import added in between wait
            // for the next build rather than make a page 0.
            guard number >= 1 else { return }
            try page(number, of: pages, total: total, months: months, chunk: chunk, into: sink)
            number -= 1
            if let each { for tweet in chunk.tweets { try each(tweet, chunk) } }
        }
        if total == 0 { try page(1, of: 1, total: 0, months: [], chunk: nil, into: sink) }
        try feed(newestPosts, into: sink)
        TweetListMemory(memory: context.memory).keep(total: total, months: months, for: path(nil))
    }

    /// Walks the list's posts newest first in chunks of the sizes `sizes` gives, one after
    /// another: cut from `preread`, or read from the store.
    private func forEachChunk(sizes: () -> Int, _ body: (TweetChunk) throws -> Void) throws {
        guard let preread else { return try store.forEachTweetChunk(filter, sizes: sizes, body) }
        var start = 0
        while start < preread.tweets.count {
            let end = min(preread.tweets.count, start + max(1, sizes()))
            // The batch's lookups (by post) hold every list's posts: a page's are among them.
            var chunk = preread.chunk
            chunk.tweets = Array(preread.tweets[start..<end])
            try body(chunk)
            start = end
        }
    }

    /// Writes the list's Atom feed of its newest posts; when some were read only in part and an
    /// entry of theirs could not be taken from the shelf, with the posts read whole.
    private func feed(_ posts: [(StoredTweet, TweetChunk)], into sink: PageSink) throws {
        var made = cards.feed(page: path(nil), heading: heading, site: context.siteTitle, posts: posts)
        if made == nil {
            let chunk = try store.tweetChunk(ids: posts.map(\.0.id))
            made = cards.feed(page: path(nil), heading: heading, site: context.siteTitle, posts: chunk.tweets.map { ($0, chunk) })
        }
        guard let feed = made else { throw PostCardError(id: posts.first?.0.id ?? "") }
        try sink.file(OutputFile(path: feed.path, bytes: feed.bytes(baseURL: context.baseURL)))
    }

    /// Plans only the pages a change touched, when the list's rows were only added to since the
    /// build whose site this one updates: the pages holding a `new` tweet or a changed `card`,
    /// every page above the oldest new tweet (numbered from the oldest, they moved), the one
    /// whose "newer" link a new page changes, and the newest when anything changed or its
    /// `header` did. `whole` plans every page (a new list, or a new heading).
    func planChanges(new: Set<String>, cards: Set<String>, header: Bool, whole: Bool, into sink: PageSink) throws {
        if whole { return try plan(into: sink) }
        let lists = TweetListMemory(memory: context.memory)
        let placed = try placeFromMemory(new: new, cards: cards, lists: lists) ?? placeReadingAll(new: new, cards: cards)
        let (total, months) = (placed.total, placed.months)
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        var added = 0
        var lowest = Int.max
        var touched = Set<Int>()
        for (id, index) in placed.members {
            // Pages are numbered from the oldest: the tweet `index` from the newest is `total - 1 - index` from the oldest.
            let number = (total - 1 - index) / Self.pageSize + 1
            if new.contains(id) {
                added += 1
                lowest = min(lowest, number)
            }
            if cards.contains(id) { touched.insert(number) }
        }
        if lowest <= pages { touched.formUnion(lowest...pages) }
        let before = max(1, (total - added + Self.pageSize - 1) / Self.pageSize)
        if before != pages { touched.formUnion(max(1, before - 1)...pages) }
        if header || added > 0 { touched.insert(pages) }
        // A long list is remembered with its months; a short one only forgets (`keep`).
        let monthly = total >= TweetListMemory.minimum || touched.contains(pages) ? try months() : nil
        lists.keep(total: total, months: monthly ?? [], for: path(nil))
        guard !touched.isEmpty else { return }
        // Any change to the list (a new post, a changed card, a new heading) may change its
        // newest posts: the feed is made again with it.
        let newestIDs = try placed.ids(0..<min(total, AtomFeed.limit))
        // Posts whose cards and feed entries are kept (most of them) are read only in part.
        let postCards = self.cards
        let newestChunk = try store.tweetChunk(ids: newestIDs) { postCards.needsWhole($0, feed: true) }
        try feed(newestChunk.tweets.map { ($0, newestChunk) }, into: sink)
        let jump = touched.contains(pages) ? monthly ?? [] : []
        for number in touched.sorted(by: >) {
            // Newest first: the newest page holds what is left over the full pages below it.
            let range = Self.range(of: number, total: total)
            var chunk: TweetChunk?
            if range.isEmpty {
                chunk = nil
            } else if range.upperBound <= newestIDs.count, newestChunk.tweets.count == newestIDs.count {
                // Its posts are among the feed's, read once (a chunk's other rows are looked up by post).
                chunk = newestChunk
                chunk?.tweets = Array(newestChunk.tweets[range])
            } else {
                chunk = try store.tweetChunk(ids: try placed.ids(range)) { postCards.needsWhole($0, feed: false) }
            }
            try page(number, of: pages, total: total, months: jump, chunk: chunk, into: sink)
        }
    }

    /// Where a change's posts are in the list: the list's size, the place from the newest of each
    /// of the `new` and `cards` posts it holds, the ids at any places of the pages those touch,
    /// newest first, and its posts per month, newest first, when asked (nil when a long list's
    /// months cannot be told; a short list's are read then).
    private struct Placement {
        var total: Int
        var members: [String: Int]
        var ids: (Range<Int>) throws -> [String]
        var months: () throws -> [(key: String, count: Int)]?
    }

    /// The newest `range` of page `number`, counted from the newest post of a list of `total`.
    private static func range(of number: Int, total: Int) -> Range<Int> {
        (total - min(number * pageSize, total))..<(total - (number - 1) * pageSize)
    }

    /// The placement read from the whole list: every id and time, newest first.
    private func placeReadingAll(new: Set<String>, cards: Set<String>) throws -> Placement {
        let (ids, times) = try store.tweetIDs(filter)
        var members: [String: Int] = [:]
        for (index, id) in ids.enumerated() where new.contains(id) || cards.contains(id) { members[id] = index }
        let store = store, filter = filter
        // The jump by month, counted from the times already read (one scan of a hashtag's
        // thousands of tweets, not two).
        return Placement(total: ids.count, members: members, ids: { Array(ids[$0]) },
                         months: { try UTCTime.months(newestFirst: times) ?? store.tweetsPer(.month, filter).reversed().map { $0 } })
    }

    /// The placement of a long list the previous build remembered (`TweetListMemory`): its size
    /// and months then, with the new posts' added, checked against the list's count. Nil when the
    /// list is not remembered or changed otherwise than by the new posts (then it is read whole).
    ///
    /// Where the new and changed posts are: in "all tweets", each one's place is a count over the
    /// `tweet_newest` index and a page's ids are read from their places there. In another list,
    /// when only new posts came (the daily fetch: they are its newest), it is walked from its
    /// newest post as far as they and the pages they touch reach; a changed post older than them
    /// may be anywhere in it, and a walk that far costs more than reading it whole.
    private func placeFromMemory(new: Set<String>, cards: Set<String>, lists: TweetListMemory) throws -> Placement? {
        guard let entry = lists.previous(path(nil)), let found = try store.members(filter, among: new.union(cards)) else { return nil }
        let addedTimes = found.filter { new.contains($0.key) }.map(\.value)
        let total = try store.tweetCount(filter)
        guard total == entry.total + addedTimes.count, let months = TweetListMemory.months(entry, adding: addedTimes),
              months.reduce(0, { $0 + $1.count }) == total else { return nil }
        let store = store
        if filter == .all {
            var members: [String: Int] = [:]
            for (id, time) in found { members[id] = try store.tweetsNewer(than: id, at: time) }
            return Placement(total: total, members: members, ids: { try store.allTweetIDs($0) }, months: { months })
        }
        guard addedTimes.count == found.count else { return nil }
        var ids: [String] = []
        var members: [String: Int] = [:]
        var needed = min(total, AtomFeed.limit)
        let walked = try store.walkTweetIDs(filter) { id, _ in
            if found[id] != nil {
                members[id] = ids.count
                if members.count == found.count { needed = max(needed, Self.reach(of: members, new: new, total: total, ids: ids.count + 1)) }
            }
            ids.append(id)
            return members.count < found.count || ids.count < needed
        }
        guard walked, members.count == found.count else { return nil }
        return Placement(total: total, members: members, ids: { Array(ids[$0]) }, months: { months })
    }

    /// How far from the newest post the pages touched by these places reach: the oldest of them
    /// is the page of the oldest new or changed post, or one below the list's newest page before
    /// the new posts came; every page above it is touched. Its oldest post's place, plus one.
    private static func reach(of members: [String: Int], new: Set<String>, total: Int, ids: Int) -> Int {
        let pages = max(1, (total + pageSize - 1) / pageSize)
        var lowest = pages
        var added = 0
        for (id, index) in members {
            lowest = min(lowest, (total - 1 - index) / pageSize + 1)
            if new.contains(id) { added += 1 }
        }
        let before = max(1, (total - added + pageSize - 1) / pageSize)
        if before != pages { lowest = min(lowest, max(1, before - 1)) }
        return max(ids, range(of: lowest, total: total).upperBound)
    }

    /// Plans page `number` of `pages` with the chunk of tweets it shows.
    private func page(_ number: Int, of pages: Int, total: Int, months: [(key: String, count: Int)], chunk: TweetChunk?, into sink: PageSink) throws {
        let here = location(number, of: pages)
        let count = total == 1 ? "1 \(noun.dropLast())" : "\(total.formatted) \(noun)"
        let intro: String
        if number == pages {
            intro = "\(count), newest first"
        } else {
            // Only what this page holds: its text stays the same as newer tweets arrive.
            let first = (number - 1) * Self.pageSize + 1
            intro = "\(noun.prefix(1).uppercased() + noun.dropFirst()) \(first.formatted)–\((first + Self.pageSize - 1).formatted), counted from the oldest; newest first"
        }
        let list = try chunk.map { try cards.list($0) } ?? SharedPartList(listClass: "tweets", items: [])
        var sitePage = SitePage(path: here, template: "twitter/tweet-list", title: number < pages ? "\(heading) (page \(number))" : heading,
                               section: section, model: TweetListPage(
                                   heading: heading, intro: intro, links: links(here) + [feedLink(from: here)], header: number == pages ? header?(here) : nil,
                                   pager: pager(page: number, of: pages, from: here, months: number == pages ? months : [], total: total),
                                   list: list, hasTweets: !list.isEmpty),
                               script: list.isEmpty ? nil : Self.script)
        sitePage.feed = (Routes.feed(of: path(nil)), "\(heading) (Atom feed)")
        try sink.page(sitePage)
    }

    /// The visible link to the list's feed, beside its other links.
    private func feedLink(from here: String) -> PageLink {
        PageLink(text: "Atom feed", href: Routes.relative(from: here, to: Routes.feed(of: path(nil))))
    }

    /// Newer and older page links and where the reader is; on the newest page (over several
    /// pages) a jump by month. Older pages name no total, so they stay the same as the list grows.
    func pager(page: Int, of pages: Int, from here: String, months: [(key: String, count: Int)], total: Int) -> HTMLFragment {
        guard pages > 1 else { return .joined([], block: true) }
        var parts: [HTMLFragment] = []
        if page < pages {
            parts.append(.element("a", ["rel": "prev", "href": Routes.relative(from: here, to: location(page + 1, of: pages))], [.text("← Newer")]))
            parts.append(.text(" "))
        }
        parts.append(.element("span", ["class": "pager-where"], [.text(page == pages ? "Newest of \(pages) pages" : "Page \(page)")]))
        if page > 1 {
            parts.append(.text(" "))
            parts.append(.element("a", ["rel": "next", "href": Routes.relative(from: here, to: location(page - 1, of: pages))], [.text("Older →")]))
        }
        var jump: [HTMLFragment] = [numbers(page: page, of: pages, from: here)]
        if months.count > 1 {
            // Each month opens the page holding its newest tweet.
            var newer = 0
            let items = months.map { month -> HTMLFragment in
                let target = (total - 1 - newer) / Self.pageSize + 1
                newer += month.count
                return .element("li", [:], [.element("a", ["href": Routes.relative(from: here, to: location(target, of: pages))],
                                                     [.text(month.key)]), .text(" (\(month.count))")])
            }
            jump.append(.element("details", ["class": "month-jump"], [.element("summary", [:], [.text("Jump to a month")]),
                                                                     .element("ul", [:], items)]))
        }
        return .element("nav", ["class": "pager", "aria-label": "Pages of \(heading)"], [.element("p", [:], parts)] + jump, block: true)
    }

    /// The row of page numbers: the first, the two below this one, this one, and "Newest" (with no
    /// gap before it, which would depend on how many pages there are). An older page names only pages below it, which keep their numbers and contents as the list
    /// grows, and the newest by the list's own address: so it stays the same when new pages appear.
    func numbers(page: Int, of pages: Int, from here: String) -> HTMLFragment {
        let shown = Set([1, page - 2, page - 1].filter { $0 >= 1 && $0 < page }).sorted()
        var items: [HTMLFragment] = []
        var last = 0
        for number in shown + [page] {
            if number > last + 1 { items.append(.element("li", ["class": "gap", "aria-hidden": "true"], [.text("…")])) }
            items.append(.element("li", [:], [number == page
                ? .element("span", ["aria-current": "page"], [.text("\(number)")])
                : .element("a", ["href": Routes.relative(from: here, to: location(number, of: pages)), "aria-label": "Page \(number)"], [.text("\(number)")])]))
            last = number
        }
        if page < pages {
            items.append(.element("li", [:], [.element("a", ["href": Routes.relative(from: here, to: location(pages, of: pages))], [.text("Newest")])]))
        }
        return .element("ol", ["class": "page-numbers", "aria-label": "Page numbers"], items)
    }
}
