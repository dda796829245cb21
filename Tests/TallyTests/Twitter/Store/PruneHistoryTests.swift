import Foundation
import Testing
@testable import Tally

/// `tally prune --keep-searches N` on a history where searches share tweets, hashtags chain every
/// search to another, and tweets retweet and quote older searches' tweets (issue 22): exactly the
/// newest N searches stay, with their popularity data byte for byte and no broken link.
@Suite("Prune: keeping what the history shows")
struct PruneHistoryTests {
    /// 11 searches of 272 tweets each (2,992 tweets), newest last. Search `k` also lists 30 tweets
    /// of search `k-1` and 15 of `k-2`; its tweets carry `#tagK` and `#tag(K+3)` (so hashtags link
    /// each search to another, in a chain through all of them); every 25th retweets a tweet of
    /// search `k-3` (itself a retweet, from search 6 on) and the next quotes one of search `k-4`.
    struct History {
        var files: [String: String] = [:]
        /// Tweet ids each search lists, by search number.
        var listed: [[String]] = []
        /// What each tweet's page shows: its author, the screen names it mentions, and its original.
        var authors: [String: String] = [:]
        var mentions: [String: [String]] = [:]
        var originals: [String: [String]] = [:]

        static let searches = 11, perSearch = 272

        static func term(_ k: Int) -> String { k % 2 == 0 ? "#tag\(k)" : "word\(k)" }

        init() throws {
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "UTC")
            format.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
            var statuses: [String: [String: Any]] = [:]
            func id(_ k: Int, _ i: Int) -> String { String(10_000 + k * 1000 + i) }
            for k in 0..<Self.searches {
                var specs: [TweetSpec] = []
                for i in 0..<Self.perSearch {
                    let user = "user\((k * 7 + i) % 60)"
                    let date = format.string(from: Date(timeIntervalSince1970: 1_400_000_000 + Double(k * 86_400 + i * 60)))
                    var text = "tweet \(k)-\(i) #tag\(k) #tag\((k + 3) % Self.searches) @user\(i % 40)"
                    if i % 25 == 1, k >= 3 { text = "RT @\(authors[id(k - 3, i)]!): tweet \(k - 3)-\(i)" }
                    specs.append(TweetSpec(id: id(k, i), text: text, user: user, createdAt: date))
                    authors[id(k, i)] = user
                    mentions[id(k, i)] = TweetText.extractEntities(from: text).filter { $0.kind == .user }.map(\.folded)
                }
                let page = Synthetic.searchPage(query: Self.term(k), specs)
                var object = try JSONSerialization.jsonObject(with: Data(page.utf8)) as! [String: Any]
                var own = (object["statuses"] as! [[String: Any]]).map { status -> [String: Any] in
                    var status = status
                    let i = Int(status["id_str"] as! String)! - 10_000 - k * 1000
                    if i % 25 == 1, k >= 3 {
                        status["retweeted_status"] = statuses[id(k - 3, i)]!
                        originals[id(k, i)] = [id(k - 3, i)]
                    } else if i % 25 == 2, k >= 4 {
                        status["quoted_status"] = statuses[id(k - 4, i)]!
                        status["quoted_status_id_str"] = id(k - 4, i)
                        originals[id(k, i)] = [id(k - 4, i)]
                    }
                    statuses[status["id_str"] as! String] = status
                    return status
                }
                var ids = own.map { $0["id_str"] as! String }
                for (back, count) in [(1, 30), (2, 15)] where k >= back {
                    for i in 0..<count {
                        own.append(statuses[id(k - back, i)]!)
                        ids.append(id(k - back, i))
                    }
                }
                object["statuses"] = own
                listed.append(ids)
                files["search-\(k).json"] = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
        }

        /// The tweets a prune keeping the newest `keep` searches must keep: theirs, and the originals
        /// their pages show, and those originals' own.
        func kept(keep: Int) -> Set<String> {
            var kept = Set<String>()
            var queue = listed.suffix(keep).flatMap { $0 }
            while let id = queue.popLast() {
                guard kept.insert(id).inserted else { continue }
                queue += originals[id] ?? []
            }
            return kept
        }
    }

    @Test("keeping 5 of 11 searches that share tweets and link to each other keeps exactly the newest 5, their popularity data byte for byte, and no broken link")
    func newestSearches() throws {
        let history = try History()
        let project = TestProject()
        try project.folder.write(history.files)
        try project.importFiles(history.files.keys.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 })
        #expect(try project.store.allTweets().count == 2_992)
        try project.build()
        let before = try project.siteFiles()
        let terms = try project.store.allTerms()
        #expect(terms.map(\.text) == (0..<History.searches).reversed().map(History.term))

        let report = try project.store.prune(PrunePlan(limits: ["searches": 5]))
        let store = try project.store
        #expect(try store.allTerms().map(\.text) == terms.prefix(5).map(\.text), "exactly the newest 5 searches remain")
        #expect(report.sources.first?.counts.contains(PruneCount("searches", 6)) == true)
        let keptTweets = history.kept(keep: 5)
        #expect(Set(try store.allTweets().map(\.id)) == keptTweets)
        #expect(keptTweets.contains(String(10_000 + 4 * 1000 + 0)), "a tweet of a removed search that a kept one also lists stays")
        #expect(keptTweets.contains(String(10_000 + 1 * 1000 + 26)), "a retweet's original's original, two removed searches back, stays")
        #expect(try store.foreignKeyCheck().isEmpty && store.integrityCheck() == "ok")
        #expect(try PruneTests.countsMatchLinks(store))
        let authors = Set(keptTweets.map { history.authors[$0]! })
        let mentioned = Set(keptTweets.flatMap { history.mentions[$0] ?? [] }).intersection(history.authors.values)
        #expect(Set(try store.people().map { $0.user.screenName.lowercased() }) == authors.union(mentioned))
        let stale = try store.queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM mention WHERE counted AND id NOT IN (SELECT mention_id FROM term_mention)")
        }
        #expect(stale == 0, "a hashtag or user no kept search counts is not counted")

        try project.build()
        let after = try project.siteFiles()
        let kept = PruneTests.popularityData(before, of: terms.prefix(5))
        #expect(kept.count == 20 && kept == PruneTests.popularityData(after, of: terms.prefix(5)), "kept searches' data is the same byte for byte")
        for term in terms.dropFirst(5) { #expect(after[Routes.popularity(term)] == nil) }
        #expect(try PruneTests.brokenLinks(after).isEmpty)
        // A kept tweet that only removed searches had found says so.
        let original = try #require(after[Routes.tweet(String(10_000 + 1 * 1000 + 26))])
        #expect(String(decoding: original, as: UTF8.self).contains("No search found this post"))
    }
}
