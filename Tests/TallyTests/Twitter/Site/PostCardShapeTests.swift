import Testing
@testable import Tally

/// Post cards walk themselves as they encode (`PostCard+Shape`).
@Suite("Post card walks")
struct PostCardShapeTests {
    @Test("every post of the sample content, of every network, walks itself as its card encodes; so do its People and Hashtags pages")
    func sampleContent() throws {
        let project = TestProject()
        try project.importSampleContent()
        let store = try project.store
        let ids = try store.tweetIDs(.all).ids
        #expect(ids.count > 100)
        let chunk = try store.tweetChunk(ids: ids)
        let directory = TwitterDirectory(terms: [], people: try store.people(), hashtags: [])
        var quoted = 0, withMedia = 0, longText = 0
        for tweet in chunk.tweets {
            let card = PostCard(tweet, chunk: chunk, directory: directory)
            try ShapeWalkerTests.expectSame(card)
            if card.post.hasQuote { quoted += 1 }
            if card.post.hasMedia { withMedia += 1 }
            if card.post.text.count >= TemplateSkeletons.runLength { longText += 1 }
        }
        // The sample holds every kind of part a card walks.
        #expect(quoted > 0 && withMedia > 0 && longText > 0)

        // Its People and Hashtags pages, with a person pinned and one missing, and without.
        let people = try store.people()
        #expect(people.count >= TemplateSkeletons.runLength)
        let rows = people.map { PersonRow($0, from: Routes.people, directory: directory) }
        try ShapeWalkerTests.expectSame(PeoplePage(count: rows.count, pinned: Array(rows.prefix(1)), hasPinned: true, missing: "@nobody",
                                                   hasMissing: true, rows: rows))
        try ShapeWalkerTests.expectSame(PeoplePage(count: rows.count, pinned: [], hasPinned: false, missing: "", hasMissing: false, rows: rows))
        let hashtags = try store.hashtags().map { PageRow(text: "#" + $0.display, href: Routes.hashtag($0.folded), count: $0.tweetCount) }
        #expect(hashtags.count >= TemplateSkeletons.runLength)
        try ShapeWalkerTests.expectSame(HashtagsPage(rows: hashtags, count: hashtags.count))
        try ShapeWalkerTests.expectSame(HashtagsPage(rows: Array(hashtags.prefix(2)), count: 2))
    }

    @Test("a retweet of a reply with a warning, counts and a quote walks itself as it encodes")
    func everyField() throws {
        let person = PostCard.Person(isKnown: true, name: "Ann", hasPage: true, pageHref: "people/ann/", hasHandle: true, handle: "@ann",
                                     initials: "A", hasAvatar: true, avatarSrc: "https://example.org/a.png")
        let time = PostCard.Time(iso: "2024-01-01T00:00:00Z", text: "1 Jan 2024 00:00 UTC")
        let parts = (0..<9).map { PostCard.TextPart(isText: $0 % 2 == 0, isBreak: false, isLink: $0 % 2 == 1, value: "v\($0)", linkClass: "hashtag",
                                                    href: "h\($0)", isExternal: $0 == 3, hasTitle: $0 == 3, title: $0 == 3 ? "t" : "") }
        let media = PostCard.Media(href: "m/", src: "m.jpg", alt: "a cat", width: 640, height: 480, hasBadge: true, badge: "GIF")
        let quote = PostCard.Post(person: person, href: "q/", time: time, network: "bluesky", networkLabel: "Bluesky", hasWebLink: true, webHref: "w",
                                  isReply: false, replyingTo: "", hasParentLink: false, parentHref: "", hasWarning: false, warning: "",
                                  text: [parts[0]], hasMedia: true, media: [media], hasQuote: false, quote: [], hasCounts: false, counts: [])
        let post = PostCard.Post(person: person, href: "p/", time: time, network: "mastodon", networkLabel: "Mastodon", hasWebLink: true, webHref: "w",
                                 isReply: true, replyingTo: "@bob", hasParentLink: true, parentHref: "b/", hasWarning: true, warning: "spoilers",
                                 text: parts, hasMedia: true, media: [media, media], hasQuote: true, quote: [quote], hasCounts: true,
                                 counts: [PostCard.Count(text: "3 replies", separator: " · "), PostCard.Count(text: "1 like", separator: "")])
        try ShapeWalkerTests.expectSame(PostCard(isRetweet: true, retweetedBy: person, retweetVerb: "boosted", retweetHref: "r/", retweetTime: time, post: post))
        try ShapeWalkerTests.expectSame(PostCard(isRetweet: false, retweetedBy: person, retweetVerb: "", retweetHref: "", retweetTime: time, post: quote))
    }
}
