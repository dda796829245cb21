import Foundation
import Testing
@testable import Tally

@Suite("Popularity counting in the store")
struct PopularityTests {
    private func counts(_ store: Store, term: String, kind: TextEntity.Kind = .hashtag) throws -> [String: Int] {
        let id = try #require(try store.allTerms().first { $0.text == term }?.id)
        return Dictionary(uniqueKeysWithValues: try store.popularity(of: id, kind: kind).rows.map { ($0.folded, $0.count) })
    }

    @Test("re-importing a file changes nothing")
    func reimport() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "#swift", [
            TweetSpec(id: "1", text: "#swift is fun @bob"), TweetSpec(id: "2", text: "more #swift @bob"),
        ])])
        try project.importFiles(["a.json"])
        let store = try project.store
        let before = (try store.totals(), try counts(store, term: "#swift"), try store.searchHistory())
        let again = try project.importFiles(["a.json"])[0]
        #expect(again.newTweets == 0 && again.knownTweets == 2 && again.mentionsCounted == 0)
        #expect(try store.totals() == before.0)
        #expect(try counts(store, term: "#swift") == before.1)
        #expect(try store.searchHistory() == before.2)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("#Swift and #swift, #ÄRGER and #ärger are one mention each, shown as first seen")
    func caseFolding() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "news", [
            TweetSpec(id: "1", text: "#Swift #ÄRGER"), TweetSpec(id: "2", text: "#swift #ärger"), TweetSpec(id: "3", text: "#SWIFT"),
        ])])
        try project.importFiles(["a.json"])
        let store = try project.store
        let id = try #require(try store.allTerms().first?.id)
        let rows = try store.popularity(of: id, kind: .hashtag).rows
        #expect(rows == [MentionCount(display: "Swift", folded: "swift", count: 3), MentionCount(display: "ÄRGER", folded: "ärger", count: 2)])
    }

    @Test("a mention at count 1 is hidden until a second distinct tweet mentions it")
    func singles() throws {
        let project = TestProject()
        try project.folder.write([
            "a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "hi @carol #rare #rare")]),
            "b.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "hi @carol #rare #rare")]),
            "c.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "2", text: "again #RARE")]),
        ])
        try project.importFiles(["a.json"])
        let store = try project.store
        let id = try #require(try store.allTerms().first?.id)
        #expect(try store.popularity(of: id, kind: .hashtag) == Popularity(rows: [], hiddenSingles: 1))
        try project.importFiles(["b.json"])  // the same tweet again: still one
        #expect(try store.popularity(of: id, kind: .hashtag).rows.isEmpty)
        try project.importFiles(["c.json"])
        #expect(try store.popularity(of: id, kind: .hashtag) == Popularity(rows: [MentionCount(display: "rare", folded: "rare", count: 2)], hiddenSingles: 0))
        #expect(try store.popularity(of: id, kind: .user).hiddenSingles == 1)
    }

    @Test("a tweet repeated across pages of one file is counted once")
    func pagesOverlap() throws {
        let project = TestProject()
        let page = Synthetic.searchPage(query: "q", [TweetSpec(id: "7", text: "#dup"), TweetSpec(id: "8", text: "#dup")])
        let overlap = Synthetic.searchPage(query: "q", [TweetSpec(id: "8", text: "#dup"), TweetSpec(id: "9", text: "#dup")])
        try project.folder.write(["pages.jsonl": page + "\n" + overlap + "\n"])
        let summary = try project.importFiles(["pages.jsonl"])[0]
        #expect(summary.newTweets == 3 && summary.knownTweets == 1)
        #expect(try counts(try project.store, term: "q") == ["dup": 3])
    }

    @Test("ties sort alphabetically by folded name in code-point order")
    func ties() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [
            TweetSpec(id: "1", text: "#b #a #Z #é"), TweetSpec(id: "2", text: "#b #a #Z #é"),
        ])])
        try project.importFiles(["a.json"])
        let store = try project.store
        let rows = try store.popularity(of: try store.allTerms()[0].id, kind: .hashtag).rows
        #expect(rows.map(\.folded) == ["a", "b", "z", "é"])
    }

    @Test("a 101st search drops the oldest from the history; searching again moves a term up")
    func history() throws {
        let project = TestProject()
        var files: [String: String] = [:]
        for n in 0..<101 {
            // Each search a day after the previous one.
            let date = Date(timeIntervalSince1970: 1_600_000_000 + Double(n) * 86_400)
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
            files["s\(n).json"] = Synthetic.searchPage(query: "term\(n)", [TweetSpec(id: "\(1000 + n)", text: "#t\(n)", createdAt: formatter.string(from: date))])
        }
        try project.folder.write(files)
        try project.importFiles((0..<101).map { "s\($0).json" })
        let store = try project.store
        let history = try store.searchHistory()
        #expect(history.count == 100)
        #expect(history.first?.text == "term100")
        #expect(!history.contains { $0.text == "term0" })
        #expect(history.last?.text == "term1")

        try project.folder.write(["again.json": Synthetic.searchPage(query: "term5", [TweetSpec(id: "5000", text: "new", createdAt: "Mon Jan 01 00:00:00 +0000 2024")])])
        try project.importFiles(["again.json"])
        #expect(try store.searchHistory().first?.text == "term5")
        #expect(try store.searchHistory().filter { $0.text == "term5" }.count == 1)

        try project.build()
        let page = try project.page("searches/index.html")
        #expect(!page.contains(">term0<") && page.contains(">term1<") && page.contains("Older searches not listed here: 1;"))
    }

    @Test("a file that fails keeps nothing of itself")
    func atomic() throws {
        let project = TestProject()
        let good = Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#ok")])
        try project.folder.write(["bad.jsonl": good + "\n{\"statuses\": [{\"id_str\": \"2\"}]}\n"])
        #expect(throws: ImportError.self) { try project.importFiles(["bad.jsonl"]) }
        #expect(try project.store.totals() == StoreTotals(tweets: 0, users: 0, terms: 0, mentions: 0))
    }
}
