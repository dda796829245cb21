import Foundation
import GRDB
import Testing
@testable import Tally

/// `tally prune`: what no page reaches goes, every page still reached stays byte for byte.
@Suite("Prune: keeping what pages reach")
struct PruneTests {
    /// Pages that count what the store holds: they change when anything is removed.
    static let summaries: Set<String> = ["index.html", "searches/index.html"]

    @Test("pruning the sample store to its newest search keeps every page still reachable byte for byte and removes the rest",
          arguments: [0, 1, 2, 100])
    func sampleStore(keep: Int) throws {
        let project = TestProject()
        try project.importSampleContent()
        try project.build()
        let before = try project.siteFiles()
        let countsBefore = try Self.rows(project.store)

        let dry = try project.store.prune(PrunePlan(limits: ["searches": keep], dryRun: true))
        #expect(try Self.rows(project.store) == countsBefore, "a dry run changes nothing")
        let report = try project.store.prune(PrunePlan(limits: ["searches": keep]))
        #expect(dry.sources.map(\.counts) == report.sources.map(\.counts), "a dry run reports what a prune does")
        let store = try project.store
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.foreignKeyCheck().isEmpty)
        #expect(try Self.countsMatchLinks(store))

        try project.build()
        let after = try project.siteFiles()
        #expect(Set(after.keys).isSubset(of: before.keys), "a prune adds no page")
        let removedPages = Set(before.keys).subtracting(after.keys)
        let changed = after.keys.filter { path in
            guard let old = before[path], let new = after[path], old != new else { return false }
            return !Self.summaries.contains(path) && path != "assets/site.js"
                && !Self.enumeratesTweets(path, before: old, after: new, removedPages: removedPages)
                && Self.withoutRemovedHashtagLinks(old, removedPages: removedPages) != Self.withoutRemovedHashtagLinks(new, removedPages: [])
        }.sorted()
        #expect(changed.isEmpty, "reachable pages changed: \(changed.prefix(10))")
        // The pages that list every tweet change only by losing the tweets whose pages went.
        func isTweetPage(_ path: String) -> Bool { path.hasPrefix("tweets/") && path.split(separator: "/").count == 3 }
        let listedBefore = Self.tweetLinks(before, under: "all-tweets/"), listedAfter = Self.tweetLinks(after, under: "all-tweets/")
        #expect(listedBefore == Set(before.keys.filter(isTweetPage)), "All tweets lists every tweet")
        #expect(listedAfter == listedBefore.subtracting(removedPages.filter(isTweetPage)), "and after a prune, every tweet kept")
        let removed = Set(before.keys).subtracting(after.keys)
        let removedTerms = report.sources.first?.counts.first { $0.kind == "searches" }?.count ?? 0
        if keep >= 100 {
            #expect(removed.isEmpty && !report.removedAnything)
        } else {
            #expect(removedTerms > 0 && !removed.isEmpty)
            #expect(try store.allTerms().count >= keep)
        }
        #expect(try Self.brokenLinks(after).isEmpty)
    }

    @Test("a search still linked from a kept page stays; one nothing reaches goes with the tweets only it found")
    func closure() throws {
        let project = TestProject()
        try project.folder.write([
            // Oldest first: "unrelated" shares nothing; "shared" shares tweet 20 with "newest";
            // "tagged" is the search a hashtag of a kept tweet links to.
            "1.json": Synthetic.searchPage(query: "unrelated", [TweetSpec(id: "10", text: "alone @zed", user: "zed", createdAt: "Mon Jan 06 10:00:00 +0000 2014"),
                                                                TweetSpec(id: "11", text: "alone again", user: "zed", createdAt: "Mon Jan 06 10:01:00 +0000 2014")]),
            "2.json": Synthetic.searchPage(query: "shared", [TweetSpec(id: "20", text: "both", createdAt: "Tue Jan 07 10:00:00 +0000 2014"),
                                                             TweetSpec(id: "21", text: "only shared", user: "sam", createdAt: "Tue Jan 07 10:01:00 +0000 2014")]),
            "3.json": Synthetic.searchPage(query: "#tagged", [TweetSpec(id: "30", text: "#tagged", user: "tia", createdAt: "Wed Jan 08 10:00:00 +0000 2014")]),
            "4.json": Synthetic.searchPage(query: "newest", [TweetSpec(id: "20", text: "both", createdAt: "Tue Jan 07 10:00:00 +0000 2014"),
                                                             TweetSpec(id: "40", text: "see #Tagged", createdAt: "Thu Jan 09 10:00:00 +0000 2014")]),
            "timeline.json": "[" + Synthetic.statusJSON(id: "50", text: "from a timeline #other", user: "tim") + "]",
        ])
        try project.importFiles(["1.json", "2.json", "3.json", "4.json", "timeline.json"])
        let report = try project.store.prune(PrunePlan(limits: ["searches": 1]))
        let store = try project.store
        #expect(Set(try store.allTerms().map(\.text)) == ["newest", "shared", "#tagged"])
        #expect(Set(try store.allTweets().map(\.id)) == ["20", "21", "30", "40", "50"])
        let twitter = try #require(report.sources.first)
        #expect(twitter.counts.contains(PruneCount("searches", 1)))
        #expect(twitter.counts.contains(PruneCount("tweets", 2)))
        #expect(twitter.counts.contains(PruneCount("people", 1)), "zed wrote only pruned tweets")
        #expect(try store.foreignKeyCheck().isEmpty)
        #expect(try Self.countsMatchLinks(store))
    }

    @Test("tally prune --dry-run reports and changes nothing; tally prune reports what it removed and the bytes reclaimed")
    func commandLine() throws {
        let project = TestProject()
        try project.importSampleContent()
        let path = project.config.storeURL.path
        let before = try Self.rows(project.store)
        let dry = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1", "--dry-run"], in: project.folder.url)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("Twitter: would remove") && dry.stdout.contains("Dry run: nothing was changed"), "\(dry.stdout)")
        #expect(try Self.rows(project.store) == before)
        let real = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1"], in: project.folder.url)
        #expect(real.status == 0)
        #expect(real.stdout.contains("Twitter: removed") && real.stdout.contains("reclaimed"), "\(real.stdout)")
        let again = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1"], in: project.folder.url)
        #expect(again.stdout.contains("Twitter: removed nothing"), "\(again.stdout)")
    }

    /// Pages that list every tweet, person or hashtag of the store, or every tweet of one person
    /// or hashtag, necessarily change when a prune removes a tweet: the all-tweets pages, the
    /// people, hashtags and timelines indexes, the search index (its documents and shards), and a
    /// person's or hashtag's page only when it linked to a tweet page the prune removed. Every
    /// other page (each kept tweet, each search's tweet list and popularity, charts, photos…)
    /// must stay byte for byte.
    /// A person's page also counts the searches that found their tweets or retweets of them: a
    /// pruned search or retweet changes those numbers (and only those, beside the hashtag links
    /// below) on a page that lost no link.
    static func enumeratesTweets(_ path: String, before: Data, after: Data, removedPages: Set<String>) -> Bool {
        if path.hasPrefix("all-tweets/") || path.hasPrefix("search/") || path.hasPrefix("timelines/")
            || path == "people/index.html" || path == "hashtags/index.html" {
            return true
        }
        guard path.hasPrefix("people/") || path.hasPrefix("hashtags/") else { return false }
        let html = String(decoding: before, as: UTF8.self)
        if removedPages.contains(where: { $0.hasPrefix("tweets/") && html.contains($0) }) { return true }
        func withoutCounts(_ html: String) -> String {
            html.replacingOccurrences(of: #"<dd>[0-9,]+</dd>"#, with: "<dd>n</dd>", options: .regularExpression)
        }
        return path.hasPrefix("people/")
            && withoutCounts(withoutRemovedHashtagLinks(before, removedPages: removedPages)) == withoutCounts(withoutRemovedHashtagLinks(after, removedPages: []))
    }

    /// A hashtag page exists while two stored tweets carry the hashtag; when a prune leaves one,
    /// a kept tweet's link to that page becomes the link to the hashtag on twitter.com. That is
    /// the only change allowed on a kept tweet's page (and on its author's page, which shows it):
    /// both links read the same here.
    static func withoutRemovedHashtagLinks(_ data: Data, removedPages: Set<String>) -> String {
        var html = String(decoding: data, as: UTF8.self)
        html = html.replacingOccurrences(of: #"href="https://twitter\.com/hashtag/[^"]*""#, with: #"href="hashtag""#, options: .regularExpression)
        for page in removedPages where page.hasPrefix("hashtags/") {
            html = html.replacingOccurrences(of: #"href="(\.\./)*"# + NSRegularExpression.escapedPattern(for: page) + "\"",
                                             with: #"href="hashtag""#, options: .regularExpression)
        }
        return html
    }

    /// The tweet pages (`tweets/ID/index.html`) that the pages under `folder` link to.
    static func tweetLinks(_ files: [String: Data], under folder: String) -> Set<String> {
        var links: Set<String> = []
        let pattern = try! NSRegularExpression(pattern: #"href="(?:\.\./)*(tweets/[0-9]+/index\.html)""#)
        for (path, data) in files where path.hasPrefix(folder) && path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                links.insert(String(html[Range(match.range(at: 1), in: html)!]))
            }
        }
        return links
    }

    /// Every row of every table, as text, in a stable order.
    static func rows(_ store: Store) throws -> [String] {
        try store.queue.read { db in
            var rows: [String] = []
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ").map { "\(table) \($0)" }.sorted()
            }
            return rows
        }
    }

    /// Every term's count equals its links, as the importer keeps them.
    static func countsMatchLinks(_ store: Store) throws -> Bool {
        try store.allTerms().allSatisfy { term in try store.tweets(forTerm: term.id).count == term.tweetCount }
    }

    /// Relative links in HTML pages that lead to no file of the site.
    static func brokenLinks(_ files: [String: Data]) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: "href=\"([^\"#:]+)[\"#]")
        var broken: [String] = []
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let link = String(html[Range(match.range(at: 1), in: html)!])
                let target = URL(fileURLWithPath: "/site/" + path).deletingLastPathComponent().appendingPathComponent(link).standardizedFileURL.path
                let inside = String(target.dropFirst("/site/".count))
                if files[inside] == nil { broken.append("\(path) → \(link)") }
            }
        }
        return broken
    }
}
