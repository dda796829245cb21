import Foundation
import Testing
@testable import Tally

/// Bluesky's (AT Protocol) feed answers, on the shared real files and on small made ones.
@Suite("Bluesky readers", .enabled(if: NetworkFixture.available))
struct BlueskyReaderTests {
    private func importing(_ url: URL, term: String? = nil, into project: TestProject = TestProject()) throws -> (ImportSummary, Store) {
        let store = try project.store
        let summary = try Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:])).importFile(url, displayName: url.lastPathComponent)
        return (summary, store)
    }

    private func importing(text: String, term: String? = nil, into project: TestProject = TestProject()) throws -> (ImportSummary, Store) {
        let name = "doc-\(UUID().uuidString).json"
        try project.folder.write([name: text])
        return try importing(project.folder.url.appendingPathComponent(name), term: term, into: project)
    }

    private func slice(_ text: TweetText, _ entity: TextEntity) -> String? {
        entity.range.map { String(String.UnicodeScalarView(Array(text.text.unicodeScalars)[$0])) }
    }

    @Test("every Bluesky file of the shared fixtures imports, and every facet lands on its own text")
    func everyFile() throws {
        let files = try NetworkFixture.files(in: "bluesky_api")
        #expect(files.count >= 7)
        var placed = 0
        for url in files {
            let (summary, store) = try importing(url)
            #expect(summary.formats.count == 1 && summary.formats[0].hasPrefix("Bluesky"), "\(url.lastPathComponent): \(summary.formats)")
            #expect(summary.newTweets > 0, "\(url.lastPathComponent)")
            for post in try store.allTweets() {
                #expect(post.network == .bluesky)
                #expect(post.id.hasPrefix("at://"))
                for entity in post.text.entities {
                    guard let shown = slice(post.text, entity) else { continue }
                    placed += 1
                    switch entity.kind {
                    case .user: #expect(shown == "@" + entity.value, "\(post.id)")
                    case .hashtag: #expect(shown.lowercased() == "#" + entity.folded, "\(post.id)")
                    case .url: #expect(!shown.isEmpty)
                    }
                }
            }
        }
        #expect(placed > 100)
    }

    @Test("facets are UTF-8 byte offsets: in Japanese text they land on characters, not bytes")
    func byteOffsets() throws {
        let (_, store) = try importing(NetworkFixture.shared("bluesky_api", "atprotodart__getAuthorFeed.json"))
        let posts = try store.allTweets().filter { !$0.text.text.unicodeScalars.allSatisfy(\.isASCII) }
        let mention = try #require(posts.lazy.flatMap { post in post.text.entities.filter { $0.kind == .user && $0.range != nil }.map { (post, $0) } }.first)
        #expect(slice(mention.0.text, mention.1) == "@" + mention.1.value)
    }

    @Test("a mention names a DID (its link goes to the DID's profile), a tag has no #, a link shows its short text")
    func facetKinds() throws {
        let text = "Hi @bob.example.com see example.com/x… #Swift ✨"
        let post = NetworkFixture.post(rkey: "3k1", text: text, facets: [
            NetworkFixture.facet(text, "@bob.example.com", ["$type": "app.bsky.richtext.facet#mention", "did": "did:plc:bob"]),
            NetworkFixture.facet(text, "example.com/x…", ["$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/x/long"]),
            NetworkFixture.facet(text, "#Swift", ["$type": "app.bsky.richtext.facet#tag", "tag": "Swift"]),
        ])
        let (_, store) = try importing(text: NetworkFixture.json(["posts": [post]]))
        let stored = try #require(try store.allTweets().first)
        let entities = stored.text.entities
        #expect(entities.map(\.kind) == [.user, .url, .hashtag])
        #expect(entities[0].value == "bob.example.com")
        #expect(entities[0].expandedURL == "https://bsky.app/profile/did:plc:bob")
        #expect(entities[1].expandedURL == "https://example.com/x/long")
        #expect(slice(stored.text, entities[1]) == "example.com/x…")
        #expect(entities[2].value == "Swift")
        #expect(slice(stored.text, entities[2]) == "#Swift")
    }

    @Test("a facet outside the text or inside a character keeps no place; a mention or tag still counts")
    func brokenFacets() throws {
        let text = "é #tag"
        let post = NetworkFixture.post(rkey: "3k2", text: text, facets: [
            ["index": ["byteStart": 1, "byteEnd": 3], "features": [["$type": "app.bsky.richtext.facet#mention", "did": "did:plc:x"]]],
            ["index": ["byteStart": 3, "byteEnd": 99], "features": [["$type": "app.bsky.richtext.facet#tag", "tag": "tag"]]],
        ])
        let (_, store) = try importing(text: NetworkFixture.json(["posts": [post]]), term: "t")
        let stored = try #require(try store.allTweets().first)
        #expect(stored.text.entities.allSatisfy { $0.range == nil })
        #expect(try store.popularity(of: try store.allTerms()[0].id, kind: .hashtag).hiddenSingles == 1)
    }

    @Test("images come from the embed view, with their alt text")
    func images() throws {
        let (_, store) = try importing(NetworkFixture.shared("bluesky_api", "bskyr__f_get_list_feed__00_xrpc_app.bsky.feed.getListFeed_list_at_3A_2F_2Fdid_3Aplc_3Aragtjsm2j2vknwkz3zp4o.body.json"))
        let images = try store.queue.read { db in try String.fetchAll(db, sql: "SELECT image_url FROM tweet_media WHERE kind = 'photo'") }
        #expect(!images.isEmpty)
        #expect(images.allSatisfy { $0.hasPrefix("https://cdn.bsky.app/") })
    }

    @Test("reposts come from reason: the reposter's post pointing at the original; fetched twice, nothing is new")
    func reposts() throws {
        let url = NetworkFixture.shared("bluesky_api", "bskyr__f_timeline__00_xrpc_app.bsky.feed.getTimeline.body.json")
        let project = TestProject()
        let (first, store) = try importing(url, into: project)
        #expect(first.newTweets == 49)
        let reposts = try store.allTweets().filter { $0.retweetOf != nil }
        #expect(reposts.count == 3)
        #expect(reposts.allSatisfy { $0.author?.screenName == "bskyr.bsky.social" })
        let (second, _) = try importing(url, into: project)
        #expect(second.newTweets == 0)
        #expect(second.knownTweets == 49)
    }

    @Test("createdAt with milliseconds, microseconds, none, or +00:00 reads as the same second")
    func dates() throws {
        let forms = ["2025-05-19T02:03:20.286Z", "2025-05-19T02:03:20.286393+00:00", "2025-05-19T02:03:20Z", "2025-05-19T02:03:20",
                     "2025-05-19T04:03:20.1+02:00"]
        let posts = forms.enumerated().map { NetworkFixture.post(rkey: "d\($0.offset)", text: "x", createdAt: $0.element) }
        let (summary, store) = try importing(text: NetworkFixture.json(["posts": posts]))
        #expect(summary.newTweets == forms.count)
        #expect(Set(try store.allTweets().map(\.createdAt)) == [1_747_620_200])
    }

    @Test("a searchPosts page holds no query: its posts count toward --term")
    func searchTerm() throws {
        let url = NetworkFixture.shared("bluesky_api", "bskyr__f_search__00_xrpc_app.bsky.feed.searchPosts_q_redistricting.body.json")
        #expect(try importing(url).0.terms.isEmpty)
        let (summary, store) = try importing(url, term: "redistricting")
        #expect(summary.terms == ["redistricting"])
        #expect(try store.allTerms().first?.tweetCount == 25)
    }

    @Test("a thread stores its post and replies; quotes store the quoted post")
    func threadAndQuotes() throws {
        let (thread, _) = try importing(NetworkFixture.shared("bluesky_api", "bskyr__f_postthread__00_xrpc_app.bsky.feed.getPostThread_uri_at_3A_2F_2Fdid_3Aplc_3Aic6zqvuw5ulmfpjiwnhs.body.json"))
        #expect(thread.formats == [BlueskyFormat.thread.name])
        let (quotes, store) = try importing(NetworkFixture.shared("bluesky_api", "bskyr__f_getquotes__00_xrpc_app.bsky.feed.getQuotes_uri_at_3A_2F_2Fdid_3Aplc_3A5c2r73erhng4bszmxlfdtscf.body.json"))
        #expect(quotes.relatedTweets >= 1)
        #expect(try store.allTweets().contains { $0.quotes == "at://did:plc:5c2r73erhng4bszmxlfdtscf/app.bsky.feed.post/3lc5c5qv72r2w" })
    }
}
