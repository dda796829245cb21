import Foundation
import Testing
@testable import Tally

@Suite("The Twitter sections' first reads, started beside the home card")
struct TwitterPreludeTests {
    @Test("the prelude reads the clock and everyone with a page as the store's own reads do")
    func sameAsStore() throws {
        let project = TestProject()
        try project.folder.write([
            "a.json": Synthetic.searchPage(query: "q", [
                TweetSpec(id: "1", text: "#x hello @bob", user: "alice"),
                TweetSpec(id: "2", text: "#x again", user: "bob"),
            ]),
            "b.json": Synthetic.searchPage(query: "r", [
                TweetSpec(id: "3", text: "more from alice", user: "alice"),
            ]),
        ])
        try project.importFiles(["a.json", "b.json"])
        let store = try project.store
        let prelude = try TwitterPrelude(store: store)
        #expect(prelude.clock == (try store.twitterClock()))
        let everyone = try prelude.everyone()
        #expect(everyone.map(\.user.screenName) == (try store.people()).map(\.user.screenName))
        let alice = try #require(everyone.first { $0.user.screenName == "alice" })
        #expect(alice.tweetCount == 2 && alice.searchCount == 2)
        let bob = try #require(everyone.first { $0.user.screenName == "bob" })
        #expect(bob.tweetCount == 1 && bob.mentionCount == 1 && bob.searchCount == 1)
        // Every user, with what a card shows of each as `allUsers` reads it (and more).
        let users = try prelude.users().sorted { $0.id < $1.id }
        let stored = try store.allUsers()
        #expect(users.map(\.id) == stored.map(\.id))
        #expect(users.map { TwitterState.digest(of: $0) } == stored.map { TwitterState.digest(of: $0) })
        #expect(users.map(\.avatarURL) == stored.map(\.avatarURL) && users.map(\.name) == stored.map(\.name))
        #expect(try prelude.hashtags() == (try store.hashtags()))
        #expect(try prelude.hashtags().map(\.folded) == ["x"])
    }

    @Test("the sections take the prelude `prepare` lent, so a build reads the people once")
    func sectionsTakeIt() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "hi", user: "alice")])])
        try project.importFiles(["a.json"])
        let theme = try Theme.load(folder: Fixture.repository.appendingPathComponent("templates"))
        let context = SiteContext(store: try project.store, siteTitle: "T", builtAt: 1_700_000_000, baseURL: nil, settings: [:],
                                  cacheFolder: nil, warn: nil, progress: nil, theme: theme)
        let source = TwitterSource()
        try source.prepare(context)
        #expect(context.memory.shared(TwitterPrelude.self, for: TwitterPrelude.key) != nil)
        let sections = try source.sections(context)
        #expect(!sections.isEmpty)
        #expect(context.memory.shared(TwitterPrelude.self, for: TwitterPrelude.key) == nil)
    }

    /// What a prelude reads of the store, beside what the store's own reads count.
    private func expectSameAsStore(_ prelude: TwitterPrelude, _ store: Store, after step: String) throws {
        #expect(try prelude.everyone() == (try store.people()), "after \(step)")
        #expect(try prelude.users() == (try store.peopleBeforeSearches().users), "after \(step)")
        #expect(try prelude.hashtags() == (try store.hashtags()), "after \(step)")
    }

    @Test("counts kept in the cache go on to what counting all reads: new posts, mentions, a stored post a new search found, a rename, namesakes")
    func keptCountsGoOn() throws {
        let project = TestProject()
        let cache = project.config.cacheURL
        try project.folder.write([
            "a.json": Synthetic.searchPage(query: "q", [
                TweetSpec(id: "1", text: "#x hello @bob", user: "alice"),
                TweetSpec(id: "2", text: "#x again", user: "bob"),
            ]),
            // Post 1 again, found by a new search; namesakes by case; a hashtag on one post, then on two.
            "b.json": Synthetic.searchPage(query: "r", [
                TweetSpec(id: "1", text: "#x hello @bob", user: "alice"),
                TweetSpec(id: "3", text: "#y #x to @robert and @dana", user: "Dana"),
                TweetSpec(id: "4", text: "#z by dana", user: "dana"),
                TweetSpec(id: "5", text: "#z again, @Dana", user: "dana"),
            ]),
            // bob (user u-bob) is robert now, whom post 3 named.
            "c.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "6", text: "renamed #y", user: "robert")])
                .replacingOccurrences(of: "u-robert", with: "u-bob"),
        ])
        var steps: [(file: String, wentOn: Bool)] = []
        for file in ["a.json", "b.json", "c.json"] {
            try project.importFiles([file])
            let store = try project.store
            let prelude = try TwitterPrelude(store: store, cacheFolder: cache)
            try expectSameAsStore(prelude, store, after: file)
            #expect(prelude.keeping?.value == true, "after \(file)")
            steps.append((file, try prelude.wentOnFromKept()))
        }
        #expect(steps.map(\.wentOn) == [false, true, true])
        let store = try project.store
        let robert = try #require(try TwitterPrelude(store: store, cacheFolder: cache).everyone().first { $0.user.id == "u-bob" })
        #expect(robert.user.screenName == "robert" && robert.tweetCount == 2 && robert.mentionCount == 1 && robert.searchCount == 1)
    }

    @Test("kept counts that do not add up to the store's rows, or from before a prune, are not gone on from: everything is counted again")
    func keptCountsChecked() throws {
        let project = TestProject()
        let cache = project.config.cacheURL
        try project.folder.write([
            "a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#x hello @bob", user: "alice"), TweetSpec(id: "2", text: "#x", user: "bob")]),
            "b.json": Synthetic.searchPage(query: "r", [TweetSpec(id: "3", text: "more", user: "carol")]),
        ])
        try project.importFiles(["a.json"])
        let store = try project.store
        #expect(try TwitterPrelude(store: store, cacheFolder: cache).keeping?.value == true)
        // Counts kept from other rows than these (a copy of the store changed otherwise).
        let file = TwitterCounts.file(in: cache, store: store.path)
        var kept = try #require(TwitterCounts.kept(at: file, store: store.path, clock: try store.twitterClock()))
        kept.users["u-alice"]?.tweets = 7
        #expect(kept.keep(at: file))
        let prelude = try TwitterPrelude(store: store, cacheFolder: cache)
        #expect(try !prelude.wentOnFromKept())
        try expectSameAsStore(prelude, store, after: "other rows")
        // A damaged file reads as none.
        #expect(prelude.keeping?.value == true)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)
        #expect(TwitterCounts.kept(at: file, store: store.path, clock: try store.twitterClock()) == nil)
        // A prune removes rows: counts kept before it are not gone on from.
        #expect(try TwitterPrelude(store: store, cacheFolder: cache).keeping?.value == true)
        try project.importFiles(["b.json"])
        _ = try store.prune(PrunePlan(limits: ["searches": 1]))
        let pruned = try TwitterPrelude(store: store, cacheFolder: cache)
        #expect(try !pruned.wentOnFromKept())
        try expectSameAsStore(pruned, store, after: "a prune")
    }
}
