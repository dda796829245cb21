import Foundation
import Testing
@testable import Tally

/// The retweets of one original show once per page of a list: "Retweeted by A, B and 3 others".
@Suite("Retweets grouped on a list's page")
struct RetweetGroupTests {
    /// A v1.1 search page for "rt" of `ids` (oldest first, a minute apart): each id `n` names
    /// either a plain tweet ("plain n") or, from `retweets`, the original it retweets, whose
    /// author is `orig` and text "original ID"; from `replies`, the post `n` answers (by `p<n>`).
    static func page(_ ids: [Int], retweets: [Int: String] = [:], replies: [Int: Int] = [:]) -> String {
        func date(_ n: Int) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
            return formatter.string(from: Date(timeIntervalSince1970: 1_600_000_000 + Double(n) * 60))
        }
        let statuses: [[String: Any]] = ids.map { n in
            var status: [String: Any] = [
                "id_str": "\(n)", "text": "plain \(n)", "created_at": date(n),
                "user": ["id_str": "u\(n)", "screen_name": "p\(n)", "name": "Person \(n)"],
                "entities": ["hashtags": [], "user_mentions": [], "urls": []],
            ]
            if let parent = replies[n] {
                status["in_reply_to_status_id_str"] = "\(parent)"
                status["in_reply_to_screen_name"] = "p\(parent)"
            }
            if let original = retweets[n] {
                status["text"] = "RT @orig: original \(original)"
                status["retweeted_status"] = [
                    "id_str": original, "text": "original \(original)", "created_at": date(0),
                    "user": ["id_str": "u-orig", "screen_name": "orig", "name": "Orig"],
                    "entities": ["hashtags": [], "user_mentions": [], "urls": []],
                ] as [String: Any]
            }
            return status
        }
        let data = try! JSONSerialization.data(withJSONObject: ["statuses": statuses, "search_metadata": ["query": "rt", "count": statuses.count]],
                                               options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The "↻ …" lines of a page, tags dropped.
    static func contexts(_ html: String) -> [String] {
        html.components(separatedBy: "<p class=\"tweet-context\">").dropFirst().map {
            String($0.prefix { $0 != "·" }).replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                .trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("five retweets of one original on a page show once: two names linked, 'and 3 others', the original once")
    func fiveRetweetsOnce() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Self.page(Array(1...8), retweets: [2: "900", 3: "900", 5: "900", 6: "900", 8: "900"])])
        try project.importFiles(["a.json"])
        try project.build()
        // All posts hold the original itself too (stored with its retweets), as its own card, oldest.
        for (list, cards) in [("searches/rt/tweets", 4), ("all-tweets", 5)] {
            let html = try project.page("\(list)/index.html")
            #expect(Self.contexts(html) == ["↻ Retweeted by Person 8, Person 6 and 3 others"], "\(list)")
            #expect(html.components(separatedBy: ">original 900<").count == cards - 2, "\(list): the retweets show the original once")
            // In the newest retweet's place (8), newest first.
            let order = ["original 900", "plain 7", "plain 4", "plain 1"].map { html.range(of: $0)!.lowerBound }
            #expect(order == order.sorted(), "\(list)")
            #expect(html.components(separatedBy: "<li><article").count - 1 == cards, "\(list): 3 plain tweets and one group")
        }
        // Names link to their people's pages, and the newest retweet's own page is linked.
        let all = try project.page("all-tweets/index.html")
        #expect(all.contains("href=\"../people/p8/index.html\">Person 8</a>, <a class=\"tweet-name\" href=\"../people/p6/index.html\">Person 6</a> and 3 others"))
        #expect(all.contains("href=\"../tweets/8/index.html\""))
        // Every retweet's own page is linked, behind "All 5 retweets".
        #expect(all.contains("<summary>All 5 retweets</summary>"))
        for id in [2, 3, 5, 6, 8] { #expect(all.contains("class=\"tweet-date\" href=\"../tweets/\(id)/index.html\""), "\(id)") }
        // A retweet's own page still shows its single card.
        #expect(Self.contexts(try project.page("tweets/5/index.html")) == ["↻ Person 5 retweeted"])
    }

    @Test("two retweets read 'A and B', three 'A, B and C'; one stays a single retweet card")
    func fewNames() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Self.page(Array(1...6), retweets: [1: "901", 2: "901", 3: "902", 4: "902", 5: "902", 6: "903"])])
        try project.importFiles(["a.json"])
        try project.build()
        #expect(Self.contexts(try project.page("all-tweets/index.html"))
                == ["↻ Person 6 retweeted", "↻ Retweeted by Person 5, Person 4 and Person 3", "↻ Retweeted by Person 2 and Person 1"])
    }

    @Test("a group reaches no further than its page: retweets on two pages show on each, and a new retweet changes only the newest page")
    func perPage() throws {
        let project = TestProject()
        // 49 and 50 are on page 1 (the 50 oldest), 51 and 52 on the newest page.
        try project.folder.write(["a.json": Self.page(Array(1...52), retweets: [49: "904", 50: "904", 51: "904", 52: "904"]),
                                  "b.json": Self.page([53], retweets: [53: "904"])])
        try project.importFiles(["a.json"])
        try project.build()
        // The search's list (all posts also hold the original, one more).
        let list = "searches/rt/tweets"
        let oldest = try project.page("\(list)/1/index.html")
        #expect(Self.contexts(oldest) == ["↻ Retweeted by Person 50 and Person 49"])
        #expect(Self.contexts(try project.page("\(list)/index.html")) == ["↻ Retweeted by Person 52 and Person 51"])
        try project.importFiles(["b.json"])
        #expect(try project.build(builtAt: 1_700_000_600).updated)
        #expect(try project.page("\(list)/1/index.html") == oldest)
        #expect(Self.contexts(try project.page("\(list)/index.html")) == ["↻ Retweeted by Person 53, Person 52 and Person 51"])
    }

    @Test("Mastodon boosts and Bluesky reposts say so, alone and grouped")
    func networkWords() throws {
        let directory = TwitterDirectory(terms: [], people: [], hashtags: [])
        for (network, single, grouped) in [(PostNetwork.twitter, "retweeted", "Retweeted"), (.mastodon, "boosted", "Boosted"), (.bluesky, "reposted", "Reposted")] {
            let original = StoredTweet(id: "o", author: nil, createdAt: 0, text: TweetText(text: "hello", entities: []), network: network)
            let shares = (1...2).map { StoredTweet(id: "s\($0)", author: nil, createdAt: Int64($0), text: TweetText(text: "", entities: []),
                                                   retweetOf: "o", network: network) }
            let chunk = TweetChunk(tweets: shares, stored: ["o"], referenced: ["o": original])
            #expect(PostCard(shares[0], chunk: chunk, directory: directory).retweetVerb == single)
            #expect(RetweetGroupCard(shares.reversed(), original: original, chunk: chunk, directory: directory).verb == grouped)
        }
    }
}
