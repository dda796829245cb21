import Foundation
import Testing
@testable import Tally

/// Paged tweet lists are numbered from the oldest, so new tweets change only the pages they land on.
@Suite("Paged tweet lists")
struct TweetListTests {
    /// `count` tweets by alice, each with #pages and naming @bob, in search "first"; ids from `from`.
    private func page(_ ids: ClosedRange<Int>) -> String {
        Synthetic.searchPage(query: "first", ids.map { TweetSpec(id: "\($0)", text: "number \($0) #pages @bob") })
    }

    /// The lists the tweets are in: all tweets, the search's, alice's and #pages'.
    private let lists = ["all-tweets", "searches/first/tweets", "people/alice", "hashtags/pages"]

    /// Tweet ids in the order a page shows them.
    private func ids(_ html: String) -> [Int] {
        html.components(separatedBy: "<p class=\"tweet-text\">number ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test("page n holds the 50 tweets counted from the oldest, newest first; the list's own address holds the rest")
    func numberedFromTheOldest() throws {
        let project = TestProject()
        try project.folder.write(["a.json": page(1...120)])
        try project.importFiles(["a.json"])
        try project.build()
        for list in lists {
            #expect(try ids(project.page("\(list)/1/index.html")) == Array((1...50).reversed()), "\(list)")
            #expect(try ids(project.page("\(list)/2/index.html")) == Array((51...100).reversed()), "\(list)")
            let newest = try project.page("\(list)/index.html")
            #expect(ids(newest) == Array((101...120).reversed()), "\(list)")
            // A Twitter search's and a Twitter person's lists count tweets; lists that may mix networks, posts.
            let noun = list.hasPrefix("searches/") || list.hasPrefix("people/") ? "tweets" : "posts"
            #expect(newest.contains("120 \(noun), newest first"), "\(list)")
            let link = { (from: String, to: String) in "href=\"\(Routes.relative(from: from, to: to))\"" }
            #expect(newest.contains(link("\(list)/index.html", "\(list)/2/index.html") + ">Older →"), "\(list)")
            #expect(!project.folder.exists("public/\(list)/3/index.html"), "\(list)")
            let older = try project.page("\(list)/2/index.html")
            #expect(older.contains("\(noun.capitalized) 51–100, counted from the oldest"), "\(list)")
            #expect(older.contains(link("\(list)/2/index.html", "\(list)/index.html") + ">← Newer"), "\(list)")
            #expect(older.contains(link("\(list)/2/index.html", "\(list)/1/index.html") + ">Older →"), "\(list)")
            #expect(!older.contains("120"), "an older page names no total: \(list)")
        }
    }

    @Test("a list's months added up from its days are the months the store counts, in every list that gives its days")
    func monthsFromDays() throws {
        let project = TestProject()
        let specs = (1...90).map { n in
            TweetSpec(id: "\(n)", text: "number \(n) #pages @bob", createdAt: "Sun \(["Jan", "Feb", "Mar"][n % 3]) \(10 + n % 17) 10:00:00 +0000 \(2012 + n % 2)")
        }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "first", specs)])
        try project.importFiles(["a.json"])
        let store = try project.store
        for filter in [TweetFilter.all, .author(try #require(store.allUsers().first { $0.screenName == "alice" }).id), .hashtag("pages")] {
            let months = TweetListPlanner.months(try store.tweetsPer(.day, filter))
            #expect(months.map(\.key) == (try store.tweetsPer(.month, filter)).map(\.key))
            #expect(months.map(\.count) == (try store.tweetsPer(.month, filter)).map(\.count))
            #expect(months.count == 6)
            #expect(months.reduce(0) { $0 + $1.count } == (try store.tweetCount(filter)))
        }
    }

    @Test("a new tweet changes only the newest page of each list; a full newest page becomes a numbered one, and the one below it only links to it")
    func newTweetsTouchOnlyTheirPages() throws {
        let project = TestProject()
        try project.folder.write(["a.json": page(1...120), "b.json": page(121...121), "c.json": page(122...150), "d.json": page(151...151)])
        try project.importFiles(["a.json"])
        try project.build()
        func snapshot() throws -> [String: String] {
            var pages: [String: String] = [:]
            for list in lists {
                for name in ["index.html", "1/index.html", "2/index.html", "3/index.html"] where project.folder.exists("public/\(list)/\(name)") {
                    pages["\(list)/\(name)"] = try project.page("\(list)/\(name)")
                }
            }
            return pages
        }
        let before = try snapshot()
        try project.importFiles(["b.json"])
        try project.build(builtAt: 1_700_000_600)
        let after = try snapshot()
        #expect(Set(after.keys) == Set(before.keys))
        for (path, html) in after {
            let newest = lists.contains { path == "\($0)/index.html" }
            #expect((html != before[path]) == newest, "\(path): only a list's newest page shows the new tweet")
        }
        // Fill the newest page (150 tweets), then one more: page 3 appears, page 1 stays, and page 2
        // differs only in where its "Newer" link goes.
        try project.importFiles(["c.json"])
        try project.build(builtAt: 1_700_001_200)
        let full = try snapshot()
        try project.importFiles(["d.json"])
        try project.build(builtAt: 1_700_001_800)
        let grown = try snapshot()
        let link = { (from: String, to: String) in "href=\"\(Routes.relative(from: from, to: to))\"" }
        for list in lists {
            #expect(grown["\(list)/1/index.html"] == full["\(list)/1/index.html"], "\(list)")
            let relinked = try #require(full["\(list)/2/index.html"]).replacingOccurrences(
                of: "rel=\"prev\" " + link("\(list)/2/index.html", "\(list)/index.html"),
                with: "rel=\"prev\" " + link("\(list)/2/index.html", "\(list)/3/index.html"))
            #expect(grown["\(list)/2/index.html"] == relinked, "\(list)")
            #expect(try ids(#require(grown["\(list)/3/index.html"])) == Array((101...150).reversed()), "\(list)")
            #expect(try ids(#require(grown["\(list)/index.html"])) == [151], "\(list)")
        }
    }

    @Test("the page-number row names the first page, the two below the current, and the newest by its own address, so older pages stay as the list grows")
    func numberRow() throws {
        let project = TestProject()
        try project.folder.write(["a.json": page(1...400)])
        try project.importFiles(["a.json"])
        try project.build()
        let list = "all-tweets"
        func row(_ path: String) throws -> String {
            let html = try project.page(path)
            let start = try #require(html.range(of: "<ol class=\"page-numbers\""))
            return String(html[start.lowerBound...]).components(separatedBy: "</ol>")[0]
        }
        let sixth = try row("\(list)/6/index.html")
        func link(_ from: String, _ to: String, _ text: String) -> String {
            "href=\"\(Routes.relative(from: from, to: to))\"" + (text == "Newest" ? ">Newest</a>" : " aria-label=\"Page \(text)\">\(text)</a>")
        }
        let here = "\(list)/6/index.html"
        #expect(sixth.contains(link(here, "\(list)/1/index.html", "1")))
        #expect(sixth.contains(link(here, "\(list)/4/index.html", "4")))
        #expect(sixth.contains(link(here, "\(list)/5/index.html", "5")))
        #expect(sixth.contains("<span aria-current=\"page\">6</span>"))
        #expect(sixth.contains(link(here, "\(list)/index.html", "Newest")))
        // No page above it by number, and no total: nothing a new page could change.
        #expect(!sixth.contains(">7<") && !sixth.contains(">8<") && !sixth.contains("/7/"))
        // One gap, between 1 and 4; none before "Newest", which would depend on the count of pages.
        #expect(sixth.components(separatedBy: "class=\"gap\"").count == 2)
        // The newest page names the pages below it; the first names only itself and the newest.
        let newest = try row("\(list)/index.html")
        #expect(newest.contains("<span aria-current=\"page\">8</span>") && !newest.contains("Newest"))
        #expect(newest.contains(link("\(list)/index.html", "\(list)/7/index.html", "7")))
        let first = try row("\(list)/1/index.html")
        #expect(first.contains("<span aria-current=\"page\">1</span>") && first.contains(">Newest</a>"))
        #expect(first.components(separatedBy: "<a ").count == 2)
    }
}
