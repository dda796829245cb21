import Foundation
import Testing
@testable import Tally

/// Each reader against real API files (Tests/TallyTests/Fixtures, see CREDITS.md).
@Suite("Format readers on real files")
struct FormatReaderTests {
    private func importing(_ fixture: String, term: String? = nil) throws -> (ImportSummary, Store, TestProject) {
        let project = TestProject()
        let store = try project.store
        let summary = try Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:])).importFile(Fixture.url(fixture), displayName: fixture)
        return (summary, store, project)
    }

    @Test("v1.1 search: tweets, term from search_metadata.query, entities counted")
    func v1Search() throws {
        let (summary, store, _) = try importing("v1-search-freebandnames.json")
        #expect(summary.formats == [TwitterFormat.v1Search.name])
        #expect(summary.terms == ["#freebandnames"])
        #expect(summary.newTweets == 3)
        let tweets = try store.allTweets()
        let mono = try #require(tweets.first { $0.id == "414075829182676992" })
        #expect(mono.text.text == "@Just_Reboot #FreeBandNames mono surround")
        #expect(mono.author?.screenName == "sferik" || mono.author != nil)
        let hashtag = try #require(mono.text.entities.first { $0.kind == .hashtag })
        #expect(hashtag.range == 13..<27)
    }

    @Test("v1.1 search in extended mode reads full_text (no text key)")
    func extendedMode() throws {
        let (summary, store, _) = try importing("v1-search-extended-rstats.json")
        #expect(summary.newTweets == 50)
        #expect(summary.terms == ["#rstats"])
        let popularity = try store.popularity(of: try store.allTerms()[0].id, kind: .hashtag)
        #expect(popularity.rows.first?.folded == "rstats")
        #expect(try store.allTweets().allSatisfy { !$0.text.text.isEmpty })
    }

    @Test("a search response without search_metadata stores its tweets under no term")
    func noMetadata() throws {
        let (summary, store, _) = try importing("v1-search-no-metadata.json")
        #expect(summary.newTweets == 1)
        #expect(summary.terms.isEmpty)
        #expect(try store.allTerms().isEmpty)
        // Its text has &amp; and an emoji before the hashtag: offsets must still land.
        let tweet = try #require(try store.allTweets().first)
        #expect(!tweet.text.text.contains("&amp;"))
        let hashtag = try #require(tweet.text.entities.first { $0.kind == .hashtag })
        let scalars = Array(tweet.text.text.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[hashtag.range!])) == "#" + hashtag.value)
    }

    @Test("--term counts a file's tweets for the given term")
    func termOverride() throws {
        let (summary, _, _) = try importing("v1-search-no-metadata.json", term: "#HourOfCode")
        #expect(summary.terms == ["#HourOfCode"])
        #expect(summary.mentionsCounted > 0)
    }

    @Test("2007 timeline: no id_str, no entities; mentions found in the text")
    func timeline2007() throws {
        let (summary, store, _) = try importing("v1-timeline-2007.json", term: "public")
        #expect(summary.formats == [TwitterFormat.v1Timeline.name])
        #expect(summary.newTweets == 20)
        let tweets = try store.allTweets()
        let reply = try #require(tweets.first { $0.text.text.hasPrefix("@definetheline") })
        #expect(reply.text.entities.contains { $0.kind == .user && $0.value == "definetheline" && $0.range == 0..<14 })
        #expect(tweets.allSatisfy { $0.createdAt > 1_180_000_000 && $0.createdAt < 1_190_000_000 })
    }

    @Test("2010 timeline: mentions found in text without entities")
    func timeline2010() throws {
        let (_, store, _) = try importing("v1-timeline-2010.json")
        let tweet = try #require(try store.allTweets().first)
        let users = tweet.text.entities.filter { $0.kind == .user }.map(\.value)
        #expect(users == ["chriskottom", "jnunemaker", "pengwynn"])
        #expect(tweet.author?.screenName == "sferik")
    }

    @Test("compat-mode status: the full text comes from extended_tweet")
    func extendedCompat() throws {
        let (summary, store, _) = try importing("v1-status-extended-compat.json")
        #expect(summary.formats == [TwitterFormat.v1Status.name])
        let tweet = try #require(try store.allTweets().first { $0.id == "971726741583605760" })
        #expect(tweet.text.text.contains("Data Cloud/Fog Computing OutLook from ClouData & Multiverse"))
    }

    @Test("a quote stores the quoted tweet too, linked, but counts only the quote")
    func quote() throws {
        let (summary, store, _) = try importing("v1-status-quote.json", term: "quotes")
        #expect(summary.newTweets == 1)
        #expect(summary.relatedTweets == 1)
        let tweets = try store.allTweets()
        #expect(tweets.count == 2)
        #expect(tweets.first { $0.id == "850413178534211584" }?.quotes == "850408344175222784")
        #expect(try store.allTerms().first?.tweetCount == 1)
    }

    @Test("v2 page as .json: authors from includes.users, mentions with code-point offsets")
    func v2Json() throws {
        let (summary, store, _) = try importing("v2-search.json")
        #expect(summary.formats == [TwitterFormat.v2Page.name])
        #expect(summary.newTweets == 4)
        let tweet = try #require(try store.allTweets().first { $0.id == "1276035977375477760" })
        #expect(tweet.author != nil)
        #expect(tweet.text.entities.contains { $0.kind == .user && $0.value == "snowman" && $0.range == 0..<8 })
    }

    @Test("v2 JSON Lines from twarc: term from __twarc.url, fetched at retrieved_at")
    func v2Lines() throws {
        let (summary, store, _) = try importing("v2-brexit.jsonl")
        #expect(summary.newTweets == 100)
        #expect(summary.terms == ["#brexit"])
        let term = try #require(try store.allTerms().first)
        #expect(term.searchedAt == TwitterDate.parse("2021-09-22T16:38:09+00:00"))
        #expect(summary.relatedTweets > 0)
    }

    @Test("archive tweets.js: window.YTD prefix, every number a string")
    func archive() throws {
        let (summary, store, _) = try importing("archive-tweets.js")
        #expect(summary.formats == [TwitterFormat.archive.name])
        #expect(summary.newTweets == 2045)
        let tweets = try store.allTweets()
        #expect(tweets.allSatisfy { $0.author == nil })
        #expect(!tweets.contains { $0.text.text.contains("&amp;") || $0.text.text.contains("&gt;") })
        #expect(tweets.contains { $0.text.entities.contains { $0.range != nil && $0.kind == .user } })
    }

    @Test("the malformed search fails naming the file and what was expected, storing nothing")
    func malformed() throws {
        let project = TestProject()
        let store = try project.store
        #expect {
            try Importer(store: store).importFile(Fixture.url("v1-search-malformed.json"), displayName: "v1-search-malformed.json")
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("v1-search-malformed.json:") && message.contains("expected one of what Tally reads (Posts: Twitter v1.1 search {statuses, search_metadata}")
                && message.contains("max_id")
        }
        #expect(try store.totals() == StoreTotals(tweets: 0, users: 0, terms: 0, mentions: 0))
    }

    @Test("format is told by content, not by name")
    func contentNotName() throws {
        let project = TestProject()
        try FileManager.default.copyItem(at: Fixture.url("v2-brexit.jsonl"), to: project.folder.url.appendingPathComponent("data.txt"))
        let summary = try project.importFiles(["data.txt"])
        #expect(summary[0].formats == [TwitterFormat.v2Page.name])
    }

    /// Every tweet file in ../shared/fixtures (there beside the repository in CI) imports, but the malformed one
    /// and the recorded HTTP exchanges.
    @Test("every shared tweet fixture imports", .enabled(if: FileManager.default.fileExists(atPath: Fixture.shared.path)))
    func everySharedFixture() throws {
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: Fixture.shared.path).filter { $0.hasPrefix("twitter_") }.sorted()
        #expect(folders.count >= 5)
        var imported = 0
        for folder in folders {
            // A `.yaml` cassette is a recorded HTTP exchange for the fetch tests, not a data file;
            // its body is beside it as `.body.json`.
            for name in try manager.contentsOfDirectory(atPath: Fixture.shared.appendingPathComponent(folder).path).sorted() where !name.hasSuffix(".yaml") {
                let project = TestProject()
                let url = Fixture.shared.appendingPathComponent(folder).appendingPathComponent(name)
                if name == "search_malformed.json" {
                    #expect(throws: ImportError.self) { try Importer(store: try project.store).importFile(url, displayName: name) }
                } else {
                    let summary = try Importer(store: try project.store).importFile(url, displayName: name)
                    #expect(summary.newTweets + summary.knownTweets > 0 || name.contains("empty"), "\(name) imported no tweet")
                    imported += 1
                }
            }
        }
        #expect(imported >= 30)
    }
}
