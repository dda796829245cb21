import Foundation
import Testing
@testable import Tally

/// A section's short lists are read a batch at a time, a long one by its planner alone.
@Suite("Tweet lists prefetched in batches")
struct TweetListPrefetchTests {
    @Test("lists next to each other go together up to the batch's posts; a longer one is read alone; each batch holds its lists' posts")
    func batches() throws {
        let project = TestProject()
        let users = ["ann", "bob", "cat", "dan", "eve"]
        // ann 1 post, bob 2, … eve 5: 15 posts, each tagged with its author's hashtag.
        let specs = users.enumerated().flatMap { index, user in
            (1...(index + 1)).map { TweetSpec(id: "\(index * 10 + $0)", text: "post \($0) #\(user)tag", user: user) }
        }
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", specs)])
        try project.importFiles(["a.json"])
        let store = try project.store
        let ids = try users.map { user in try #require(store.allUsers().first { $0.screenName == user }).id }
        // As a section would count them, with the third list longer than a batch holds.
        let counts = [1, 2, TweetListPrefetch.postLimit + 1, 4, TweetListPrefetch.postLimit - 4]
        var prefetch = TweetListPrefetch(store: store, kind: .authors, keys: ids, counts: counts)
        let first = try #require(try prefetch.batch(at: 0))
        #expect(Set(first.tweets.keys) == Set(ids[0...1]))
        #expect(first.tweets[ids[1]]?.map(\.id) == ["12", "11"])
        #expect(try prefetch.batch(at: 1)?.tweets.keys.sorted() == first.tweets.keys.sorted())
        #expect(try prefetch.batch(at: 2) == nil)
        // 4 + (limit - 4) posts: the last two fit one batch exactly.
        let last = try #require(try prefetch.batch(at: 3))
        #expect(Set(last.tweets.keys) == Set(ids[3...4]))
        #expect(last.daily[ids[4]]?.map(\.count) == [5])
        #expect(try prefetch.batch(at: 4)?.tweets[ids[4]]?.count == 5)

        var tags = TweetListPrefetch(store: store, kind: .hashtags, keys: users.map { $0 + "tag" }, counts: [1, 2, 3, 4, 5])
        let all = try #require(try tags.batch(at: 0))
        #expect(all.tweets.mapValues(\.count) == ["anntag": 1, "bobtag": 2, "cattag": 3, "dantag": 4, "evetag": 5])
        #expect(Set(all.chunk.tweets.map(\.id)).count == 15)
    }
}
