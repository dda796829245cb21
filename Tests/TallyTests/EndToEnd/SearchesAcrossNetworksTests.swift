import Foundation
import Testing
@testable import Tally

/// From files of several networks to built pages: a search per term and network, and a term
/// searched on several networks with its combined page.
@Suite("End to end: a term searched on several networks")
struct SearchesAcrossNetworksTests {
    private func hashtagCounts(_ project: TestProject, _ path: String) throws -> [String: Int] {
        let rows = try JSONSerialization.jsonObject(with: Data(try project.page(path).utf8)) as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: rows.map { (($0["hashtag"] as! String).lowercased(), $0["posts"] as! Int) })
    }

    @Test("generated Mastodon and Bluesky pages of one term, in several cases and fetched twice, build a page per network and a combined page whose counts match the oracle")
    func generatedPagesMatchTheOracle() throws {
        let project = TestProject()
        var expected: [PostNetwork: [String: Set<String>]] = [:]
        for page in 0..<3 {
            let numbers = Array((page * 12)..<(page * 12 + 18))
            var m = NetworkPopularityTests.Generator(state: 7 &+ UInt64(page)), b = NetworkPopularityTests.Generator(state: 11 &+ UInt64(page))
            let mastodon = NetworkPopularityTests.mastodonPage(numbers, generator: &m)
            let bluesky = NetworkPopularityTests.blueskyPage(numbers, generator: &b)
            try project.folder.write(["m\(page).json": mastodon.json, "b\(page).json": bluesky.json])
            for (key, tags) in mastodon.counted where expected[.mastodon]?[key] == nil { expected[.mastodon, default: [:]][key] = tags }
            for (key, tags) in bluesky.counted where expected[.bluesky]?[key] == nil { expected[.bluesky, default: [:]][key] = tags }
        }
        try project.importFiles(["m0.json", "m1.json", "m2.json"], term: "#Swift")
        try project.importFiles(["b0.json", "b1.json", "b2.json"], term: "#SWIFT")
        try project.importFiles(["b2.json", "m1.json"], term: "#swift")
        try project.build()

        let folder = "searches/" + Routes.slug("#swift")
        for (network, posts) in expected {
            let oracle = NetworkPopularityTests.oracle(posts).filter { $0.value >= 2 }
            #expect(try hashtagCounts(project, "\(folder)/\(network.rawValue)/hashtags.json") == oracle, "\(network)")
            let page = try project.page("\(folder)/\(network.rawValue)/index.html")
            #expect(page.contains("<h1>Popularity of #Swift on \(network.label)</h1>") || page.contains("<h1>Popularity of #SWIFT on \(network.label)</h1>"))
            #expect(page.contains("href=\"../../../\(folder)/everywhere/index.html\">"), "each network's page links to the combined page")
            #expect(page.contains("\(posts.count) posts stored for this search"))
        }
        let every = expected[.mastodon]!.merging(expected[.bluesky]!) { first, _ in first }
        #expect(try hashtagCounts(project, "\(folder)/everywhere/hashtags.json") == NetworkPopularityTests.oracle(every).filter { $0.value >= 2 })
        let combined = try project.page("\(folder)/everywhere/index.html")
        #expect(combined.contains("everywhere</h1>"))
        #expect(combined.contains("\(every.count) posts stored for"))
        #expect(combined.contains("<a href=\"../../../\(folder)/mastodon/index.html\">Mastodon</a>"))
        #expect(combined.contains("<a href=\"../../../\(folder)/bluesky/index.html\">Bluesky</a>"))
        // No Twitter search of the term: no page where it would be.
        #expect(!project.folder.exists("public/\(folder)/index.html"))
        // The history: each term and network once, with its badge.
        let history = try project.page("searches/index.html")
        #expect(history.components(separatedBy: "<span class=\"network-badge network-mastodon\">Mastodon</span>").count == 2)
        #expect(history.components(separatedBy: "<span class=\"network-badge network-bluesky\">Bluesky</span>").count == 2)
    }

    @Test("the real Mastodon tag timeline #hoot and a Bluesky searchPosts page given --term '#hoot' build both searches and the combined page")
    func realFixtures() throws {
        let project = TestProject()
        try FileManager.default.copyItem(at: NetworkFixture.shared("mastodon_api", "mastodonpy__test_hashtag_tl__02_api_v1_timelines_tag_hoot.body.json"),
                                         to: project.folder.url.appendingPathComponent("hoot.json"))
        try FileManager.default.copyItem(at: NetworkFixture.shared("bluesky_api", "bskyr__f_search__00_xrpc_app.bsky.feed.searchPosts_q_redistricting.body.json"),
                                         to: project.folder.url.appendingPathComponent("search.json"))
        try project.importFiles(["hoot.json"])
        try project.importFiles(["search.json"], term: "#Hoot")
        try project.build()
        let terms = try project.store.allTerms()
        #expect(Set(terms.map(\.network)) == [.mastodon, .bluesky])
        #expect(terms.allSatisfy { $0.folded == "#hoot" && $0.tweetCount > 0 })
        let folder = "searches/" + Routes.slug("#hoot")
        for name in ["mastodon/index.html", "bluesky/index.html", "everywhere/index.html", "everywhere/hashtags.csv", "everywhere/users.json",
                     "mastodon/tweets/index.html", "bluesky/tweets/index.html"] {
            #expect(project.folder.exists("public/\(folder)/\(name)"), "\(name)")
        }
        let total = terms.map(\.tweetCount).reduce(0, +)
        #expect(try project.page("\(folder)/everywhere/index.html").contains("\(total) posts stored for #"))
        #expect(try project.page("\(folder)/bluesky/tweets/index.html").contains("<h1>Posts for #Hoot on Bluesky</h1>"))

        // The site search finds each network's search, the combined page, and the posts as posts.
        var documents: [SearchDocument] = []
        try TwitterSearchDocuments.produce(try project.store) { documents.append($0) }
        let searches = documents.filter { $0.kind == TwitterSearchDocuments.searchTerm }
        #expect(searches.map(\.path).suffix(3) == terms.sorted { $0.id < $1.id }.map(Routes.popularity) + [Routes.popularityEverywhere("#hoot")])
        #expect(searches.last?.title.hasSuffix(" everywhere") == true)
        #expect(!documents.contains { $0.kind == TwitterSearchDocuments.tweet })
        #expect(documents.filter { $0.kind == TwitterSearchDocuments.post }.count >= total)
    }
}
