import Foundation
import Testing
@testable import Tally

/// Replies, reposts, quotes and likes: stored from every format that counts them, NULL from one
/// that does not, taken from the newest import of a post, and shown on its card in its network's
/// words.
@Suite("Post counts")
struct PostCountsTests {
    private func counts(_ project: TestProject) throws -> [String: PostCounts] {
        Dictionary(uniqueKeysWithValues: try project.store.allTweets().map { ($0.id, $0.counts) })
    }

    private func importing(_ urls: [URL], into project: TestProject, options: ImportOptions = [:]) throws {
        let importer = Importer(store: try project.store, options: options)
        for url in urls { _ = try importer.importPath(url, displayName: url.lastPathComponent) }
    }

    @Test("Twitter v1.1 and v2 store their counts; a retweet keeps none of its own, its original keeps the original's")
    func twitter() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        try importing([data.appendingPathComponent("rstats-extended.json"), data.appendingPathComponent("brexit.jsonl")], into: project)
        let stored = try counts(project)
        // v1.1 standard search: no reply or quote count.
        #expect(stored["1589632502309990401"] == PostCounts(reposts: 77, likes: 408))
        // A retweet's own fields repeat its original's retweets and say 0 likes.
        #expect(stored["1590090868878635008"] == PostCounts())
        #expect(stored["1562609631402176512"] == PostCounts(reposts: 16, likes: 9))
        // v2's public_metrics, all four.
        #expect(stored["1440715453102387206"] == PostCounts(replies: 0, reposts: 0, quotes: 0, likes: 1))
    }

    @Test("an archive's tweets.js gives its counts as strings; they are stored as numbers")
    func archive() throws {
        let file = Fixture.shared.appendingPathComponent("twitter_archive/denchi_tweet.js")
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let project = TestProject()
        try importing([file], into: project, options: [TwitterArchive.namedOwnerKey: "@denchi"])
        #expect(try counts(project)["1221130902635458567"] == PostCounts(reposts: 6, likes: 35))
    }

    @Test("Mastodon statuses and Bluesky posts store theirs; a Mastodon export, which has none, stores NULL")
    func otherNetworks() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        try importing([data.appendingPathComponent("mastodon-search-halcy.json"), data.appendingPathComponent("bluesky-quotes.json")], into: project)
        let stored = try counts(project)
        #expect(stored["https://social.sublingual.xyz/users/Jo/statuses/116388107097123650"] == PostCounts(replies: 0, reposts: 1, quotes: 0, likes: 4))
        #expect(stored["at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/3lc5d6zspys2c"] == PostCounts(replies: 3, reposts: 3, quotes: 2, likes: 12))
        let export = Fixture.shared.appendingPathComponent("mastodon_archive/fossilizer__outbox.json")
        guard FileManager.default.fileExists(atPath: export.path) else { return }
        let before = stored.count
        try importing([export], into: project)
        let after = try counts(project)
        #expect(after.count > before)
        #expect(after.filter { stored[$0.key] == nil }.allSatisfy { $0.value.isEmpty })
    }

    @Test("a post imported again takes the newer import's counts, keeping a count the newer one leaves out")
    func newerImportWins() throws {
        let project = TestProject()
        func page(_ fields: String) -> String {
            Synthetic.searchPage(query: "a", [TweetSpec(id: "1", text: "counted")]).replacingOccurrences(of: "\"id_str\":\"1\"", with: "\"id_str\":\"1\"," + fields)
        }
        try project.folder.write(["a.json": page("\"favorite_count\":3,\"retweet_count\":1,\"reply_count\":2"),
                                  "b.json": page("\"favorite_count\":5,\"retweet_count\":1"),
                                  "c.json": page("\"favorite_count\":0")])
        try project.importFiles(["a.json"])
        #expect(try counts(project)["1"] == PostCounts(replies: 2, reposts: 1, likes: 3))
        try project.importFiles(["b.json"])
        #expect(try counts(project)["1"] == PostCounts(replies: 2, reposts: 1, likes: 5))
        try project.importFiles(["c.json"])
        #expect(try counts(project)["1"] == PostCounts(replies: 2, reposts: 1, likes: 0))
    }

    @Test("a post twice in one page is stored once, with the later copy's counts, among posts stored many to a statement")
    func twiceInOnePage() throws {
        let project = TestProject()
        // 70 posts, more than one statement's worth, with post 1 again after post 2 (and 5 as the last).
        var specs = (1...70).map { TweetSpec(id: "\($0)", text: "post \($0) #tag\($0 % 3)") }
        specs.insert(TweetSpec(id: "101", text: "post 1 #tag1"), at: 2)
        specs.append(TweetSpec(id: "105", text: "post 5 #tag2"))
        let page = Synthetic.searchPage(query: "a", specs)
            .replacingOccurrences(of: "\"id_str\":\"1\"", with: "\"id_str\":\"1\",\"favorite_count\":3")
            .replacingOccurrences(of: "\"id_str\":\"101\"", with: "\"id_str\":\"1\",\"favorite_count\":7")
            .replacingOccurrences(of: "\"id_str\":\"105\"", with: "\"id_str\":\"5\",\"reply_count\":4")
        try project.folder.write(["page.json": page])
        try project.importFiles(["page.json"])
        let stored = try counts(project)
        #expect(stored.count == 70)
        #expect(stored["1"] == PostCounts(likes: 7))
        #expect(stored["5"] == PostCounts(replies: 4))
        #expect(try project.store.tableCounts()["term_tweet"] == 70)
        #expect(try project.store.tableCounts()["tweet_tag"] == 70)
    }

    @Test("the card says the counts in its network's words, plural-correct, leaving out 0 and unknown")
    func words() {
        let counts = PostCounts(replies: 1, reposts: 2, quotes: 0, likes: 1_234)
        #expect(counts.phrases(on: .twitter) == ["1 reply", "2 retweets", "1,234 likes"])
        #expect(counts.phrases(on: .mastodon) == ["1 reply", "2 boosts", "1,234 favourites"])
        #expect(PostCounts(reposts: 1, quotes: 3, likes: 1).phrases(on: .bluesky) == ["1 repost", "3 quotes", "1 like"])
        #expect(PostCounts(replies: 0, reposts: 0, likes: 0).phrases(on: .twitter).isEmpty)
        #expect(PostCounts().phrases(on: .twitter).isEmpty)
    }

    @Test("the card and the post's page show the counts as text; a quoted post and a post without counts show none")
    func onTheCard() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        try importing([data.appendingPathComponent("bluesky-quotes.json"), data.appendingPathComponent("mastodon-search-halcy.json")], into: project)
        try project.build()
        let page = try project.page(Routes.tweet("at://did:plc:wpe35pganb6d4pg4ekmfy6u5/app.bsky.feed.post/3lc5d6zspys2c"))
        #expect(page.contains("<p class=\"tweet-context tweet-counts\">3 replies · 3 reposts · 2 quotes · 12 likes</p>"))
        #expect(try project.page(Routes.allTweets()).contains("<p class=\"tweet-context tweet-counts\">1 boost · 4 favourites</p>"))
        // It quotes another post, shown inside its card without that post's counts.
        let quote = try #require(page.firstMatch(of: /<blockquote class="tweet-quote">.*?<\/blockquote>/))
        #expect(!quote.output.contains("tweet-counts"))
        // A post with no counts in its document (the export's) has no counts line.
        try project.folder.write(["a.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "7", text: "no counts")])])
        try project.importFiles(["a.json"])
        try project.build()
        #expect(try !project.page(Routes.tweet("7")).contains("tweet-counts"))
    }
}
