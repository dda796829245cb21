import Foundation
import Testing
@testable import Tally

/// No stored tweet, person or hashtag is out of reach: following links from the home page finds
/// every one of their pages.
@Suite("Every page is reachable from the home page")
struct ReachabilityTests {
    @Test("every tweet page, person page and hashtag page is reached by following links from index.html")
    func crawl() throws {
        let project = TestProject()
        let names = ["archive-tweets.js", "v1-search-extended-rstats.json", "v2-brexit.jsonl", "v1-search-freebandnames.json",
                     "v1-timeline-2010.json", "v1-status-quote.json"]
        let importer = Importer(store: try project.store)
        for name in names { _ = try importer.importFile(Fixture.url(name), displayName: name) }
        try project.build()
        let root = project.folder.url.appendingPathComponent("public").standardizedFileURL
        let href = try Regex("href=\"([^\"#?]+)")
        var seen: Set<String> = ["index.html"]
        var queue = ["index.html"]
        while let path = queue.popLast() {
            guard path.hasSuffix(".html"), let html = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { continue }
            let folder = root.appendingPathComponent(path).deletingLastPathComponent()
            for match in html.matches(of: href) {
                guard let target = match.output[1].substring.map(String.init), !target.contains(":") else { continue }
                let resolved = folder.appendingPathComponent(target).standardizedFileURL.path
                guard resolved.hasPrefix(root.path + "/") else { continue }
                let relative = String(resolved.dropFirst(root.path.count + 1))
                if seen.insert(relative).inserted { queue.append(relative) }
            }
        }
        let store = try project.store
        let tweets = try store.allTweets()
        #expect(tweets.count > 2000)
        let missingTweets = tweets.map { Routes.tweet($0.id) }.filter { !seen.contains($0) }
        #expect(missingTweets.isEmpty, "\(missingTweets.count) tweet pages unreachable, e.g. \(missingTweets.prefix(3))")
        let missingPeople = try store.people().map { Routes.person($0.user.screenName) }.filter { !seen.contains($0) }
        #expect(missingPeople.isEmpty, "\(missingPeople.prefix(3))")
        let hashtags = try store.hashtags()
        #expect(!hashtags.isEmpty)
        let missingTags = hashtags.map { Routes.hashtag($0.folded) }.filter { !seen.contains($0) }
        #expect(missingTags.isEmpty, "\(missingTags.prefix(3))")
        let cards = try store.people().map { Routes.contactCard($0.user.screenName) }.filter { !seen.contains($0) }
        #expect(cards.isEmpty)
    }

    @Test("an empty search page keeps its own time in the history and is no new data")
    func emptySearch() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "hello")])])
        try project.importFiles(["a.json"])
        let empty = Fixture.shared.appendingPathComponent("twitter_v1_search/rtweet_search_tweets_empty.body.json")
        let text = (try? String(contentsOf: empty, encoding: .utf8)) ?? #"{"statuses":[],"search_metadata":{"max_id_str":"1586889046655401983","query":"advanced_recycling+-filter%3Aretweets"}}"#
        try project.folder.write(["empty.json": text, "bare.json": #"{"statuses":[],"search_metadata":{"query":"nothing"}}"#])
        let stamp = Date(timeIntervalSince1970: 1_500_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: project.folder.url.appendingPathComponent("bare.json").path)
        try project.importFiles(["empty.json", "bare.json"])
        let terms = try project.store.allTerms()
        let recycling = try #require(terms.first { $0.text.hasPrefix("advanced_recycling") })
        #expect(UTCTime.format(recycling.searchedAt).hasPrefix("2022-10-31"))
        let bare = try #require(terms.first { $0.text == "nothing" })
        #expect(bare.searchedAt == 1_500_000_000)
        // The newest data is the newest tweet (2013), not the empty searches' times.
        #expect(try project.store.totals().newest == TwitterDate.parse("Fri Dec 20 16:52:25 +0000 2013"))
        try project.build()
        let home = try project.page("index.html")
        #expect(home.contains("newest data 2013-12-20 16:52 UTC"))
        // Searches and archives are imported, not fetched: old tweets are no sign of a missed fetch.
        #expect(!home.contains("more than a week old"))
    }
}
