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
}
