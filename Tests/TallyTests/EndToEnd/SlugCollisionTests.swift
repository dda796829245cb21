import Foundation
import Testing
@testable import Tally

/// Names built to read exactly like another name's hashed slug (issue 22, item 5): before, the
/// second page of each pair stopped the build with "cannot be created (File exists)".
@Suite("Names built to collide as slugs")
struct SlugCollisionTests {
    /// A v1 status with its hashtags given as entities, as they come (`the-rock-…` is no hashtag
    /// Twitter would extract from text, but a file may say so).
    static func status(id: String, text: String, user: String, hashtags: [String]) -> [String: Any] {
        var entities: [[String: Any]] = []
        for tag in hashtags {
            let start = text.range(of: "#" + tag).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
            entities.append(["text": tag, "indices": [start, start + tag.count + 1]])
        }
        return ["id_str": id, "text": text, "created_at": "Fri Dec 20 16:52:25 +0000 2013",
                "user": ["id_str": "u-\(user)", "screen_name": user, "name": "Name of \(user)"],
                "entities": ["hashtags": entities, "user_mentions": [], "urls": []]]
    }

    static func searchPage(query: String, _ statuses: [[String: Any]]) throws -> String {
        let page: [String: Any] = ["statuses": statuses,
                                   "search_metadata": ["query": query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!]]
        return String(decoding: try JSONSerialization.data(withJSONObject: page, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("a search term, a screen name, a tweet id and a hashtag each next to one reading like its slug: the build succeeds and each has its own page")
    func pairs() throws {
        // Each forged name is what the other name's slug was, and still is.
        let term = "#freebandnames", forgedTerm = Routes.slug(term)
        let user = "the_rock", forgedUser = Routes.slug(user)
        let id = "9.5", forgedID = Routes.idSlug(id)
        let tag = "the_rock", forgedTag = Routes.slug(tag)
        #expect(forgedTerm == "freebandnames-daaa54aaad36" && forgedUser.hasPrefix("the-rock-") && forgedID.hasPrefix("9-5-"))

        let project = TestProject()
        try project.folder.write([
            "a.json": try Self.searchPage(query: term, [
                Self.status(id: "101", text: "#freebandnames #\(tag) one", user: user, hashtags: ["freebandnames", tag]),
                Self.status(id: id, text: "#\(tag) tweet nine point five", user: user, hashtags: [tag]),
            ]),
            "b.json": try Self.searchPage(query: forgedTerm, [
                Self.status(id: "102", text: "#\(forgedTag) forged three", user: forgedUser, hashtags: [forgedTag]),
                Self.status(id: forgedID, text: "#\(forgedTag) forged tweet", user: forgedUser, hashtags: [forgedTag]),
            ]),
        ])
        try project.importFiles(["a.json", "b.json"])
        let terms = try project.store.allTerms()
        #expect(Set(terms.map(\.text)) == [term, forgedTerm])
        try project.build()

        func distinctPages(_ first: String, _ second: String, _ firstShows: String, _ secondShows: String) throws {
            #expect(first != second)
            let one = try project.page(first), two = try project.page(second)
            #expect(one.contains(firstShows) && !one.contains(secondShows), "\(first)")
            #expect(two.contains(secondShows), "\(second)")
        }
        let a = try #require(terms.first { $0.text == term }), b = try #require(terms.first { $0.text == forgedTerm })
        try distinctPages(Routes.popularity(a), Routes.popularity(b), "Popularity of #freebandnames", "Popularity of \(forgedTerm)")
        try distinctPages(Routes.termTweets(a), Routes.termTweets(b), "tweet nine point five", "forged tweet")
        try distinctPages(Routes.person(user), Routes.person(forgedUser), "Name of \(user)", "Name of \(forgedUser)")
        #expect(try project.folder.read("public/" + Routes.contactCard(forgedUser)).contains(forgedUser))
        try distinctPages(Routes.tweet(id), Routes.tweet(forgedID), "tweet nine point five", "forged tweet")
        try distinctPages(Routes.hashtag(tag), Routes.hashtag(forgedTag), "#\(tag)", "#\(forgedTag)")
        #expect(try PruneTests.brokenLinks(project.siteFiles()).isEmpty)
    }
}

extension SlugCollisionTests {
    @Test("two timelines named alike but for case are one timeline, with one page holding both files' tweets")
    func timelinesByCase() throws {
        let project = TestProject()
        try project.folder.write([
            "a.json": "[" + Synthetic.statusJSON(id: "1", text: "first news", user: "ann") + "]",
            "b.json": "[" + Synthetic.statusJSON(id: "2", text: "second news", user: "bob") + "]",
        ])
        for (file, name) in [("a.json", "News"), ("b.json", "news")] {
            _ = try Importer(store: try project.store, options: ImportOptions(["timeline": name]))
                .importFile(project.folder.url.appendingPathComponent(file), displayName: file)
        }
        let timelines = try project.store.timelines()
        #expect(timelines.map(\.name) == ["News"] && timelines.first?.tweetCount == 2)
        try project.build()
        let page = try project.page(Routes.timeline("news"))
        #expect(page.contains("first news") && page.contains("second news"))
    }
}
