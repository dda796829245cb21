/// Reads a section's short lists (people's, hashtags') a batch at a time, as the section plans
/// them in order: lists next to each other with at most `postLimit` posts in all go together
/// (`Store.tweetLists`); a longer list is read by its planner alone.
struct TweetListPrefetch {
    /// The most posts a batch holds: about ten pages of cards, as a long list's walk reads them.
    static let postLimit = 512
    /// The most lists a batch holds (people with no stored post cost nothing else).
    static let listLimit = 256

    let store: Store
    let kind: TweetListBatch.Kind
    /// The lists' keys (authors' ids, hashtags' folded names) and their sizes, in planning order.
    let keys: [String]
    let counts: [Int]
    private var batch: TweetListBatch?
    private var end = 0

    init(store: Store, kind: TweetListBatch.Kind, keys: [String], counts: [Int]) {
        self.store = store
        self.kind = kind
        self.keys = keys
        self.counts = counts
    }

    /// The batch holding list `index`, read when the walk reaches it; nil for a long list. Asked
    /// for the lists in order.
    mutating func batch(at index: Int) throws -> TweetListBatch? {
        guard index >= end else { return batch }
        guard counts[index] <= Self.postLimit else {
            batch = nil
            end = index + 1
            return nil
        }
        var last = index
        var posts = counts[index]
        while last + 1 < keys.count, last + 1 - index < Self.listLimit, posts + counts[last + 1] <= Self.postLimit {
            last += 1
            posts += counts[last]
        }
        batch = try store.tweetLists(kind, keys: Array(keys[index...last]))
        end = last + 1
        return batch
    }

    /// List `key`'s posts and chunk from `batch`, for its planner (`TweetListPlanner.preread`).
    static func preread(_ key: String, in batch: TweetListBatch) -> (tweets: [StoredTweet], chunk: TweetChunk) {
        (batch.tweets[key] ?? [], batch.chunk)
    }
}
