import Testing
@testable import Tally

/// A post's page and a list's page walk themselves as they encode, placing the same fragments
/// and shared parts in the page's table (`TweetPage+Shape`, `TweetListPage+Shape`).
@Suite("Post and list page walks")
struct TweetPageShapeTests {
    private struct Item: Encodable, Sendable {
        var name: String
    }

    /// Both walks of `model` (`ShapeWalkerTests.expectSame`), which places fragments.
    private func expectSame(_ model: some ShapeWalkable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ShapeWalkerTests.expectSame(model, sourceLocation: sourceLocation)
        let table = HTMLFragment.Table()
        _ = try HTMLFragment.$table.withValue(table) { try ShapeWalker.walk(model) }
        #expect(table.count > 0, "the model placed fragments", sourceLocation: sourceLocation)
    }

    @Test("a post's page with its thread, pictures, links, hashtags, people and searches, and one with none")
    func tweetPage() throws {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "x/_item.html": Array("<b>{{name}}</b>".utf8)], origin: "test")
        let parts = SharedParts(template: "x/_item", theme: theme)
        let names = (0..<12).map { "p\($0)" }
        try parts.add(names) { Item(name: names[$0]) }
        func part(_ n: Int) throws -> SharedPart { try #require(parts.part("p\(n)")) }
        let links = (0..<9).map { PageLink(text: "#tag\($0)", href: "hashtags/tag\($0)/") }
        let full = TweetPage(heading: "A post", card: try part(0),
                             parents: SharedPartList(listClass: "thread", items: [try part(1), try part(2)]), hasParents: true,
                             replies: SharedPartList(listClass: "replies", items: try (3..<12).map(part)), hasReplies: true,
                             images: .element("img", ["src": "a.png", "alt": "a"]), links: [.text("one"), .element("a", ["href": "https://x.org"], [.text("x")])],
                             hasLinks: true, hashtags: links, hasHashtags: true, users: Array(links.prefix(2)), hasUsers: true,
                             terms: [], hasTerms: false, webHref: "https://example.org/1", webLabel: "Mastodon", allTweetsHref: "all-tweets/")
        try expectSame(full)
        let bare = TweetPage(heading: "", card: try part(0), parents: SharedPartList(listClass: "thread", items: []), hasParents: false,
                             replies: SharedPartList(listClass: "replies", items: []), hasReplies: false, images: nil, links: [], hasLinks: false,
                             hashtags: [], hasHashtags: false, users: [], hasUsers: false, terms: [], hasTerms: false,
                             webHref: "", webLabel: "Twitter", allTweetsHref: "all-tweets/")
        try expectSame(bare)

        let list = TweetListPage(heading: "#tag", intro: "12 posts, newest first", links: Array(links.prefix(1)),
                                 header: .element("p", [:], [.text("profile")]), pager: .text("1 2 3"),
                                 list: SharedPartList(listClass: "tweets", items: try (0..<12).map(part)), hasTweets: true)
        try expectSame(list)
        var older = list
        older.header = nil
        older.list = SharedPartList(listClass: "tweets", items: [])
        older.hasTweets = false
        try expectSame(older)
    }
}
