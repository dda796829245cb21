import Foundation
import Testing
@testable import Tally

/// From input files to built pages, through the real importer, store, theme and writer.
@Suite("End to end: files in, site out")
struct SiteBuildTests {
    @Test("a popularity page lists hashtags and users above 1, sorted, with data files beside it")
    func popularityPage() throws {
        let project = TestProject()
        try project.folder.write(["content/a.json": Synthetic.searchPage(query: "#swift", [
            TweetSpec(id: "1", text: "#Swift and #iOS with @alice and @bob"),
            TweetSpec(id: "2", text: "#swift again @alice #once", user: "bob"),
            TweetSpec(id: "3", text: "#SWIFT #iOS @Alice", user: "carol"),
        ])])
        try project.importFiles(["content/a.json"])
        let report = try project.build()
        // Home and searches, the term's two pages, three tweets, the list of all tweets, People and
        // three person pages, Hashtags with #swift and #ios (each in two or more tweets), the
        // gallery (no pictures), and search.
        #expect(report.pages == 2 + 2 + 3 + 1 + 1 + 3 + 3 + 1 + 1)
        let term = try #require(try project.store.allTerms().first)
        let html = try project.page(Routes.popularity(term))
        #expect(html.contains("<h1>Popularity of #swift</h1>"))
        let swift = try #require(html.range(of: ">#Swift</a></td>\n<td class=\"align-right\">3</td>"))
        let ios = try #require(html.range(of: ">#iOS</a></td>\n<td class=\"align-right\">2</td>"))
        #expect(swift.lowerBound < ios.lowerBound)
        #expect(html.contains(">@alice</a></td>\n<td class=\"align-right\">3</td>"))
        #expect(!html.contains("#once") && !html.contains("@bob</a>"))
        #expect(html.contains("1 hashtag seen in only one tweet is not shown."))
        #expect(html.contains("1 user seen in only one tweet is not shown."))
        // #swift is itself a search: its row links to its own page.
        #expect(html.contains("<a href=\"../../\(Routes.popularity(term))\">#Swift</a>"))
        let csv = try project.page(Routes.popularityData(term, kind: .hashtag, format: "csv"))
        #expect(csv == "hashtag,tweets\r\nSwift,3\r\niOS,2\r\n")
        let json = try project.page(Routes.popularityData(term, kind: .user, format: "json"))
        #expect(json.contains("\"tweets\" : 3") && json.contains("\"user\" : \"alice\""))
    }

    @Test("tweet pages link hashtags and mentions and name the searches that found them")
    func tweetPage() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "42", text: "Q&A <b> @bob #tag https://x")])])
        try project.importFiles(["a.json"])
        try project.build()
        let html = try project.page("tweets/42/index.html")
        // @bob wrote nothing stored and #tag is in one tweet only: both lead to Twitter.
        #expect(html.contains("Q&amp;A &lt;b&gt; <a class=\"mention\" href=\"https://twitter.com/bob\">@bob</a> <a class=\"hashtag\" href=\"https://twitter.com/hashtag/tag\">#tag</a>"))
        #expect(html.contains("<li><a href=\"../../searches/q/index.html\">q</a></li>"))
        let list = try project.page("searches/q/tweets/index.html")
        #expect(list.contains("href=\"../../../tweets/42/index.html\""))
    }

    @Test("the same store and time give byte-identical output")
    func reproducible() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a #a2"), TweetSpec(id: "2", text: "#a")])])
        try project.importFiles(["a.json"])
        try project.build()
        // The manifest, beside the output, lists every file with its digest; only its #folder line
        // (which folder it describes) differs between builds.
        func digests() throws -> [Substring] { try project.folder.read(".public.tally-manifest").split(separator: "\n").filter { !$0.hasPrefix("#") } }
        let first = try digests()
        let report = try project.build()
        #expect(try digests() == first)
        #expect(!project.folder.exists("public/.tally-manifest"))
        #expect(report.changed == 0)
        #expect(try project.page("assets/site.js").contains("\"built\":\"2023-11-14T22:13:20Z\""))
        #expect(try project.page("index.html").contains("As of 2023-11-14 22:13 UTC"))
    }

    @Test("a rebuild with nothing changed replaces only the home page and site.js, in place")
    func nothingChanged() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a"), TweetSpec(id: "2", text: "#a")])])
        try project.importFiles(["a.json"])
        let first = try project.build(builtAt: 1_700_000_000)
        #expect(!first.unchanged)
        let folder = project.folder.url.appendingPathComponent("public").path
        let tweet = folder + "/tweets/1/index.html"
        let inodes = try [folder, tweet].map { try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? Int }
        let second = try project.build(builtAt: 1_700_000_600)
        #expect(second.unchanged && second.changed == 2 && second.files == first.files, "\(second)")
        // The same folder and the same page file: nothing was re-created.
        #expect(try [folder, tweet].map { try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? Int } == inodes)
        #expect(try project.page("assets/site.js").contains("2023-11-14T22:23:20Z"))
        #expect(try project.page("index.html").contains("As of 2023-11-14 22:23 UTC"))
        // New data: the site is updated, planning only the pages the new search touched.
        try project.folder.write(["b.json": Synthetic.searchPage(query: "r", [TweetSpec(id: "3", text: "#b")])])
        try project.importFiles(["b.json"])
        let third = try project.build(builtAt: 1_700_000_900)
        #expect(!third.unchanged && third.updated && third.pages < first.pages)
        #expect(project.folder.exists("public/tweets/3/index.html"))
    }

    @Test("after one new search, a build rewrites only the pages that changed and links the rest")
    func incremental() throws {
        let project = TestProject()
        let tweets = (1...40).map { TweetSpec(id: "\($0)", text: "#a #b\($0 % 3) @u\($0 % 4)") }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "first", tweets)])
        try project.importFiles(["a.json"])
        let first = try project.build(builtAt: 1_700_000_000)
        let untouched = project.folder.url.appendingPathComponent("public/tweets/7/index.html").path
        let before = try FileManager.default.attributesOfItem(atPath: untouched)[.systemFileNumber] as? Int
        try project.folder.write(["b.json": Synthetic.searchPage(query: "second", [TweetSpec(id: "900", text: "#new #a")])])
        try project.importFiles(["b.json"])
        let second = try project.build(builtAt: 1_700_000_600)
        // Home, the searches list, the new term's two pages and four data files, the new tweet,
        // site.js (the build time), the list of all tweets, the author's page, the People and
        // Hashtags lists (their counts), #a's page and the search index's contents, its one shard and
        // the last record chunk of each block that grew (tweets, people, hashtags, searches), and the
        // Atom feeds of the four lists that show the new tweet (the new term's, all posts, the
        // author's, #a's) change; the 40 older tweet pages are not even planned.
        #expect(second.updated && second.pages < first.pages / 2, "\(second)")
        #expect(second.files == first.files + 8)
        #expect(second.changed == 24, "\(second)")
        let after = try FileManager.default.attributesOfItem(atPath: untouched)[.systemFileNumber] as? Int
        #expect(before != nil && before == after, "an unchanged page was written again")
    }

    @Test("the sample content builds: every search has its pages, every page its stylesheet and script, and no file a stand-in of the render")
    func sampleContent() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        let importer = Importer(store: try project.store)
        for name in names { _ = try importer.importFile(data.appendingPathComponent(name), displayName: name) }
        let terms = try project.store.allTerms()
        #expect(terms.count >= 3)
        // The sample's #rstats is searched on Twitter and on Mastodon: it has a combined page.
        #expect(Set(terms.filter { $0.folded == "#rstats" }.map(\.network)) == [.twitter, .mastodon])
        try project.build()
        #expect(project.folder.exists("public/" + Routes.popularityEverywhere("#rstats")))
        for term in terms {
            let html = try project.page(Routes.popularity(term))
            // Twitter's searches at `searches/<term>/`, the other networks' a folder deeper.
            let up = term.network == .twitter ? "../../" : "../../../"
            #expect(html.contains("href=\"\(up)assets/tally.css\"") && html.contains("src=\"\(up)assets/tally.js\""))
            #expect(project.folder.exists("public/" + Routes.termTweets(term)))
        }
        #expect(project.folder.exists("public/assets/tally.js"))
        // No stand-in of the render's is left in any file: a fragment's token or a body marker
        // (both carry this process's secret) or the root token of shared parts.
        let secrets = [Data(HTMLFragment.secret.utf8), Data(HTMLFragment.rootToken.utf8)]
        let files = project.outputFiles()
        #expect(files.count > 1_000)
        for path in files {
            let data = try Data(contentsOf: project.folder.url.appendingPathComponent("public/" + path))
            #expect(secrets.allSatisfy { data.range(of: $0) == nil }, "\(path) holds a stand-in")
        }
    }

    @Test("tally init scaffolds a project from the embedded theme, identical to templates/")
    func scaffold() throws {
        let folder = TemporaryFolder()
        let target = folder.url.appendingPathComponent("mysite")
        try ProjectScaffold.create(at: target)
        let embedded = DefaultTheme.files
        let repository = try Theme.readFiles(in: Fixture.repository.appendingPathComponent("templates"))
        #expect(embedded == repository)
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("templates/layout.html").path))
        let config = try ProjectConfig.load(folder: target)
        #expect(config.title == "mysite" && config.output == "public")
        #expect(throws: ScaffoldError.self) { try ProjectScaffold.create(at: target) }
    }

    @Test("a bad tally.toml names the file and the place")
    func badConfig() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = 3\n"])
        #expect { try ProjectConfig.load(folder: folder.url) } throws: { "\($0)".contains("tally.toml: title: expected a string") }
        try folder.write(["tally.toml": "title = \"x\"\nbase_url = \"javascript:alert(1)\"\n"])
        #expect(throws: ConfigError.self) { try ProjectConfig.load(folder: folder.url) }
    }
}
