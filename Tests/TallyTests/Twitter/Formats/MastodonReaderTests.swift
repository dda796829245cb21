import Foundation
import Testing
@testable import Tally

/// Mastodon's REST answers and account exports, on the shared real files and on small made ones.
@Suite("Mastodon readers", .enabled(if: NetworkFixture.available))
struct MastodonReaderTests {
    private func importing(_ url: URL, term: String? = nil) throws -> (ImportSummary, Store, TestProject) {
        let project = TestProject()
        let store = try project.store
        let summary = try Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:])).importFile(url, displayName: url.lastPathComponent)
        return (summary, store, project)
    }

    private func importing(text: String, name: String = "doc.json", term: String? = nil) throws -> (ImportSummary, Store, TestProject) {
        let project = TestProject()
        try project.folder.write([name: text])
        let store = try project.store
        let summary = try Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:]))
            .importFile(project.folder.url.appendingPathComponent(name), displayName: name)
        return (summary, store, project)
    }

    private func slice(_ text: TweetText, _ entity: TextEntity) -> String? {
        guard let range = entity.range else { return nil }
        return String(String.UnicodeScalarView(Array(text.text.unicodeScalars)[range]))
    }

    @Test("every Mastodon file of the shared fixtures imports, each by one Mastodon format",
          arguments: ["mastodon_api", "mastodon_archive"])
    func everyFile(_ folder: String) throws {
        let files = try NetworkFixture.files(in: folder)
        #expect(files.count >= 8)
        for url in files {
            let (summary, _, _) = try importing(url)
            #expect(summary.formats.count == 1 && summary.formats[0].hasPrefix("Mastodon"), "\(url.lastPathComponent): \(summary.formats)")
        }
    }

    @Test("a remote status: its uri is its key, its content warning, custom emoji as text, the tag in the author's case, a GIF")
    func remoteStatus() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_entity_status__00_api_v1_statuses_110446223051565765.body.json")
        let (summary, store, _) = try importing(url)
        #expect(summary.formats == [MastodonFormat.status.name])
        let post = try #require(try store.allTweets().first)
        // The status's own id (past 2^53) is a per-server number; the uri is the same everywhere.
        #expect(post.id == "https://icosahedron.website/users/halcy/statuses/110446222386355655")
        #expect(post.network == .mastodon)
        #expect(post.webURL == "https://icosahedron.website/@halcy/110446222386355655")
        #expect(post.warning == "test post for mastodon.py stuff")
        #expect(post.author?.screenName == "halcy@icosahedron.website")
        #expect(post.author?.network == .mastodon)
        #expect(!post.text.text.contains("<") && !post.text.text.contains("&"))
        #expect(post.text.text.contains(":trans_heart:"))
        #expect(post.text.text.hasPrefix("@halcy you're a doo-doo head\n\nedit:"))
        let tag = try #require(post.text.entities.first { $0.kind == .hashtag })
        #expect(tag.value == "ThisIsAHashtag")
        #expect(slice(post.text, tag) == "#ThisIsAHashtag")
        let mention = try #require(post.text.entities.first { $0.kind == .user })
        #expect(mention.value == "halcy@icosahedron.website")
        #expect(slice(post.text, mention) == "@halcy")
        let media = try store.queue.read { db in try String.fetchAll(db, sql: "SELECT kind || ' ' || coalesce(alt, '') FROM tweet_media") }
        #expect(media == ["gif a furry cube breakdancing"])
    }

    @Test("a boost is stored as the booster's, pointing at the original, which is stored too")
    func reblog() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_status_reblog_unreblog__01_api_v1_statuses_117020586019094258_reblog.body.json")
        let (summary, store, _) = try importing(url)
        #expect(summary.newTweets == 1)
        #expect(summary.relatedTweets == 1)
        let tweets = try store.allTweets()
        let boost = try #require(tweets.first { $0.retweetOf != nil })
        #expect(boost.id.hasSuffix("/activity"))
        let original = try #require(tweets.first { $0.id == boost.retweetOf })
        #expect(!original.text.text.isEmpty)
        #expect(boost.text.text == original.text.text)
    }

    @Test("a tag timeline with no query counts toward that #tag; --term wins over it")
    func tagTimeline() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_hashtag_tl__02_api_v1_timelines_tag_hoot.body.json")
        #expect(try importing(url).0.terms == ["#hoot"])
        #expect(try importing(url, term: "owls").0.terms == ["owls"])
        // A public timeline shares no tag: no term, a timeline.
        let (summary, store, _) = try importing(NetworkFixture.shared("mastodon_api", "mastodonpy__test_public_tl__02_api_v1_timelines_public.body.json"))
        #expect(summary.terms.isEmpty)
        #expect(try store.timelines().map(\.name) == ["Mastodon timeline"])
    }

    @Test("an account's statuses are its timeline, named @name@instance")
    func accountTimeline() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_fetch_next_previous__11_api_v1_accounts_117020565966271181_statuses_limit_5.body.json")
        let (summary, store, _) = try importing(url)
        #expect(summary.newTweets == 5)
        #expect(try store.timelines().map(\.name) == ["@mastodonpy_test@localhost"])
    }

    @Test("a v2 search stores its statuses and their authors (not its matching accounts); an empty one imports with nothing; a query comes from --term")
    func search() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_entity_searchv2__02_api_v2_search_exclude_unreviewed_1_q_halcy_resolve_1.body.json")
        let (summary, store, _) = try importing(url, term: "halcy")
        #expect(summary.formats == [MastodonFormat.search.name])
        #expect(summary.newTweets == 2)
        #expect(summary.terms == ["halcy"])
        #expect(try store.people().count == Set(try store.allTweets().compactMap { $0.author?.id }).count)
        let empty = NetworkFixture.shared("mastodon_api", "mastodonpy__test_search__02_api_v2_search_q_mastodonpy_test_resolve_1_exclude_unreviewed_1_type_statuses.body.json")
        #expect(try importing(empty).0.newTweets == 0)
    }

    @Test("a context stores its ancestors and descendants")
    func context() throws {
        let url = NetworkFixture.shared("mastodon_api", "mastodonpy__test_entity_context__00_api_v1_statuses_110446983926957470_context.body.json")
        let (summary, _, _) = try importing(url)
        #expect(summary.formats == [MastodonFormat.context.name])
        #expect(summary.newTweets == 2)
    }

    @Test("quote is false, null or an object, by server version; an object's quoted status is stored and linked")
    func quoteShapes() throws {
        let quoted = NetworkFixture.status(id: "900000000000000001", content: "<p>the original</p>", acct: "bob")
        let statuses = [
            NetworkFixture.status(id: "900000000000000002", content: "<p>a</p>", extra: ["quote": false]),
            NetworkFixture.status(id: "900000000000000003", content: "<p>b</p>", extra: ["quote": NSNull()]),
            NetworkFixture.status(id: "900000000000000004", content: "<p>c</p>", extra: ["quote": ["state": "accepted", "quoted_status": quoted]]),
        ]
        let (summary, store, _) = try importing(text: NetworkFixture.json(statuses))
        #expect(summary.newTweets == 3)
        #expect(summary.relatedTweets == 1)
        let quoting = try #require(try store.allTweets().first { $0.quotes != nil })
        #expect(quoting.quotes == "https://example.social/users/bob/statuses/900000000000000001")
    }

    @Test("a tag the HTML does not link still counts; tags[].name's lower case never replaces the text's spelling")
    func unplacedTags() throws {
        let status = NetworkFixture.status(id: "1", content: "<p>Hello <a href=\"https://example.social/tags/SwiftLang\" class=\"mention hashtag\">#<span>SwiftLang</span></a></p>",
                                           tags: ["SwiftLang", "featured"])
        let (_, store, _) = try importing(text: NetworkFixture.json([status]), term: "hello")
        let post = try #require(try store.allTweets().first)
        #expect(post.text.entities.filter { $0.kind == .hashtag }.map(\.value) == ["SwiftLang", "featured"])
        #expect(try store.queue.read { db in try String.fetchAll(db, sql: "SELECT display FROM mention WHERE kind = 'hashtag' ORDER BY folded") } == ["featured", "SwiftLang"])
    }

    @Test("an export's outbox: every Create and Announce, the owner from the activities, boosts of bare URIs, content warnings")
    func outbox() throws {
        let (summary, store, _) = try importing(NetworkFixture.shared("mastodon_archive", "fossilizer__mastodon-export.tar__outbox.json"))
        #expect(summary.formats == [MastodonFormat.outbox.name])
        // totalItems says 223; 224 items are there, 190 Create and 34 Announce.
        #expect(summary.newTweets == 224)
        let tweets = try store.allTweets()
        #expect(tweets.filter { $0.retweetOf != nil }.count == 34)
        #expect(Set(tweets.compactMap { $0.author?.screenName }) == ["lmorchard@mastodon.social"])
        // A boost of an OStatus `tag:` URI shows it as text, never as a link.
        let tagBoost = try #require(tweets.first { $0.retweetOf?.hasPrefix("tag:") == true })
        #expect(tagBoost.text.entities.isEmpty)
        // Old mentions name only `@bkardell`: the instance comes from the link.
        #expect(tweets.flatMap(\.text.entities).contains { $0.kind == .user && $0.value == "bkardell@mastodon.social" })
    }

    @Test("one activity: the summary is its content warning, mentions name their instance, attachments keep their paths")
    func activity() throws {
        let (summary, store, _) = try importing(NetworkFixture.shared("mastodon_archive", "fossilizer__activity-with-attachment.json"))
        #expect(summary.formats == [MastodonFormat.activity.name])
        let post = try #require(try store.allTweets().first)
        #expect(post.warning == "poop (literally)")
        #expect(post.text.entities.filter { $0.kind == .user }.map(\.value) == ["george@a2mi.social", "samfirke@a2mi.social"])
        #expect(post.text.text.contains(":ablobjoy:"))
        #expect(post.author?.screenName == "lmorchard@hackers.town")
        let images = try store.queue.read { db in try String.fetchAll(db, sql: "SELECT image_url FROM tweet_media ORDER BY position") }
        #expect(images == ["media_attachments/files/002/337/518/original/ebbb5d342877102f.jpg",
                           "media_attachments/files/002/337/520/original/63a81769839a7ef6.jpg"])
    }

    @Test("an outbox page as a server serves it (OrderedCollectionPage) imports like the export's")
    func outboxPage() throws {
        let page: [String: Any] = [
            "type": "OrderedCollectionPage", "id": "https://example.social/users/alice/outbox?page=true",
            "orderedItems": [[
                "id": "https://example.social/users/alice/statuses/1/activity", "type": "Create", "actor": "https://example.social/users/alice",
                "object": ["id": "https://example.social/users/alice/statuses/1", "type": "Note", "published": "2026-01-01T00:00:00Z",
                           "content": "<p>Hi <a href=\"https://example.social/tags/Swift\" rel=\"tag\">#<span>Swift</span></a></p>",
                           "tag": [["type": "Hashtag", "name": "#swift", "href": "https://example.social/tags/swift"]]],
            ]],
        ]
        let (summary, store, _) = try importing(text: NetworkFixture.json(page))
        #expect(summary.newTweets == 1)
        let post = try #require(try store.allTweets().first)
        #expect(post.author?.screenName == "alice@example.social")
        #expect(post.text.entities.map(\.value) == ["Swift"])
    }

    @Test("the export's actor.json, likes.json and bookmarks.json import: the owner is stored, bare URIs store nothing")
    func exportSideFiles() throws {
        let (_, store, _) = try importing(NetworkFixture.shared("mastodon_archive", "fossilizer__actor.json"))
        #expect(try store.people().map(\.user.screenName) == ["lmorchard@mastodon.social"])
        #expect(try importing(NetworkFixture.shared("mastodon_archive", "fossilizer__mastodon-export.tar__likes.json")).0.newTweets == 0)
    }

    @Test("a status carrying `text` (as a deleted or edited one does) is Mastodon's, alone or in a list, never a tweet")
    func statusWithText() throws {
        let status = NetworkFixture.status(id: "900000000000000009", content: "<p>redraft me</p>", extra: ["text": "redraft me"])
        #expect(try importing(text: NetworkFixture.json(status)).0.formats == [MastodonFormat.status.name])
        #expect(try importing(text: NetworkFixture.json([status])).0.formats == [MastodonFormat.statuses.name])
    }
}
