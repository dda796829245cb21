import Foundation
import Testing
@testable import Tally

/// A rebuild that plans only what changed must leave the very site a clean build of the same
/// store makes: after any sequence of imports, favorites, prunes and builds, every file is the
/// same, byte for byte.
@Suite("End to end: a site updated in place equals a clean build")
struct IncrementalBuildTests {
    /// Builds `project`'s store afresh into `clean/` and compares every file with `public/`.
    private func expectSameAsClean(_ project: TestProject, after step: String, templates: String? = nil) throws {
        let clean = project.folder.url.appendingPathComponent("clean")
        try? FileManager.default.removeItem(at: clean)
        var config = project.config
        config.templates = templates ?? Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: config)
        builder.builtAt = 1_700_000_000
        builder.output = SiteWriter(output: clean)
        // Counted afresh: the counts the update went on from (`TwitterCounts`) are set aside, and
        // are the next update's again.
        let counts = config.cacheURL.appendingPathComponent("twitter"), aside = config.cacheURL.appendingPathComponent("twitter-aside")
        let hadCounts = (try? FileManager.default.moveItem(at: counts, to: aside)) != nil
        try builder.build()
        try? FileManager.default.removeItem(at: counts)
        if hadCounts { try FileManager.default.moveItem(at: aside, to: counts) }
        let updated = try project.siteFiles()
        let fresh = try files(under: clean)
        let differing = Set(updated.keys).union(fresh.keys).filter { updated[$0] != fresh[$0] }.sorted()
        #expect(differing.isEmpty, "after \(step): \(differing.prefix(5))")
        // The manifest lists the same files with the same digests in the same sections (an
        // update lists its new files before those it carried over, in runs of lines).
        let listed = try manifestLines(SiteWriter(output: project.folder.url.appendingPathComponent("public")).manifestURL)
        let cleanListed = try manifestLines(SiteWriter(output: clean).manifestURL)
        #expect(listed == cleanListed, "after \(step): \(listed.symmetricDifference(cleanListed).sorted().prefix(3))")
    }

    /// Each file's line in a manifest, with its section.
    private func manifestLines(_ url: URL) throws -> Set<String> {
        var lines = Set<String>()
        Manifest.forEachFile(in: Array(try Data(contentsOf: url))) { section, _, line in
            lines.insert(String(decoding: section, as: UTF8.self) + " " + String(decoding: line, as: UTF8.self))
        }
        return lines
    }

    private func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test("the sample content imported file by file, built after each, equals a clean build each time")
    func sampleFileByFile() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        // Posts of several shapes and networks (search, timeline, quotes, pictures; Mastodon and
        // Bluesky), a chart fetched twice and photos, in an order that makes each later file
        // touch earlier pages.
        let names = ["brexit.jsonl", "freebandnames-page1.json", "chart-songs-week1.json", "freebandnames-page2.json", "home-timeline.json",
                     "chart-songs-week2.json", "flickr-photos-zagreb.json", "rstats-extended.json", "mastodon-search-halcy.json", "python-geocode.json",
                     "bluesky-list-feed.json", "scala.json", "mastodon-status-image.json", "bluesky-quotes.json", "tweepy.json"]
        var updates = 0
        for name in names {
            try FileManager.default.createDirectory(at: project.folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent("content/" + name))
            try project.importFiles(["content/" + name])
            if try project.build().updated { updates += 1 }
            try expectSameAsClean(project, after: name)
        }
        var first: StoredPhoto?
        try project.store.forEachPhotoChunk { chunk in first = first ?? chunk.first }
        let photo = try #require(first)
        try project.store.favorite(photo: photo.id, at: 1_699_999_000)
        if try project.build().updated { updates += 1 }
        try expectSameAsClean(project, after: "a favorite")
        // Most builds updated the site rather than making it anew (a new section or a new entry
        // in the header builds it whole).
        #expect(updates >= 6)
    }

    @Test("an update keeps the theme's assets, and writes them all again when one is gone from the site; each equals a clean build")
    func assetsKeptOrWrittenAgain() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        let stylesheet = project.folder.url.appendingPathComponent("public/" + Routes.asset("tally.css"))
        for (step, name) in ["freebandnames-page1.json", "freebandnames-page2.json", "scala.json"].enumerated() {
            try FileManager.default.createDirectory(at: project.folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent("content/" + name))
            try project.importFiles(["content/" + name])
            if step == 2 { try FileManager.default.removeItem(at: stylesheet) }
            let report = try project.build()
            #expect(report.updated == (step > 0), "\(name)")
            #expect(FileManager.default.fileExists(atPath: stylesheet.path), "\(name)")
            try expectSameAsClean(project, after: name)
        }
    }

    @Test("random imports, favorites, prunes and builds on generated tweets always equal a clean build")
    func randomSequences() throws {
        for seed in [1, 2, 3] as [UInt64] {
            var random = SplitMix(seed: seed)
            let project = TestProject()
            var generator = TweetPageGenerator()
            var built = false
            var updates = 0
            for step in 0..<14 {
                switch random.next(below: 10) {
                case 0..<6:
                    let name = "p\(step).json"
                    try project.folder.write([name: generator.page(&random)])
                    try project.importFiles([name])
                case 6:
                    let name = "t\(step).json"
                    try project.folder.write([name: generator.page(&random, timeline: true)])
                    try project.importFiles([name], term: nil)
                case 7:
                    _ = try project.store.prune(PrunePlan(limits: ["searches": 1 + random.next(below: 3)]))
                default:
                    break
                }
                guard try !project.store.allTerms().isEmpty || built else { continue }
                let report = try project.build()
                built = true
                if report.updated { updates += 1 }
                try expectSameAsClean(project, after: "seed \(seed), step \(step)")
            }
            #expect(updates > 0, "seed \(seed) never updated in place")
        }
    }

    /// A search page of tweets `ids` (ten minutes apart by id) by the users `authors` cycles through.
    /// Authors in `bios` carry that profile text; those in `mentions` are named in every post.
    private static func searchPage(_ ids: [Int], authors: [(id: String, name: String)], query: String, bios: [String: String] = [:],
                                   mentions: [String] = []) -> String {
        let statuses: [[String: Any]] = ids.enumerated().map { offset, id in
            let author = authors[offset % authors.count]
            var user: [String: Any] = ["id_str": author.id, "screen_name": author.id, "name": author.name]
            if let bio = bios[author.id] { user["description"] = bio }
            let named = mentions.map { ["id_str": "m-\($0)", "screen_name": $0, "name": $0.capitalized, "indices": [0, 0]] as [String: Any] }
            return ["id_str": "\(id)", "text": "post \(id) about #swift and café", "created_at": Self.twitterDate(1_577_836_800 + id * 600),
                    "user": user,
                    "entities": ["hashtags": [["text": "swift", "indices": [15, 21]]], "user_mentions": named, "urls": []] as [String: Any]]
        }
        let data = try! JSONSerialization.data(withJSONObject: ["statuses": statuses, "search_metadata": ["query": query, "count": ids.count]],
                                               options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private static func twitterDate(_ seconds: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    @Test("the search index carries its posts over when only newer posts came, and its people and hashtags but those changed; indexes them again when an older one or a renamed author came; each equals a clean build")
    func searchIndexCarried() throws {
        let project = TestProject()
        let people = [(id: "ann", name: "Ann"), (id: "bob", name: "Bob")]
        try project.folder.write(["a.json": Self.searchPage(Array(100..<137), authors: people, query: "swift")])
        try project.importFiles(["a.json"])
        let first = try project.build()
        #expect(first.carriedSearchDocuments == 0)
        // Newer posts, by the same people and a new one: the 37 earlier posts are carried, and
        // the words of Ann, Bob and #swift (only their newest posts' times changed).
        try project.folder.write(["b.json": Self.searchPage(Array(200..<210), authors: people + [(id: "cy", name: "Cy")], query: "swift")])
        try project.importFiles(["b.json"])
        let newer = try project.build()
        #expect(newer.updated)
        #expect(newer.carriedSearchDocuments == 37 + 3)
        try expectSameAsClean(project, after: "newer posts")
        // And again: the carried block goes on from where the last rebuild left it.
        try project.folder.write(["c.json": Self.searchPage([300], authors: people, query: "café")])
        try project.importFiles(["c.json"])
        #expect(try project.build().carriedSearchDocuments == 47 + 3 + 1)
        try expectSameAsClean(project, after: "a new search with one newer post")
        // An older post lands among the others: every post is indexed again.
        try project.folder.write(["d.json": Self.searchPage([150], authors: people, query: "swift")])
        try project.importFiles(["d.json"])
        let older = try project.build()
        #expect(older.updated && older.carriedSearchDocuments == 0)
        try expectSameAsClean(project, after: "an older post")
        // A renamed author's older posts are titled with the new name: indexed again.
        try project.folder.write(["e.json": Self.searchPage([400], authors: [(id: "ann", name: "Ann Renamed")], query: "swift")])
        try project.importFiles(["e.json"])
        let renamed = try project.build()
        #expect(renamed.updated && renamed.carriedSearchDocuments == 0)
        try expectSameAsClean(project, after: "a renamed author")
        #expect(try project.page("search/index.js").contains("\"documents\""))
        // Newer posts after a full index (by Bob: Ann's name as before would be another rename).
        try project.folder.write(["f.json": Self.searchPage([500, 501], authors: [people[1]], query: "swift")])
        try project.importFiles(["f.json"])
        #expect(try project.build().carriedSearchDocuments == 50 + 3 + 1)
        try expectSameAsClean(project, after: "newer posts after a full index")
    }

    @Test("a rebuild makes again the search documents of people whose profile changed, and of people newly mentioned or newly posting; each equals a clean build")
    func searchPeopleRevisited() throws {
        let project = TestProject()
        let people = [(id: "ann", name: "Ann"), (id: "bob", name: "Bob")]
        try project.folder.write(["a.json": Self.searchPage(Array(100..<120), authors: people, query: "swift", bios: ["bob": "knits scarves"],
                                                            mentions: ["zed"])])
        try project.importFiles(["a.json"])
        try project.build()
        // Bob's profile now says something else: his document is made again, and the old words go.
        try project.folder.write(["b.json": Self.searchPage([200], authors: [people[1]], query: "swift", bios: ["bob": "bakes bread"])])
        try project.importFiles(["b.json"])
        let rebio = try project.build()
        #expect(rebio.updated && rebio.carriedSearchDocuments > 20)
        try expectSameAsClean(project, after: "a changed profile")
        let shards = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.appendingPathComponent("public/search/shards").path)
        let words = try shards.map { try project.page("search/shards/" + $0) }.joined()
        #expect(words.contains("bread") && !words.contains("scarves"))
        // Someone mentioned for the first time comes among the people only mentioned, before Zed.
        try project.folder.write(["c.json": Self.searchPage([300], authors: [people[0]], query: "swift", mentions: ["abe"])])
        try project.importFiles(["c.json"])
        #expect(try project.build().updated)
        try expectSameAsClean(project, after: "a new person mentioned")
        // A new author, before everyone only mentioned.
        try project.folder.write(["d.json": Self.searchPage([400], authors: [(id: "cy", name: "Cy")], query: "swift")])
        try project.importFiles(["d.json"])
        #expect(try project.build().updated)
        try expectSameAsClean(project, after: "a new author")
    }

    @Test("a revisited record file that cannot be read back has the search indexed again whole, and the site equals a clean build")
    func searchRevisitedFileDamaged() throws {
        let project = TestProject()
        // More people than a record file holds (32), so that the first file is a full one.
        let people = (0..<40).map { (id: "u\($0)", name: "U\($0)") }
        try project.folder.write(["a.json": Self.searchPage(Array(100..<140), authors: people, query: "swift")])
        try project.importFiles(["a.json"])
        try project.build()
        let file = "public/" + Routes.searchDocuments("\(SearchIndexWriter.block(weight: 1, source: 0))-0")
        #expect(FileManager.default.fileExists(atPath: project.folder.url.appendingPathComponent(file).path))
        try project.folder.write([file: "damaged"])
        // U1 posts again: the file holding U1's document is written again, from what it held.
        try project.folder.write(["b.json": Self.searchPage([200], authors: [people[1]], query: "swift")])
        try project.importFiles(["b.json"])
        let rebuilt = try project.build()
        #expect(rebuilt.updated && rebuilt.carriedSearchDocuments == 0)
        try expectSameAsClean(project, after: "a damaged record file")
    }

    /// What the site's state remembers of the long list at `path` (`TweetListMemory`).
    private func remembered(_ project: TestProject, _ path: String) throws -> TweetListMemory.Entry? {
        let state = try [UInt8](Data(contentsOf: project.folder.url.appendingPathComponent(".public.tally-state")))
        let states = try #require(BuildRecord.states(decoding: state))
        return states[TweetListMemory.stateKeyPrefix + path].flatMap(TweetListMemory.decode)
    }

    @Test("lists of over a thousand posts place new, older and changed posts from what the last build remembered; each equals a clean build")
    func longListsRemembered() throws {
        let project = TestProject()
        let people = (0..<40).map { (id: "p\($0)", name: "Person \($0)") }
        // 1,100 posts ten minutes apart, every one under #swift and the search "swift".
        try project.folder.write(["a.json": Self.searchPage(Array(1_000..<2_100), authors: people, query: "swift")])
        try project.importFiles(["a.json"])
        #expect(try !project.build().updated)
        for path in [Routes.allTweets(), Routes.hashtag("swift")] {
            let entry = try #require(try remembered(project, path), "\(path)")
            #expect(entry.total == 1_100 && entry.months.reduce(0) { $0 + $1.count } == 1_100)
        }
        // Newer posts, a month on (a new month in the jump), then one older than all (every page
        // moves), then a renamed author (changed cards all down the list).
        let steps: [(String, [Int], [(id: String, name: String)])] = [
            ("newer posts", [6_500, 6_501, 6_502], people), ("an older post", [10], people),
            ("a renamed author", [6_600], [(id: "p3", name: "Person Three")]), ("newer posts again", Array(6_700..<6_760), people),
        ]
        for (number, step) in steps.enumerated() {
            try project.folder.write(["s\(number).json": Self.searchPage(step.1, authors: step.2, query: "swift")])
            try project.importFiles(["s\(number).json"])
            #expect(try project.build().updated)
            try expectSameAsClean(project, after: step.0)
        }
        #expect(try remembered(project, Routes.hashtag("swift"))?.total == 1_100 + 3 + 1 + 1 + 60)
        #expect(try project.page(Routes.hashtag("swift")).contains("Jump to a month"))
    }

    @Test("a person's list of over a thousand posts places new and older posts by walking their own index from what the last build remembered; each equals a clean build")
    func longPersonListRemembered() throws {
        let project = TestProject()
        let solo = [(id: "solo", name: "Solo Writer")]
        try project.folder.write(["a.json": Self.searchPage(Array(1_000..<2_050), authors: solo, query: "solo")])
        try project.importFiles(["a.json"])
        #expect(try !project.build().updated)
        #expect(try remembered(project, Routes.person("solo"))?.total == 1_050)
        // Newer posts, then enough to start a new page, then one older than all (every page moves).
        let steps: [(String, [Int])] = [("newer posts", [6_500, 6_501]), ("a new page's worth", Array(6_600..<6_660)), ("an older post", [10])]
        for (number, step) in steps.enumerated() {
            try project.folder.write(["s\(number).json": Self.searchPage(step.1, authors: solo, query: "solo")])
            try project.importFiles(["s\(number).json"])
            #expect(try project.build().updated)
            try expectSameAsClean(project, after: step.0)
        }
        #expect(try remembered(project, Routes.person("solo"))?.total == 1_050 + 2 + 60 + 1)
    }

    @Test("a template edit plans the pages of the source whose folder holds it, the layout's every page; each equals a clean build")
    func templateEdits() throws {
        let project = TestProject()
        let theme = project.folder.url.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: Fixture.repository.appendingPathComponent("templates"), to: theme)
        let data = Fixture.repository.appendingPathComponent("content/data")
        for name in ["freebandnames-page1.json", "chart-songs-week1.json"] {
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent(name))
            try project.importFiles([name])
        }
        let full = try project.build(templates: theme.path)
        func edit(_ template: String, adding line: String) throws {
            let url = theme.appendingPathComponent(template)
            try (try String(contentsOf: url, encoding: .utf8) + "\n" + line + "\n").write(to: url, atomically: true, encoding: .utf8)
        }

        // A chart template: the charts' pages only (charts plan whole), not the tweets'.
        try edit("charts/charts.md", adding: "Edited chart list.")
        let charts = try project.build(templates: theme.path)
        #expect(charts.updated)
        // The chart pages, the search page and the home page.
        let chartPages = project.outputFiles().filter { $0.hasPrefix("charts/") && $0.hasSuffix(".html") }.count
        #expect(chartPages > 0 && charts.pages <= chartPages + 2, "\(charts.pages) of \(full.pages); \(chartPages) chart pages")
        #expect(try project.page("charts/index.html").contains("Edited chart list."))
        try expectSameAsClean(project, after: "a chart template edit", templates: theme.path)

        // A Twitter template: the pages of the section made with it (People), not the other
        // Twitter sections' nor the charts'.
        try edit("twitter/people.md", adding: "Edited people list.")
        let twitter = try project.build(templates: theme.path)
        #expect(twitter.updated)
        let peoplePages = project.outputFiles().filter { $0.hasPrefix("people/") && $0.hasSuffix(".html") }.count
        #expect(peoplePages > 0 && twitter.pages <= peoplePages + 2, "\(twitter.pages) of \(full.pages); \(peoplePages) people pages")
        #expect(try project.page("people/index.html").contains("Edited people list."))
        try expectSameAsClean(project, after: "a Twitter template edit", templates: theme.path)

        // The home page's template: only what every build renders.
        try edit("home.md", adding: "Edited home.")
        let home = try project.build(templates: theme.path)
        #expect(home.updated)
        #expect(home.pages <= charts.pages)
        #expect(try project.page("index.html").contains("Edited home."))
        try expectSameAsClean(project, after: "a home template edit", templates: theme.path)

        // The layout wraps every page: the site is built whole.
        let layout = theme.appendingPathComponent("layout.html")
        try (try String(contentsOf: layout, encoding: .utf8).replacingOccurrences(of: "</body>", with: "<!-- edited -->\n</body>"))
            .write(to: layout, atomically: true, encoding: .utf8)
        let whole = try project.build(templates: theme.path)
        #expect(!whole.updated)
        try expectSameAsClean(project, after: "a layout edit", templates: theme.path)
    }

    @Test("a template or a partial it includes edited: only the sections whose pages use it are planned; a card's partial or an import with it plans the source; each equals a clean build")
    func templateEditsPlanTheirSections() throws {
        let project = TestProject()
        let theme = project.folder.url.appendingPathComponent("theme")
        try FileManager.default.copyItem(at: Fixture.repository.appendingPathComponent("templates"), to: theme)
        func edit(_ template: String, adding line: String) throws {
            let url = theme.appendingPathComponent(template)
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            try (text + "\n" + line + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        // A Markdown partial that only the searches' list includes.
        try edit("twitter/_aside.md", adding: "An aside.")
        try edit("twitter/searches.md", adding: "{{>twitter/_aside}}")
        let data = Fixture.repository.appendingPathComponent("content/data")
        for name in ["freebandnames-page1.json", "chart-songs-week1.json", "scala.json"] {
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent(name))
        }
        try project.importFiles(["freebandnames-page1.json", "chart-songs-week1.json"])
        let full = try project.build(templates: theme.path)
        func pages(under folder: String) -> Int {
            project.outputFiles().filter { $0.hasPrefix(folder) && $0.hasSuffix(".html") }.count
        }

        // A post's page template: the Posts section's pages (the list of all posts, each post and
        // its pictures), no other.
        try edit("twitter/tweet.md", adding: "Edited post.")
        let posts = try project.build(templates: theme.path)
        #expect(posts.updated)
        let postsPages = pages(under: "tweets/") + pages(under: "all-tweets/")
        #expect(pages(under: "tweets/") > 0 && posts.pages <= postsPages + 2, "\(posts.pages) of \(full.pages)")
        let someTweet = try #require(project.outputFiles().first { $0.hasPrefix("tweets/") && $0.hasSuffix("/index.html") })
        #expect(try project.page(someTweet).contains("Edited post."))
        try expectSameAsClean(project, after: "a post template edit", templates: theme.path)

        // The partial: the Searches section's pages, whose list includes it.
        try edit("twitter/_aside.md", adding: "Edited aside.")
        let aside = try project.build(templates: theme.path)
        #expect(aside.updated)
        #expect(aside.pages <= pages(under: "searches/") + 2, "\(aside.pages) of \(full.pages)")
        #expect(try project.page("searches/index.html").contains("Edited aside."))
        try expectSameAsClean(project, after: "a partial's edit", templates: theme.path)

        // A template no page uses: only what every build renders.
        try edit("twitter/unused.md", adding: "Nobody's.")
        let unused = try project.build(templates: theme.path)
        #expect(unused.updated)
        #expect(unused.pages <= 2, "\(unused.pages) of \(full.pages)")
        try expectSameAsClean(project, after: "an unused template added", templates: theme.path)

        // The post card (an HTML partial, rendered outside pages): every Twitter page.
        try edit("twitter/_card.html", adding: "<!-- edited card -->")
        let card = try project.build(templates: theme.path)
        #expect(card.updated)
        #expect(card.pages > pages(under: "tweets/") + pages(under: "people/"), "\(card.pages) of \(full.pages)")
        try expectSameAsClean(project, after: "a card partial's edit", templates: theme.path)

        // An import with a template edit: the store changed, so the sections plan what changed as
        // before, and the edited template's source plans whole.
        try project.importFiles(["scala.json"])
        try edit("twitter/people.md", adding: "Edited people list.")
        let both = try project.build(templates: theme.path)
        #expect(both.updated)
        #expect(try project.page("people/index.html").contains("Edited people list."))
        try expectSameAsClean(project, after: "an import with a template edit", templates: theme.path)

        // Nothing changed since: the People list's own template makes that page alone (with the
        // search page and the home page, which every build makes).
        try edit("twitter/people.md", adding: "Edited again.")
        let again = try project.build(templates: theme.path)
        #expect(again.pages <= 3, "\(again.pages) of \(full.pages)")
        #expect(try project.page("people/index.html").contains("Edited again."))
        try expectSameAsClean(project, after: "a template edit after an import", templates: theme.path)
    }

    @Test("a term searched on Mastodon, then on Bluesky, then on Twitter and again on Mastodon: each rebuild equals a clean build")
    func termOnMoreNetworks() throws {
        let project = TestProject()
        var m = NetworkPopularityTests.Generator(state: 5), b = NetworkPopularityTests.Generator(state: 9)
        try project.folder.write([
            "m1.json": NetworkPopularityTests.mastodonPage(Array(0..<12), generator: &m).json,
            "b1.json": NetworkPopularityTests.blueskyPage(Array(0..<10), generator: &b).json,
            "t1.json": Synthetic.searchPage(query: "#swift", [TweetSpec(id: "1", text: "one #swift #go"), TweetSpec(id: "2", text: "two #Swift #go")]),
            "m2.json": NetworkPopularityTests.mastodonPage(Array(8..<20), generator: &m).json,
        ])
        var updates = 0
        for (file, term) in [("m1.json", "#swift"), ("b1.json", "#Swift"), ("t1.json", nil), ("m2.json", "#SWIFT")] as [(String, String?)] {
            try project.importFiles([file], term: term)
            if try project.build().updated { updates += 1 }
            try expectSameAsClean(project, after: file)
        }
        #expect(updates >= 2)
        #expect(project.folder.exists("public/searches/\(Routes.slug("#swift"))/everywhere/index.html"))
        #expect(try project.store.allTerms().count == 3)
    }

    @Test("a term's list of posts from every network is planned again when a post arrives or a card on it changes, and equals a clean build")
    func everywhereListUpdates() throws {
        let project = TestProject()
        var m = NetworkPopularityTests.Generator(state: 3), b = NetworkPopularityTests.Generator(state: 4)
        // The same dates throughout: the searches keep their place, so the list is updated in place, not made whole.
        var renamed = try JSONSerialization.jsonObject(with: Data(NetworkPopularityTests.blueskyPage([1, 70], generator: &b).json.utf8)) as! [String: Any]
        renamed["feed"] = (renamed["feed"] as! [[String: Any]]).map { item in
            var item = item, post = item["post"] as! [String: Any], author = post["author"] as! [String: Any]
            author["displayName"] = "Renamed Person"
            post["author"] = author
            item["post"] = post
            return item
        }
        try project.folder.write([
            "m1.json": NetworkPopularityTests.mastodonPage(Array(0..<60), generator: &m).json,
            "b1.json": NetworkPopularityTests.blueskyPage(Array(0..<10), generator: &b).json,
            "m2.json": NetworkPopularityTests.mastodonPage(Array(60..<64), generator: &m).json,
            "b2.json": String(decoding: try JSONSerialization.data(withJSONObject: renamed), as: UTF8.self),
        ])
        let list = "searches/\(Routes.slug("#swift"))/everywhere/tweets/index.html"
        for (file, term) in [("m1.json", "#swift"), ("b1.json", "#Swift"), ("m2.json", "#swift"), ("b2.json", "#swift")] {
            try project.importFiles([file], term: term)
            let report = try project.build()
            if file != "m1.json" && file != "b1.json" { #expect(report.updated, "\(file)") }
            try expectSameAsClean(project, after: file)
        }
        let newest = try project.page(list)
        #expect(newest.contains("<h1>Posts for #"), "the list exists")
        let older = try project.page("searches/\(Routes.slug("#swift"))/everywhere/tweets/1/index.html")
        #expect((newest + older).contains("post 63"), "a post that arrived later is listed")
        #expect(newest.contains("Newest of 2 pages"), "75 posts, 50 a page")
        #expect((newest + older).contains("Renamed Person"), "a renamed author's cards are shown anew")
        #expect(try project.page("searches/\(Routes.slug("#swift"))/everywhere/index.html").contains("everywhere/tweets/index.html\">Its posts</a>"))
    }

    @Test("retweets of one original arriving over several imports, older and newer, regroup their pages as a clean build does")
    func retweetGroups() throws {
        let project = TestProject()
        // 60 posts, retweets of 905 among them on both pages; then more retweets of it, newer
        // and older (landing mid-list, on the oldest page), and of another original.
        try project.folder.write(["a.json": RetweetGroupTests.page(Array(1...60), retweets: [3: "905", 4: "905", 55: "905"]),
                                  "b.json": RetweetGroupTests.page([61, 62], retweets: [61: "905", 62: "906"]),
                                  "c.json": RetweetGroupTests.page([0], retweets: [0: "905"]),
                                  "d.json": RetweetGroupTests.page([63, 64, 65], retweets: [63: "906", 64: "905", 65: "906"])])
        var updates = 0
        for name in ["a.json", "b.json", "c.json", "d.json"] {
            try project.importFiles([name])
            if try project.build().updated { updates += 1 }
            try expectSameAsClean(project, after: name)
        }
        #expect(updates == 3)
        #expect(RetweetGroupTests.contexts(try project.page("searches/rt/tweets/index.html")).contains("↻ Retweeted by Person 65, Person 63 and Person 62"))
    }

    @Test("a reply stored before the post it answers links it once that post arrives, as a clean build does")
    func replyBeforeItsParent() throws {
        let project = TestProject()
        // 3 answers 1, which comes later.
        try project.folder.write(["a.json": RetweetGroupTests.page([2, 3], replies: [3: 1]),
                                  "b.json": RetweetGroupTests.page([1])])
        try project.importFiles(["a.json"])
        try project.build()
        #expect(try project.page("tweets/3/index.html").contains("Replying to @p1</p>"))
        try project.importFiles(["b.json"])
        #expect(try project.build().updated)
        #expect(try project.page("tweets/3/index.html").contains("Replying to <a href=\"../../tweets/1/index.html\">@p1</a>"))
        try expectSameAsClean(project, after: "the parent")
    }

    @Test("a post imported again with other counts shows them on its card wherever it is shown, as a clean build does")
    func countsChange() throws {
        let project = TestProject()
        let posts = (1...60).map { TweetSpec(id: "\($0)", text: "post \($0) #x", user: "bob", createdAt: "Fri Dec 20 16:\(10 + $0 % 40):25 +0000 2013") }
        let first = Synthetic.searchPage(query: "a", posts)
        // Post 5 (on the older page) again, in the same search, counted anew; then the same counts again.
        let again = Synthetic.searchPage(query: "a", [posts[4]]).replacingOccurrences(of: "\"id_str\":\"5\"", with: "\"favorite_count\":7,\"id_str\":\"5\",\"retweet_count\":1")
        try project.folder.write(["a.json": first, "b.json": again, "c.json": again])
        try project.importFiles(["a.json"])
        try project.build()
        #expect(try !project.page("tweets/5/index.html").contains("tweet-counts"))
        try project.importFiles(["b.json"])
        let report = try project.build()
        #expect(report.updated)
        #expect(try project.page("tweets/5/index.html").contains("<p class=\"tweet-context tweet-counts\">1 retweet · 7 likes</p>"))
        #expect(try project.page("all-tweets/1/index.html").contains("1 retweet · 7 likes"))
        try expectSameAsClean(project, after: "new counts")
        // The same counts again change nothing: no page is planned for them.
        try project.importFiles(["c.json"])
        #expect(try project.store.tweets(countsChangedAfter: 1).count == 1)
        #expect(try project.build().pages <= 3)
        try expectSameAsClean(project, after: "the same counts")
    }

    @Test("a list's Atom feed is made again when a post lands in it or its author is renamed; each update equals a clean build")
    func feedsFollowChanges() throws {
        let project = TestProject()
        let old = (1...60).map { TweetSpec(id: "\($0)", text: "post \($0) #x", user: "bob", createdAt: "Fri Dec 20 16:\(10 + $0 % 40):25 +0000 2013") }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "a", old),
                                  "b.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "99", text: "newest one", user: "bob",
                                                                                        createdAt: "Sat Dec 21 10:00:00 +0000 2013")]),
                                  // Bob's name changes: every card of his, and so the feeds that show them.
                                  "c.json": Synthetic.searchPage(query: "c", [TweetSpec(id: "100", text: "renamed", user: "bob",
                                                                                        createdAt: "Sat Dec 21 11:00:00 +0000 2013")])
                                      .replacingOccurrences(of: "\"Bob\"", with: "\"Robert Renamed\"")])
        try project.importFiles(["a.json"])
        try project.build()
        let feed = Routes.feed(of: Routes.allTweets())
        #expect(try !project.page(feed).contains("newest one"))
        try project.importFiles(["b.json"])
        #expect(try project.build().updated)
        // The new post is the feed's first entry, on every list that holds it.
        #expect(try project.page(feed).contains("newest one"))
        #expect(try project.page(Routes.feed(of: Routes.person("bob"))).contains("newest one"))
        try expectSameAsClean(project, after: "a new post")
        try project.importFiles(["c.json"])
        #expect(try project.build().updated)
        #expect(try project.page(Routes.feed(of: Routes.hashtag("x"))).contains("Robert Renamed (@bob): post 60"))
        try expectSameAsClean(project, after: "a renamed author")
    }

    @Test("a rebuild takes unchanged posts' cards and feed entries from the shelf beside the site, and makes changed ones again")
    func cardsFromTheShelf() throws {
        let project = TestProject()
        let old = (1...3).map { TweetSpec(id: "\($0)", text: "post number \($0) #x", user: "bob", createdAt: "Fri Dec 20 16:1\($0):25 +0000 2013") }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "a", old),
                                  "b.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "99", text: "newest one", user: "bob",
                                                                                        createdAt: "Sat Dec 21 10:00:00 +0000 2013")])])
        try project.importFiles(["a.json"])
        try project.build()
        let shelves = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path).filter { $0.hasPrefix(".public.tally-parts-") }
        #expect(shelves.count == 1)
        // What the shelf holds for post 2 is doctored, the same length: a rebuild that shows it
        // read it from there rather than rendering the card or the entry again.
        let shelf = project.folder.url.appendingPathComponent(try #require(shelves.first))
        var bytes = try [UInt8](Data(contentsOf: shelf))
        let wanted = Array("post number 2".utf8)
        var found = 0
        for start in 0...(bytes.count - wanted.count) where bytes[start..<(start + wanted.count)].elementsEqual(wanted) {
            bytes.replaceSubrange(start..<(start + wanted.count), with: "POST NUMBER 2".utf8)
            found += 1
        }
        #expect(found == 3, "the card, and the feed entry's title and text")
        try Data(bytes).write(to: shelf)
        try project.importFiles(["b.json"])
        #expect(try project.build().updated)
        let list = try project.page(Routes.allTweets())
        #expect(list.contains("newest one"))
        #expect(list.contains("POST NUMBER 2"))
        #expect(try project.page(Routes.feed(of: Routes.allTweets())).contains("POST NUMBER 2"))
        // With the site gone, the build is whole: it makes every card again, on a new shelf, and
        // the old shelf goes.
        for file in ["public", ".public.tally-manifest", ".public.tally-state"] { try FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(file)) }
        #expect(try !project.build().updated)
        #expect(try !project.page(Routes.allTweets()).contains("POST NUMBER 2"))
        let after = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path).filter { $0.hasPrefix(".public.tally-parts-") }
        #expect(after.count == 1 && after != shelves)
        try expectSameAsClean(project, after: "a whole build")
    }

    @Test("the gallery is made again when a new post brings pictures, and only then; each update equals a clean build")
    func galleryFollowsPictures() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        for name in ["scala.json", "tweepy.json", "freebandnames-page1.json"] {
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: project.folder.url.appendingPathComponent(name))
        }
        try project.importFiles(["scala.json"])
        try project.build()
        #expect(try project.page(Routes.gallery()).contains("No pictures are stored."))
        // tweepy.json's posts bring five pictures: the gallery shows them.
        try project.importFiles(["tweepy.json"])
        #expect(try project.build().updated)
        #expect(try project.page(Routes.gallery()).contains("5 pictures"))
        try expectSameAsClean(project, after: "posts with pictures")
        // Posts without pictures leave the gallery as it was (not even planned).
        let before = try FileManager.default.attributesOfItem(atPath: project.folder.url.appendingPathComponent("public/gallery/index.html").path)[.systemFileNumber] as? Int
        try project.importFiles(["freebandnames-page1.json"])
        let report = try project.build()
        #expect(report.updated)
        let after = try FileManager.default.attributesOfItem(atPath: project.folder.url.appendingPathComponent("public/gallery/index.html").path)[.systemFileNumber] as? Int
        #expect(before != nil && before == after)
        try expectSameAsClean(project, after: "posts without pictures")
    }

    @Test("a prune makes the next build plan every page, removing what the prune took")
    func pruneBuildsWhole() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "1", text: "one #x"), TweetSpec(id: "2", text: "two #x")]),
                                  "b.json": Synthetic.searchPage(query: "b", [TweetSpec(id: "3", text: "three", user: "bob")])])
        try project.importFiles(["a.json"])
        try project.build()
        try project.importFiles(["b.json"])
        #expect(try project.build().updated)
        #expect(project.folder.exists("public/tweets/3/index.html"))
        _ = try project.store.prune(PrunePlan(limits: ["searches": 1]))
        let report = try project.build()
        #expect(!report.updated)
        #expect(report.removed > 0)
        try expectSameAsClean(project, after: "the prune")
    }
}

/// Search and timeline pages of generated tweets that reuse people, hashtags and earlier tweets:
/// replies name stored people, retweets and quotes point at stored tweets (and at tweets stored
/// later), people change their names and pictures, and tweets come older and newer than those stored.
struct TweetPageGenerator {
    private var nextID = 1_000
    private var ids: [Int] = []
    private let people = ["ann", "bob", "cy", "dee", "eve", "fay"]
    private let tags = ["swift", "Swift", "rust", "go", "zig"]
    private var searches = 0

    mutating func page(_ random: inout SplitMix, timeline: Bool = false) -> String {
        var statuses: [[String: Any]] = []
        for _ in 0..<(2 + random.next(below: 6)) {
            // Now and then an id below every stored one: an older tweet, landing mid-list.
            let id = random.next(below: 5) == 0 ? 10 + random.next(below: 900) : { nextID += 1 + random.next(below: 3); return nextID }()
            var words = ["tweet", "\(id)"]
            for _ in 0..<random.next(below: 3) { words.append("#" + tags[random.next(below: tags.count)]) }
            if random.next(below: 2) == 0 { words.append("@" + people[random.next(below: people.count)]) }
            var status = status(id: id, text: words.joined(separator: " "), random: &random)
            if let target = ids.isEmpty ? nil : ids[random.next(below: ids.count)], random.next(below: 4) == 0 {
                let original = self.status(id: target, text: "original \(target) #\(tags[random.next(below: tags.count)])", random: &random)
                status[random.next(below: 2) == 0 ? "retweeted_status" : "quoted_status"] = original
            } else if random.next(below: 6) == 0 {
                // A quote of a tweet not stored yet, by id only.
                status["quoted_status_id_str"] = "\(nextID + 2)"
            }
            statuses.append(status)
            ids.append(id)
        }
        var page: [String: Any] = ["statuses": statuses]
        if !timeline {
            searches += 1
            let query = random.next(below: 3) == 0 ? "%23" + tags[random.next(below: tags.count)].lowercased() : "q\(random.next(below: 4))"
            page["search_metadata"] = ["query": query, "count": statuses.count]
        }
        let data = try! JSONSerialization.data(withJSONObject: timeline ? statuses as Any : page, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private func status(id: Int, text: String, random: inout SplitMix) -> [String: Any] {
        let found = TweetText.extractEntities(from: text)
        let person = people[random.next(below: people.count)]
        // Two spellings of each person's name and picture: a later page may change either.
        let variant = random.next(below: 2)
        return [
            "id_str": "\(id)", "text": text, "created_at": Self.date(id),
            "user": ["id_str": "u-\(person)", "screen_name": person, "name": variant == 0 ? person.capitalized : person.uppercased(),
                     "profile_image_url_https": "https://pbs.twimg.com/profile_images/\(person)\(variant).jpg"],
            "entities": [
                "hashtags": found.filter { $0.kind == .hashtag }.map { ["text": $0.value, "indices": [$0.range!.lowerBound, $0.range!.upperBound]] },
                "user_mentions": found.filter { $0.kind == .user }.map {
                    ["screen_name": $0.value, "name": $0.value, "id_str": "u-\($0.value)", "indices": [$0.range!.lowerBound, $0.range!.upperBound]]
                },
                "urls": [],
            ] as [String: Any],
        ]
    }

    /// One tweet every ten minutes of days in 2020, by id, so that ids and times agree.
    private static func date(_ id: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_577_836_800 + Double(id) * 600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter.string(from: date)
    }
}

/// A seeded generator (SplitMix64), so that a failing sequence can be run again.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
