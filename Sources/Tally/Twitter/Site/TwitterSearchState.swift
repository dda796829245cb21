/// What the site search's posts, people and hashtags were made from in one build, kept for the
/// next (`BuildMemory`, under `key`): a rebuild after an import then continues the posts' block
/// of the index with the posts stored since (`SearchContinuation`), and the people's and
/// hashtags' documents from where these left them, instead of reading and tokenising every post.
struct TwitterSearchState: Equatable {
    static let key = "twitter-search"
    /// Under this key the continuation check lends the previous state it decoded.
    static let continuedKey = "twitter-search:continued"

    /// The store and its clock when the documents were read.
    var store: String
    var clock: TwitterClock
    /// How many posts were indexed: the posts' block.
    var posts: Int = 0
    /// The last of them, in the index's order.
    var last: Place?
    /// Per author (user id) and per hashtag (folded): their newest post, and the place of their
    /// first among those of their kind (the order their documents come in).
    var people: [String: Newest] = [:]
    var hashtags: [String: Newest] = [:]
    /// The people's and the hashtags' documents as handed over, in order: a rebuild revisits
    /// those blocks (`SearchContinuation.revisits`) and makes again only the documents whose
    /// digests changed.
    var peopleDocuments: [DocumentDigest] = []
    var hashtagDocuments: [DocumentDigest] = []

    /// What a document was made from: its words (title and body), and the rest of its record.
    struct DocumentDigest: Equatable {
        var words: UInt64
        var rest: UInt64
    }

    struct Place: Equatable {
        var createdAt: Int64
        var id: String
    }

    struct Newest: Equatable {
        var tweetID: String
        var date: Int64
        var display: String
        var first: Int
    }

    init(store: String, clock: TwitterClock) {
        self.store = store
        self.clock = clock
    }

    /// Takes in one more post, after every post it took before.
    mutating func add(_ row: SearchableTweet, display author: String) {
        posts += 1
        last = Place(createdAt: row.createdAt, id: row.id)
        if let id = row.authorID {
            people[id] = Newest(tweetID: row.id, date: row.createdAt, display: author, first: people[id]?.first ?? people.count)
        }
        for tag in row.hashtags {
            let folded = tag.lowercased()
            hashtags[folded] = Newest(tweetID: row.id, date: row.createdAt, display: "#" + tag, first: hashtags[folded]?.first ?? hashtags.count)
        }
    }

    var encoded: [UInt8] {
        var out = StateBytes()
        out.append(store)
        clock.append(to: &out)
        out.append(UInt64(posts))
        out.append(last?.createdAt ?? 0)
        out.append(last?.id ?? "")
        for map in [people, hashtags] {
            out.append(UInt64(map.count))
            for (key, newest) in Self.inOrder(map) {
                out.append(key)
                out.append(newest.tweetID)
                out.append(newest.date)
                out.append(newest.display)
                out.append(UInt64(newest.first))
            }
        }
        for documents in [peopleDocuments, hashtagDocuments] {
            out.append(UInt64(documents.count))
            for digest in documents {
                out.append(digest.words)
                out.append(digest.rest)
            }
        }
        return out.bytes
    }

    /// The entries of `people` or `hashtags` in the order they came (`first`, then the key).
    ///
    /// Each entry's `first` is its own place among them, so each is put in its place: sorting
    /// 35,000 people and hashtags at 100,000 posts was a fiftieth of a rebuild's search thread,
    /// done twice. A map whose places are not exactly those (a damaged state read back) is sorted.
    static func inOrder(_ map: [String: Newest]) -> [(key: String, value: Newest)] {
        var placed = [(key: String, value: Newest)?](repeating: nil, count: map.count)
        for entry in map {
            guard placed.indices.contains(entry.value.first), placed[entry.value.first] == nil else {
                return map.sorted { ($0.value.first, $0.key) < ($1.value.first, $1.key) }
            }
            placed[entry.value.first] = entry
        }
        return placed.map { $0! }
    }

    /// The state `encoded` wrote, or nil for bytes it did not.
    init?(decoding bytes: [UInt8]) {
        var reader = StateReader(bytes)
        guard let store = reader.text(), let clock = TwitterClock(reading: &reader),
              let posts = reader.number(), let lastDate = reader.integer(), let lastID = reader.text() else { return nil }
        self.store = store
        self.clock = clock
        self.posts = Int(posts)
        last = posts == 0 ? nil : Place(createdAt: lastDate, id: lastID)
        var maps: [[String: Newest]] = []
        for _ in 0..<2 {
            guard let count = reader.number(), count <= UInt64(bytes.count) else { return nil }
            var map: [String: Newest] = [:]
            // Each entry is at least 40 bytes (five 8-byte fields): a damaged count reserves no more than the bytes could hold.
            map.reserveCapacity(Int(min(count, UInt64(bytes.count / 40))))
            for _ in 0..<count {
                guard let key = reader.text(), let tweetID = reader.text(), let date = reader.integer(), let display = reader.text(),
                      let first = reader.number() else { return nil }
                map[key] = Newest(tweetID: tweetID, date: date, display: display, first: Int(first))
            }
            maps.append(map)
        }
        var lists: [[DocumentDigest]] = []
        for _ in 0..<2 {
            guard let count = reader.number(), count <= UInt64(bytes.count / 16) else { return nil }
            var list: [DocumentDigest] = []
            list.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let words = reader.number(), let rest = reader.number() else { return nil }
                list.append(DocumentDigest(words: words, rest: rest))
            }
            lists.append(list)
        }
        guard reader.isAtEnd else { return nil }
        people = maps[0]
        hashtags = maps[1]
        peopleDocuments = lists[0]
        hashtagDocuments = lists[1]
    }
}
