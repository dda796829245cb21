import Foundation
import Testing
@testable import Tally

/// A rebuild's lists read most posts only in part (`Store.tweetChunk(ids:whole:)`): their cards
/// and feed entries are kept from the previous build, so only their id, time and original are read.
@Suite("Tweet chunks read in part")
struct TweetChunkTests {
    /// Eight posts a minute apart: 2 and 3 retweet post 900, 6 retweets 901, 5 replies to 4.
    private func store() throws -> (Store, TestProject) {
        let project = TestProject()
        try project.folder.write(["a.json": RetweetGroupTests.page(Array(1...8), retweets: [2: "900", 3: "900", 6: "901"], replies: [5: 4])])
        try project.importFiles(["a.json"])
        return (try project.store, project)
    }

    @Test("named posts and retweets a page groups read as a whole read has them; the others by id, time and original, named partial")
    func partialChunk() throws {
        let (store, _) = try store()
        let ids = ["8", "7", "6", "5", "no-such-post", "3", "2", "1"]
        let whole = try store.tweetChunk(ids: ids)
        let part = try store.tweetChunk(ids: ids) { $0 == "5" || $0 == "8" }
        #expect(part.tweets.map(\.id) == ["8", "7", "6", "5", "3", "2", "1"])
        #expect(part.tweets.map(\.id) == whole.tweets.map(\.id))
        // 2 and 3 retweet one original, so a page shows them as a group, made from them whole.
        #expect(part.partial == ["7", "6", "1"])
        for (read, full) in zip(part.tweets, whole.tweets) {
            #expect(read.createdAt == full.createdAt && read.retweetOf == full.retweetOf, "\(read.id)")
            if part.partial.contains(read.id) {
                #expect(read.text.text.isEmpty && read.author == nil, "\(read.id)")
            } else {
                #expect(read == full, "\(read.id)")
            }
        }
        // What the posts read whole show beside them, and nothing for those read in part.
        #expect(part.referenced["900"] == whole.referenced["900"] && part.referenced["900"] != nil)
        #expect(part.referenced["901"] == nil && whole.referenced["901"] != nil)
        #expect(part.parents == ["4"] && whole.parents == ["4"])
        #expect(try store.tweetChunk(ids: ids) { _ in true }.partial.isEmpty)
        #expect(try store.tweetChunk(ids: ["no-such-post"]) { _ in false }.tweets.isEmpty)
    }

    @Test("a post read in part makes neither a card nor a feed entry; a feed without its entry asks for it whole")
    func partialMakesNothing() throws {
        let (store, _) = try store()
        let directory = TwitterDirectory(terms: try store.allTerms(), people: try store.people(), hashtags: try store.hashtags())
        let cards = PostCards(theme: try Theme.load(folder: nil), directory: directory)
        let part = try store.tweetChunk(ids: ["8", "7"]) { $0 == "8" }
        #expect(part.partial == ["7"])
        #expect(cards.needsWhole("7", feed: false) && cards.needsWhole("7", feed: true))
        #expect(throws: PostCardError.self) { try cards.prepare(part) }
        #expect(cards.feed(page: "all-tweets/index.html", heading: "All", site: "Site", posts: part.tweets.map { ($0, part) }) == nil)
        // Read whole, the same posts make both; a card made once needs no second reading.
        let whole = try store.tweetChunk(ids: ["8", "7"])
        try cards.prepare(whole)
        #expect(!cards.needsWhole("7", feed: false))
        let feed = try #require(cards.feed(page: "all-tweets/index.html", heading: "All", site: "Site", posts: whole.tweets.map { ($0, whole) }))
        #expect(feed.entries.map(\.title) == ["Person 8 (@p8): plain 8", "Person 7 (@p7): plain 7"])
    }
}
