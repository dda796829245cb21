import Foundation
import Testing
@testable import Tally

/// Many short lists read at once hold what each list read on its own holds.
@Suite("Tweet lists read in batches")
struct TweetListBatchTests {
    /// What a post's card and feed entry read from a chunk (`PostCard`, `TweetFeed`), comparable
    /// between chunks: the original it reposts, and of the post shown and the one it quotes, the
    /// reply's parent and the media; with the searches that found the post.
    private func seen(_ tweet: StoredTweet, in chunk: TweetChunk) -> [String] {
        func post(_ post: StoredTweet?) -> String {
            guard let post else { return "-" }
            return "\(post.id) \(post.text.text) parent \(post.replyTo.map(chunk.parents.contains) ?? false) media \((chunk.media[post.id] ?? []).map(\.imageURL))"
        }
        let original = tweet.retweetOf.flatMap { chunk.referenced[$0] }
        let shown = original ?? tweet
        return ["searches \(chunk.termIDs[tweet.id] ?? [])", "original \(post(original))", "shown \(post(shown))",
                "quoted \(post(shown.quotes.flatMap { chunk.referenced[$0] }))"]
    }

    /// Every list's posts, days and chunk lookups, read in batches of `size` lists and one by one.
    private func compare(_ store: Store, kind: TweetListBatch.Kind, keys: [String], filter: (String) -> TweetFilter, size: Int) throws -> Int {
        var compared = 0
        for start in stride(from: 0, to: keys.count, by: size) {
            let batchKeys = Array(keys[start..<min(keys.count, start + size)])
            let batch = try store.tweetLists(kind, keys: batchKeys)
            for key in batchKeys {
                var alone: [(StoredTweet, TweetChunk)] = []
                try store.forEachTweetChunk(filter(key), size: 7) { chunk in alone += chunk.tweets.map { ($0, chunk) } }
                let listed = batch.tweets[key] ?? []
                #expect(listed.map(\.id) == alone.map(\.0.id), "\(key)")
                #expect(listed.map(\.text.text) == alone.map(\.0.text.text), "\(key)")
                let days = try store.tweetsPer(.day, filter(key))
                #expect((batch.daily[key] ?? []).map { "\($0.key) \($0.count)" } == days.map { "\($0.key) \($0.count)" }, "\(key)")
                for (tweet, chunk) in alone {
                    #expect(seen(tweet, in: batch.chunk) == seen(tweet, in: chunk), "\(tweet.id)")
                    compared += 1
                }
            }
        }
        return compared
    }

    @Test("every person's and hashtag's posts, days, originals, replies, media and searches, as each list reads them")
    func batchesMatchLists() throws {
        let project = TestProject()
        try project.importSampleContent()
        let store = try project.store
        let people = try store.people()
        let hashtags = try store.hashtags(minimum: 1)
        #expect(people.count > 100 && hashtags.count > 50)
        // Every list in batches of 37, the first few alone too.
        let posts = try compare(store, kind: .authors, keys: people.map(\.user.id), filter: { .author($0) }, size: 37)
        #expect(posts == people.reduce(0) { $0 + $1.tweetCount })
        #expect(try compare(store, kind: .hashtags, keys: hashtags.map(\.folded), filter: { .hashtag($0) }, size: 37) > 0)
        #expect(try compare(store, kind: .authors, keys: people.prefix(20).map(\.user.id), filter: { .author($0) }, size: 1) > 0)
        #expect(try compare(store, kind: .hashtags, keys: hashtags.prefix(20).map(\.folded), filter: { .hashtag($0) }, size: 1) > 0)
        // A key with no post, or none at all, reads nothing.
        let empty = try store.tweetLists(.authors, keys: ["no-such-user"])
        #expect(empty.tweets.isEmpty && empty.daily.isEmpty && empty.chunk.tweets.isEmpty)
        #expect(try store.tweetLists(.hashtags, keys: []).tweets.isEmpty)
    }
}
