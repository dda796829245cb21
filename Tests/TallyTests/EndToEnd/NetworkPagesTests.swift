import Foundation
import Testing
@testable import Tally

/// From Mastodon, Bluesky and Twitter files to built pages: each post and person marked with its
/// network and linked to its own site.
@Suite("Pages of posts from every network")
struct NetworkPagesTests {
    private func project() throws -> TestProject {
        let project = TestProject()
        var status = NetworkFixture.status(id: "109000000000000001", content: """
            <p>Ships <a href="https://example.social/tags/Swift" class="mention hashtag" rel="tag">#<span>Swift</span></a> \
            <span class="h-card"><a href="https://other.example/@bob" class="u-url mention">@<span>bob</span></a></span>\
            <script>alert(1)</script><a href="javascript:alert(2)">x</a></p>
            """, tags: ["Swift"])
        status["spoiler_text"] = "spoilers <b>ahead</b>"
        let text = "Also #swift here"
        let post = NetworkFixture.post(rkey: "3kabc", text: text, facets: [
            NetworkFixture.facet(text, "#swift", ["$type": "app.bsky.richtext.facet#tag", "tag": "swift"]),
        ])
        try project.folder.write([
            "mastodon.json": NetworkFixture.json([status]),
            "bluesky.json": NetworkFixture.json(["posts": [post]]),
            "tweets.json": Synthetic.searchPage(query: "swift", [TweetSpec(id: "1590090868878635008", text: "A tweet about #Swift")]),
        ])
        try project.importFiles(["mastodon.json", "bluesky.json"], term: "swift")
        try project.importFiles(["tweets.json"])
        try project.build()
        return project
    }

    @Test("a Mastodon and a Bluesky post show their badges and links to their own sites beside a tweet")
    func badgesAndLinks() throws {
        let project = try project()
        let page = try project.page("all-tweets/index.html")
        #expect(page.contains("<span class=\"network-badge network-mastodon\">Mastodon</span>"))
        #expect(page.contains("<span class=\"network-badge network-bluesky\">Bluesky</span>"))
        #expect(page.contains("<span class=\"network-badge network-twitter\">Twitter</span>"))
        #expect(page.contains("<a class=\"tweet-web\" href=\"https://example.social/@alice/109000000000000001\" rel=\"nofollow noopener\">View on Mastodon</a>"))
        #expect(page.contains("<a class=\"tweet-web\" href=\"https://bsky.app/profile/alice.bsky.social/post/3kabc\" rel=\"nofollow noopener\">View on Bluesky</a>"))
        // The content warning is a <details> the reader opens; its text is escaped, never markup.
        #expect(page.contains("<details class=\"tweet-warning\"><summary>spoilers &lt;b&gt;ahead&lt;/b&gt;</summary>"))
        #expect(!page.contains("alert(1)") && !page.contains("javascript:"))
        // The mention of someone not stored leads to their profile on their own server.
        #expect(page.contains("href=\"https://other.example/@bob\""))
    }

    @Test("hashtags of every network are one on the search's popularity page and the hashtag's page")
    func oneHashtag() throws {
        let project = try project()
        // "swift" searched on Twitter, Mastodon and Bluesky: one hashtag on the combined page.
        let popularity = try project.page("searches/swift/everywhere/index.html")
        #expect(popularity.contains("<h1>Popularity of swift everywhere</h1>"))
        #expect(popularity.contains(">#Swift</a></td>\n<td class=\"align-right\">3</td>"))
        let hashtag = try project.page("hashtags/swift/index.html")
        #expect(hashtag.contains("network-mastodon") && hashtag.contains("network-bluesky") && hashtag.contains("network-twitter"))
    }

    @Test("people are marked with their network and linked to their profile there")
    func people() throws {
        let project = try project()
        let files = project.outputFiles()
        let mastodon = try #require(files.first { $0.hasPrefix("people/alice-example-social") && $0.hasSuffix("index.html") })
        let page = try project.page(mastodon)
        #expect(page.contains("<a href=\"https://example.social/@alice\">On Mastodon</a>"))
        let bluesky = try #require(files.first { $0.hasPrefix("people/alice-bsky-social") && $0.hasSuffix("index.html") })
        #expect(try project.page(bluesky).contains("<a href=\"https://bsky.app/profile/alice.bsky.social\">On Bluesky</a>"))
    }

    @Test("the site search holds the Mastodon and the Bluesky post, by their text")
    func searchFindsBoth() throws {
        let project = try project()
        var documents: [SearchDocument] = []
        try TwitterSearchDocuments.produce(try project.store) { documents.append($0) }
        // Mastodon and Bluesky posts are results of the kind "Post", not "Tweet".
        let posts = documents.filter { $0.kind == TwitterSearchDocuments.post }
        #expect(posts.contains { $0.body.hasPrefix("Ships #Swift @bob") && $0.path == Routes.tweet("https://example.social/users/alice/statuses/109000000000000001") })
        #expect(posts.contains { $0.body == "Also #swift here" && $0.path == Routes.tweet("at://did:plc:alice/app.bsky.feed.post/3kabc") })
        #expect(documents.contains { $0.kind == TwitterSearchDocuments.person && $0.title == "Alice (@alice@example.social)" })
    }
}
