import Foundation
import Testing
@testable import Tally

/// The popularity rules on Mastodon and Bluesky posts, against an oracle: made-up pages with
/// hashtags in several cases, boosts and reposts, pages that overlap and files fetched twice.
@Suite("Popularity across networks")
struct NetworkPopularityTests {
    /// A small deterministic generator, so that every run checks the same pages.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static let tags = ["Swift", "swift", "SWIFT", "Ärger", "ärger", "Rust", "rust", "Go", "Zig", "Elm"]

    /// A page of posts: its JSON, and for each post it counts (by key) the folded tags it carries.
    struct Page {
        var json: String
        var counted: [String: Set<String>]
    }

    static func mastodonPage(_ numbers: [Int], generator: inout Generator) -> Page {
        var statuses: [[String: Any]] = []
        var counted: [String: Set<String>] = [:]
        for number in numbers {
            let chosen = (0..<generator.next(4)).map { _ in tags[generator.next(tags.count)] }
            let html = "<p>post \(number) " + chosen.map { "<a href=\"https://example.social/tags/\($0)\" class=\"mention hashtag\">#<span>\($0)</span></a>" }
                .joined(separator: " ") + "</p>"
            var status = NetworkFixture.status(id: "\(100_000_000_000_000_000 + number)", content: html, acct: "user\(number % 5)")
            if generator.next(4) == 0 {
                // A boost: the booster's status wraps the original, whose tags it carries.
                let boost = NetworkFixture.status(id: "\(200_000_000_000_000_000 + number)", content: "", acct: "booster", extra: ["reblog": status])
                status = boost
            }
            counted[status["uri"] as! String] = Set(chosen.map { $0.lowercased() })
            statuses.append(status)
        }
        return Page(json: NetworkFixture.json(statuses), counted: counted)
    }

    static func blueskyPage(_ numbers: [Int], generator: inout Generator) -> Page {
        var feed: [[String: Any]] = []
        var counted: [String: Set<String>] = [:]
        for number in numbers {
            let chosen = (0..<generator.next(4)).map { _ in tags[generator.next(tags.count)] }
            let text = "post \(number) " + chosen.map { "#" + $0 }.joined(separator: " ")
            var facets: [[String: Any]] = []
            var searchFrom = text.startIndex
            for tag in chosen {
                let range = text.range(of: "#" + tag, range: searchFrom..<text.endIndex)!
                let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                facets.append(["index": ["byteStart": start, "byteEnd": start + ("#" + tag).utf8.count],
                               "features": [["$type": "app.bsky.richtext.facet#tag", "tag": tag]]])
                searchFrom = range.upperBound
            }
            let post = NetworkFixture.post(rkey: "p\(number)", text: text, did: "did:plc:user\(number % 5)", handle: "user\(number % 5).bsky.social", facets: facets)
            var item: [String: Any] = ["post": post]
            var key = post["uri"] as! String
            if generator.next(4) == 0 {
                item["reason"] = ["$type": "app.bsky.feed.defs#reasonRepost", "by": ["did": "did:plc:reposter", "handle": "reposter.bsky.social"],
                                  "indexedAt": "2026-01-03T00:00:00Z"]
                key += "#repost-by-did:plc:reposter"
            }
            counted[key] = Set(chosen.map { $0.lowercased() })
            feed.append(item)
        }
        return Page(json: NetworkFixture.json(["feed": feed]), counted: counted)
    }

    /// Per folded hashtag, how many of these posts carry it: the oracle, counted from the pages.
    static func oracle(_ posts: [String: Set<String>]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for tags in posts.values { for tag in tags { counts[tag, default: 0] += 1 } }
        return counts
    }

    static func expectPopularity(_ popularity: Popularity, _ oracle: [String: Int], _ comment: Comment) {
        #expect(Dictionary(uniqueKeysWithValues: popularity.rows.map { ($0.folded, $0.count) }) == oracle.filter { $0.value >= 2 }, comment)
        #expect(popularity.hiddenSingles == oracle.filter { $0.value == 1 }.count, comment)
        // Most first, ties by folded name in code-point order.
        #expect(popularity.rows.map(\.folded) == popularity.rows.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.folded.unicodeScalars.lexicographicallyPrecedes($1.folded.unicodeScalars)
        }.map(\.folded), comment)
        // Case variants are one mention, in whichever spelling was counted first.
        #expect(Set(popularity.rows.map(\.folded)).isSubset(of: ["swift", "ärger", "rust", "go", "zig", "elm"]), comment)
    }

    @Test("a term searched on Mastodon and Bluesky, in several cases, is one search per network and a combined count of distinct posts, however pages overlap or repeat",
          arguments: [1, 2, 3])
    func oracle(seed: UInt64) throws {
        let project = TestProject()
        var expected: [PostNetwork: [String: Set<String>]] = [:]
        var files: [PostNetwork: [String]] = [:]
        // Overlapping pages: each shares some posts with the one before it.
        for page in 0..<4 {
            let numbers = Array((page * 15)..<(page * 15 + 20))
            var mastodonGenerator = Generator(state: seed &* 31 &+ UInt64(page))
            var blueskyGenerator = Generator(state: seed &* 37 &+ UInt64(page))
            // An overlapping post comes back with other tags, boosted or not: as a feed fetched
            // later would, and the first counted version is the one that counts.
            let mastodon = Self.mastodonPage(numbers, generator: &mastodonGenerator)
            let bluesky = Self.blueskyPage(numbers, generator: &blueskyGenerator)
            try project.folder.write(["m\(page).json": mastodon.json, "b\(page).json": bluesky.json])
            files[.mastodon, default: []].append("m\(page).json")
            files[.bluesky, default: []].append("b\(page).json")
            // A post already stored keeps what it was stored with: the first page that had it.
            for (network, pagePosts) in [(PostNetwork.mastodon, mastodon.counted), (.bluesky, bluesky.counted)] {
                for (key, tags) in pagePosts where expected[network]?[key] == nil { expected[network, default: [:]][key] = tags }
            }
        }
        // The term in another case on each network: one term, one search per network.
        try project.importFiles(files[.mastodon]!, term: "#Langs")
        try project.importFiles(files[.bluesky]!, term: "#LANGS")
        // Fetched twice, in yet another case: nothing new is counted.
        let again = try project.importFiles(files[.mastodon]! + files[.bluesky]!, term: "#langs")
        #expect(again.allSatisfy { $0.newTweets == 0 && $0.mentionsCounted == 0 })

        let store = try project.store
        let terms = try store.allTerms()
        #expect(terms.count == 2)
        #expect(Set(terms.map(\.network)) == [.mastodon, .bluesky])
        #expect(terms.allSatisfy { $0.folded == "#langs" })
        for term in terms {
            let posts = expected[term.network]!
            #expect(term.tweetCount == posts.count)
            Self.expectPopularity(try store.popularity(of: term.id, kind: .hashtag), Self.oracle(posts), "\(term.network)")
        }
        // The combined page: every post of either network once.
        let everyPost = expected[.mastodon]!.merging(expected[.bluesky]!) { first, _ in first }
        #expect(everyPost.count == expected[.mastodon]!.count + expected[.bluesky]!.count, "no key is on two networks")
        let combined = Self.oracle(everyPost)
        #expect(everyPost.count > 100 && combined.values.contains { $0 >= 2 })
        Self.expectPopularity(try store.popularity(across: terms.map(\.id), kind: .hashtag), combined, "everywhere")
        #expect(try store.popularity(across: terms.map(\.id), kind: .user).rows.isEmpty)
    }
}
