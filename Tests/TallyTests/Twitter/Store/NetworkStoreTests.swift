import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import Tally

/// Posts and people from several networks in one store: their networks, keys, people and hashtags.
@Suite("Networks in the store")
struct NetworkStoreTests {
    private func importText(_ text: String, into project: TestProject, term: String? = nil) throws -> ImportSummary {
        let name = "doc-\(UUID().uuidString).json"
        try project.folder.write([name: text])
        return try project.importFiles([name], term: term)[0]
    }

    @Test("a store written before networks keeps every tweet and user as Twitter's")
    func oldDataStaysTwitter() throws {
        let project = TestProject()
        try FileManager.default.copyItem(at: UpgradeTests.beforeSources, to: project.config.storeURL)
        let store = try project.store
        let networks = try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT network FROM tweet UNION SELECT DISTINCT network FROM user")
        }
        #expect(networks == ["twitter"])
        #expect(try store.allTweets().allSatisfy { $0.network == .twitter && $0.webURL == nil && $0.warning == nil })
    }

    @Test("a Mastodon status, a Bluesky post and a tweet with the same number never share a key")
    func keysNeverCollide() throws {
        let project = TestProject()
        let number = "110446223051565765"
        try project.folder.write(["tweets.json": Synthetic.searchPage(query: "x", [TweetSpec(id: number, text: "a tweet")])])
        try project.importFiles(["tweets.json"])
        _ = try importText(NetworkFixture.json([NetworkFixture.status(id: number, content: "<p>a status</p>")]), into: project)
        _ = try importText(NetworkFixture.json(["posts": [NetworkFixture.post(rkey: number, text: "a post")]]), into: project)
        let tweets = try project.store.allTweets()
        #expect(tweets.count == 3)
        #expect(Set(tweets.map(\.network)) == [.twitter, .mastodon, .bluesky])
        #expect(tweets.contains { $0.id == number && $0.network == .twitter })
        // A status whose uri is no address cannot take a tweet's key: the file is refused.
        var forged = NetworkFixture.status(id: "2", content: "<p>forged</p>")
        forged["uri"] = number
        #expect(throws: ImportError.self) { try importText(NetworkFixture.json([forged]), into: project) }
        #expect(try project.store.allTweets().count == 3)
    }

    @Test("#Swift on Mastodon and #swift on Bluesky are one hashtag, in the combined popularity table and the hashtag list")
    func hashtagsFoldAcrossNetworks() throws {
        let project = TestProject()
        let status = NetworkFixture.status(id: "1", content: "<p><a href=\"https://example.social/tags/Swift\" class=\"mention hashtag\">#<span>Swift</span></a> on Mastodon</p>")
        _ = try importText(NetworkFixture.json([status]), into: project, term: "swift")
        let text = "#swift on Bluesky"
        let post = NetworkFixture.post(rkey: "1", text: text, facets: [NetworkFixture.facet(text, "#swift", ["$type": "app.bsky.richtext.facet#tag", "tag": "swift"])])
        _ = try importText(NetworkFixture.json(["posts": [post]]), into: project, term: "swift")
        let store = try project.store
        // One search per network, each with its one post.
        let terms = try store.allTerms()
        #expect(terms.map(\.network).sorted { $0.rawValue < $1.rawValue } == [.bluesky, .mastodon])
        #expect(terms.allSatisfy { $0.folded == "swift" && $0.tweetCount == 1 })
        #expect(try store.popularity(of: terms[0].id, kind: .hashtag).rows.isEmpty)
        let rows = try store.popularity(across: terms.map(\.id), kind: .hashtag).rows
        #expect(rows.map(\.folded) == ["swift"])
        #expect(rows.first?.count == 2)
        #expect(rows.first?.display == "Swift")
        #expect(try store.hashtags().map(\.folded) == ["swift"])
    }

    @Test("people are one per account: a Mastodon account seen as local and as remote is one, a renamed Bluesky handle stays one person")
    func peopleIdentity() throws {
        let project = TestProject()
        // The same account from its own server (acct without instance) and from another one.
        var local = NetworkFixture.status(id: "1", content: "<p>one</p>", acct: "halcy", instance: "icosahedron.website")
        var remote = NetworkFixture.status(id: "2", content: "<p>two</p>", acct: "halcy", instance: "icosahedron.website")
        var account = remote["account"] as! [String: Any]
        account["acct"] = "halcy@icosahedron.website"
        remote["account"] = account
        local["uri"] = "https://icosahedron.website/users/halcy/statuses/1"
        _ = try importText(NetworkFixture.json([local, remote]), into: project)
        // A Bluesky account renamed between two fetches.
        _ = try importText(NetworkFixture.json(["posts": [NetworkFixture.post(rkey: "a", text: "old name", handle: "old.bsky.social")]]), into: project)
        _ = try importText(NetworkFixture.json(["posts": [NetworkFixture.post(rkey: "b", text: "new name", handle: "new.bsky.social")]]), into: project)
        // A Twitter user named like the Mastodon account's local part stays someone else.
        try project.folder.write(["tweets.json": Synthetic.searchPage(query: "x", [TweetSpec(id: "5", text: "hi", user: "halcy")])])
        try project.importFiles(["tweets.json"])
        let people = try project.store.people()
        #expect(people.map(\.user.screenName).sorted() == ["halcy", "halcy@icosahedron.website", "new.bsky.social"])
        #expect(people.first { $0.user.screenName == "halcy@icosahedron.website" }?.tweetCount == 2)
        #expect(people.first { $0.user.screenName == "new.bsky.social" }?.tweetCount == 2)
        #expect(people.first { $0.user.screenName == "new.bsky.social" }?.user.network == .bluesky)
        #expect(people.first { $0.user.screenName == "halcy" }?.user.network == .twitter)
    }

    @Test("the home card's counts: each network's posts, and every day's posts, before 1970 too")
    func homeCardCounts() throws {
        let project = TestProject()
        try project.importSampleContent()
        let store = try project.store
        // Two posts moved before 1970: the last second of 1969 and a day earlier.
        try store.queue.write { db in
            try db.execute(sql: "UPDATE tweet SET created_at = -1 WHERE id = (SELECT min(id) FROM tweet)")
            try db.execute(sql: "UPDATE tweet SET created_at = -86401 WHERE id = (SELECT max(id) FROM tweet)")
        }
        // Both as one grouping of the whole table says.
        let (networks, days) = try store.queue.read { db in
            (try Row.fetchAll(db, sql: "SELECT network, count(*) AS n FROM tweet GROUP BY network"),
             try Row.fetchAll(db, sql: "SELECT (created_at - ((created_at % 86400) + 86400) % 86400) / 86400 AS d, count(*) AS n FROM tweet GROUP BY d ORDER BY d"))
        }
        let totals = try store.totals()
        #expect(Set(totals.byNetwork.keys) == [.twitter, .mastodon, .bluesky])
        #expect(totals.byNetwork == Dictionary(uniqueKeysWithValues: networks.map { (PostNetwork(stored: $0["network"]), $0["n"] as Int) }))
        #expect(totals.byNetwork.values.reduce(0, +) == totals.tweets)
        let daily = try store.tweetsPer(.day, .all)
        #expect(daily.map(\.key) == days.map { UTCTime.dayText(($0["d"] as Int64) * 86_400) })
        #expect(daily.map(\.count) == days.map { $0["n"] as Int })
        #expect(daily.prefix(2).map(\.key) == ["1969-12-30", "1969-12-31"])
    }
}
