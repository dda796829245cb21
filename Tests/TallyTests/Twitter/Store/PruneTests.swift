import Foundation
import GRDB
import Testing
@testable import Tally

/// `tally prune`: the newest searches stay with what their history shows; every kept page stays
/// the same but for the links to what went.
@Suite("Prune: keeping the newest searches")
struct PruneTests {
    /// Pages that count what the store holds: they change when anything is removed.
    static let summaries: Set<String> = ["index.html", "searches/index.html"]

    @Test("pruning the sample store keeps exactly the newest searches, their data byte for byte, every kept page but for links to what went, and no broken link",
          arguments: [0, 1, 2, 100])
    func sampleStore(keep: Int) throws {
        let project = TestProject()
        try project.importSampleContent()
        try project.build()
        let before = try project.siteFiles()
        let countsBefore = try Self.rows(project.store)
        let terms = try project.store.allTerms()

        let dry = try project.store.prune(PrunePlan(limits: ["searches": keep], dryRun: true))
        #expect(try Self.rows(project.store) == countsBefore, "a dry run changes nothing")
        let report = try project.store.prune(PrunePlan(limits: ["searches": keep]))
        #expect(dry.sources.map(\.counts) == report.sources.map(\.counts), "a dry run reports what a prune does")
        let store = try project.store
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.foreignKeyCheck().isEmpty)
        #expect(try Self.countsMatchLinks(store))
        #expect(try store.allTerms().map(\.id) == terms.prefix(keep).map(\.id), "exactly the newest searches remain")

        try project.build()
        let after = try project.siteFiles()
        #expect(Set(after.keys).isSubset(of: before.keys), "a prune adds no page")
        let removedPages = Set(before.keys).subtracting(after.keys)
        let kept = Self.popularityData(before, of: terms.prefix(keep))
        #expect(kept.count == 4 * min(keep, terms.count) && kept == Self.popularityData(after, of: terms.prefix(keep)), "kept searches' data is the same byte for byte")
        // A kept search whose term was also searched on a network whose search went loses the line
        // naming that search and the combined page, and its hashtag's page links to it instead
        // of the combined page: changed by what went, beyond a link.
        let regrouped = Set(terms.prefix(keep).filter { kept in terms.dropFirst(keep).contains { $0.folded == kept.folded } }.flatMap { term in
            [Routes.popularity(term), Routes.hashtag(term.folded.hasPrefix("#") ? String(term.folded.dropFirst()) : term.folded)]
        })
        let changed = after.keys.filter { path in
            guard let old = before[path], let new = after[path], old != new else { return false }
            // The gallery lists the kept tweets' pictures: its count and pages change by what went.
            return !Self.summaries.contains(path) && path != "assets/site.js" && !regrouped.contains(path) && !path.hasPrefix("gallery/")
                && !Self.enumeratesTweets(path, before: old, after: new, removedPages: removedPages)
                && Self.withoutRemovedLinks(old, removedPages: removedPages) != Self.withoutRemovedLinks(new, removedPages: removedPages)
        }.sorted()
        #expect(changed.isEmpty, "kept pages changed beyond their links to what went: \(changed.prefix(10))")
        // A kept tweet's "Found for" loses exactly the searches that went.
        for path in after.keys where Self.isTweetPage(path) {
            let found = Self.foundFor(after[path]!)
            #expect(found == Self.foundFor(before[path]!).filter { !removedPages.contains($0) }, "\(path)")
        }
        // The pages that list every tweet change only by losing the tweets whose pages went.
        let listedBefore = Self.tweetLinks(before, under: "all-tweets/"), listedAfter = Self.tweetLinks(after, under: "all-tweets/")
        #expect(listedBefore == Set(before.keys.filter(Self.isTweetPage)), "All tweets lists every tweet")
        #expect(listedAfter == listedBefore.subtracting(removedPages.filter(Self.isTweetPage)), "and after a prune, every tweet kept")
        if keep >= terms.count {
            #expect(removedPages.isEmpty && !report.removedAnything)
        } else {
            #expect(report.sources.first?.counts.contains(PruneCount("searches", terms.count - keep)) == true)
            #expect(!removedPages.isEmpty)
        }
        #expect(try Self.brokenLinks(after).isEmpty)
    }

    @Test("older searches go even when a kept tweet was also found by them, with the tweets only they found; timelines and originals stay")
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
        #expect(try store.allTerms().map(\.text) == ["newest"])
        #expect(Set(try store.allTweets().map(\.id)) == ["20", "40", "50"])
        #expect(try store.tweets(forTerm: try #require(store.allTerms().first).id).map(\.id).sorted() == ["20", "40"])
        let twitter = try #require(report.sources.first)
        #expect(twitter.counts.contains(PruneCount("searches", 3)))
        #expect(twitter.counts.contains(PruneCount("posts", 4)))
        #expect(twitter.counts.contains(PruneCount("search–post links", 5)))
        #expect(twitter.counts.contains(PruneCount("people", 3)), "zed, sam and tia wrote only pruned tweets")
        #expect(try store.foreignKeyCheck().isEmpty)
        #expect(try Self.countsMatchLinks(store))
        try project.build()
        let tweet = try project.page(Routes.tweet("20"))
        #expect(tweet.contains("newest") && !tweet.contains(">shared<"), "tweet 20's page names only the kept search")
        #expect(try Self.brokenLinks(project.siteFiles()).isEmpty)
    }

    @Test("tally prune --dry-run reports and changes nothing; tally prune reports what it removed and the bytes reclaimed")
    func commandLine() throws {
        let project = TestProject()
        try project.importSampleContent()
        let path = project.config.storeURL.path
        let before = try Self.rows(project.store)
        let dry = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1", "--dry-run"], in: project.folder.url)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("Posts: would remove") && dry.stdout.contains("Dry run: nothing was changed"), "\(dry.stdout)")
        #expect(try Self.rows(project.store) == before)
        let real = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1"], in: project.folder.url)
        #expect(real.status == 0)
        #expect(real.stdout.contains("Posts: removed") && real.stdout.contains("reclaimed"), "\(real.stdout)")
        let again = try CommandLineTool.output(["prune", "--store", path, "--keep-searches", "1"], in: project.folder.url)
        #expect(again.stdout.contains("Posts: removed nothing"), "\(again.stdout)")
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
        let html = String(decoding: before, as: UTF8.self)
        // A post's page shows its thread: a post of it that went leaves it with its card.
        if path.hasPrefix("tweets/") {
            return html.contains("<ol class=\"tweets thread-") && removedPages.contains(where: { $0.hasPrefix("tweets/") && html.contains($0) })
        }
        guard path.hasPrefix("people/") || path.hasPrefix("hashtags/") else { return false }
        if removedPages.contains(where: { $0.hasPrefix("tweets/") && html.contains($0) }) { return true }
        func withoutCounts(_ html: String) -> String {
            html.replacingOccurrences(of: #"<dd>[0-9,]+</dd>"#, with: "<dd>n</dd>", options: .regularExpression)
        }
        return path.hasPrefix("people/")
            && withoutCounts(withoutRemovedLinks(before, removedPages: removedPages)) == withoutCounts(withoutRemovedLinks(after, removedPages: removedPages))
    }

    /// A kept page's links to what went, as a prune changes them: a hashtag led to a search or a
    /// hashtag page that went, and now leads to its hashtag page or to twitter.com (all read the
    /// same here); a tweet's "Found for" list is left out (`foundFor` compares it).
    static func withoutRemovedLinks(_ data: Data, removedPages: Set<String>) -> String {
        var html = String(decoding: data, as: UTF8.self)
        if let found = html.range(of: "<h2>Found for</h2>"), let end = html.range(of: "</main>", range: found.upperBound..<html.endIndex) {
            html.removeSubrange(found.lowerBound..<end.lowerBound)
        }
        html = html.replacingOccurrences(of: #"href="https://twitter\.com/hashtag/[^"]*""#, with: #"href="hashtag""#, options: .regularExpression)
        html = html.replacingOccurrences(of: #"href="(\.\./)*hashtags/[^"/]+/index\.html""#, with: #"href="hashtag""#, options: .regularExpression)
        for page in removedPages where page.hasPrefix("searches/") {
            html = html.replacingOccurrences(of: #"href="(\.\./)*"# + NSRegularExpression.escapedPattern(for: page) + "\"",
                                             with: #"href="hashtag""#, options: .regularExpression)
        }
        return html
    }

    /// The search pages a tweet page names under "Found for", as output paths.
    static func foundFor(_ data: Data) -> [String] {
        let html = String(decoding: data, as: UTF8.self)
        guard let found = html.range(of: "<h2>Found for</h2>"), let end = html.range(of: "</main>", range: found.upperBound..<html.endIndex) else { return [] }
        return html[found.upperBound..<end.lowerBound].matches(of: /href="(?:\.\.\/)*([^"]+)"/).map { String($0.output.1) }
    }

    /// Each search's popularity tables as written (`hashtags.csv`, `users.json`…), by path.
    static func popularityData(_ files: [String: Data], of terms: some Sequence<SearchTerm>) -> [String: Data] {
        var data: [String: Data] = [:]
        for term in terms {
            for kind in [TextEntity.Kind.hashtag, .user] {
                for format in ["csv", "json"] {
                    let path = Routes.popularityData(term, kind: kind, format: format)
                    data[path] = files[path]
                }
            }
        }
        return data
    }

    static func isTweetPage(_ path: String) -> Bool { path.hasPrefix("tweets/") && path.split(separator: "/").count == 3 }

    /// The tweet pages (`tweets/ID/index.html`, the ID slugged for Mastodon's and Bluesky's keys)
    /// that the pages under `folder` link to.
    static func tweetLinks(_ files: [String: Data], under folder: String) -> Set<String> {
        var links: Set<String> = []
        let pattern = try! NSRegularExpression(pattern: #"href="(?:\.\./)*(tweets/[a-z0-9-]+/index\.html)""#)
        for (path, data) in files where path.hasPrefix(folder) && path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                links.insert(String(html[Range(match.range(at: 1), in: html)!]))
            }
        }
        return links
    }

    /// Every row of every table, as text, in a stable order.
    /// Every row of every table, as text; with `withoutStamps`, without the change clock and the
    /// `seq` stamps it puts on rows (which say when a row came, not what it holds).
    static func rows(_ store: Store, withoutStamps: Bool = false) throws -> [String] {
        try store.queue.read { db in
            var rows: [String] = []
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
                if withoutStamps && table == "twitter_clock" { continue }
                let columns = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]).map { $0[0] as String }
                    .filter { !withoutStamps || $0 != "seq" }.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
                rows += try Row.fetchAll(db, sql: "SELECT \(columns) FROM \(table.quotedDatabaseIdentifier) ").map { "\(table) \($0)" }.sorted()
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
