import Foundation
import Testing
@testable import Tally

/// Tweets shown as their authors meant them, checked on the real files.
@Suite("Tweet cards on real files")
struct TweetCardTests {
    /// A store with the given fixtures and the cards' directory, as a build makes them.
    private func load(_ names: [String]) throws -> (Store, TwitterDirectory, TestProject) {
        let project = TestProject()
        let store = try project.store
        let importer = Importer(store: store)
        for name in names { _ = try importer.importFile(Fixture.url(name), displayName: name) }
        let directory = TwitterDirectory(terms: try store.allTerms(), people: try store.people(), hashtags: try store.hashtags())
        return (store, directory, project)
    }

    /// The card of tweet `id` as its own page shows it: rendered by the default theme's partial,
    /// its links made relative to `tweets/ID/index.html`.
    private func card(_ id: String, _ store: Store, _ directory: TwitterDirectory) throws -> String {
        let cards = PostCards(theme: try Theme.load(folder: nil), directory: directory)
        var found: String?
        try store.forEachTweetChunk(.all, size: 500) { chunk in
            if chunk.tweets.contains(where: { $0.id == id }) {
                try cards.prepare(chunk)
                found = HTMLFragment.placingRoot(in: try cards.card(id).html(), root: Routes.root(from: Routes.tweet(id)))
            }
        }
        return try #require(found, "tweet \(id) is stored")
    }

    /// A tweet's text as the card's partial shows it (the inside of `<p class="tweet-text">`).
    private func text(_ tweet: StoredTweet, _ chunk: TweetChunk, _ directory: TwitterDirectory, theme: Theme) throws -> String {
        let post = PostCard.Post(tweet, chunk: chunk, directory: directory, nested: true)
        let html = try PartialRenderer(theme: theme, template: "twitter/_card-post").render(post)
        let start = try #require(html.range(of: "<p class=\"tweet-text\">"))
        let end = try #require(html[start.upperBound...].range(of: "</p>"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    /// The text a reader sees: tags dropped, `<br>` as a line break, entities decoded once.
    private func visible(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<br>", with: "\n")
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The text as written, each placed link replaced by its display URL; with pictures shown,
    /// their own links (`pic.twitter.com/…`) left out and the line breaks and spaces they leave at the end.
    private func shown(_ text: TweetText, media: Bool = false) -> String {
        var scalars = Array(text.text.unicodeScalars)
        let links = text.entities.filter { $0.kind == .url && $0.range != nil && Routes.external($0.expandedURL ?? $0.value) != nil }
        for link in links.sorted(by: { $0.range!.lowerBound > $1.range!.lowerBound }) where link.range!.upperBound <= scalars.count {
            let address = (link.expandedURL ?? "").lowercased()
            let picture = media && ((link.displayURL ?? "").hasPrefix("pic.twitter.com/") || address.contains("/photo/") || address.contains("/video/"))
            scalars.replaceSubrange(link.range!, with: picture ? "".unicodeScalars
                                    : (link.displayURL ?? String(String.UnicodeScalarView(scalars[link.range!]))).unicodeScalars)
        }
        var out = String(String.UnicodeScalarView(scalars))
        if media { while let last = out.last, last.isWhitespace { out.removeLast() } }
        return out
    }

    @Test("every tweet's text reads as written, line breaks kept, each entity linked over exactly its own text",
          arguments: ["v1-search-extended-rstats.json", "v2-brexit.jsonl", "v1-search-freebandnames.json", "archive-tweets.js"])
    func everyText(file: String) throws {
        let (store, directory, _) = try load([file])
        var checked = 0
        let theme = try Theme.load(folder: nil)
        try store.forEachTweetChunk(.all, size: 500) { chunk in
            for tweet in chunk.tweets {
                let html = try text(tweet, chunk, directory, theme: theme)
                let expected = shown(tweet.text, media: !(chunk.media[tweet.id] ?? []).isEmpty)
                #expect(visible(html).trimmingCharacters(in: .whitespaces) == expected.trimmingCharacters(in: .whitespaces), "\(tweet.id)")
                #expect(html.components(separatedBy: "<br>").count - 1 == expected.filter { $0 == "\n" }.count, "\(tweet.id)")
                let scalars = Array(tweet.text.text.unicodeScalars)
                for entity in tweet.text.entities where entity.kind != .url {
                    guard let range = entity.range else { continue }
                    let shown = String(String.UnicodeScalarView(scalars[range]))
                    let escaped = SafeHTMLContentType.escape(shown)
                    #expect(html.contains("\">\(escaped)</a>"), "\(tweet.id): \(shown)")
                }
                checked += 1
            }
        }
        #expect(checked > 0)
    }

    @Test("a truncated retweet shows who retweeted, then the original in full with its author")
    func retweet() throws {
        let (store, directory, _) = try load(["v1-search-extended-rstats.json"])
        let html = try card("1590090868878635008", store, directory)
        #expect(html.contains("<p class=\"tweet-context\">↻ "))
        #expect(html.contains(" retweeted · <a class=\"tweet-date\" href=\"../../tweets/1590090868878635008/index.html\">"))
        #expect(html.contains("@CStoreNews_</span>"))
        #expect(!visible(html).contains("RT @CStoreNews_"))
        #expect(!visible(html).contains("…"))
    }

    @Test("an archive's retweet, kept as 'RT @x: …' text, shows as a retweet card: who retweeted, then @x's post")
    func archiveRetweet() throws {
        let (store, directory, _) = try load(["archive-tweets.js"])
        let html = try card("2029604193200152772", store, directory)
        #expect(html.hasPrefix("<article class=\"tweet tweet-retweet\"><p class=\"tweet-context\">↻ "), "\(html)")
        #expect(html.contains(" retweeted · <a class=\"tweet-date\" href=\"../../tweets/2029604193200152772/index.html\">"))
        let context = try #require(html.range(of: "</p>").map { String(html[..<$0.lowerBound]) })
        #expect(context.contains("Unknown author") && !context.contains("StephanRPalm"), "the archive's owner retweeted, not @x: \(context)")
        #expect(html.contains("@StephanRPalm"))
        #expect(!visible(html).contains("RT @StephanRPalm"))
        #expect(visible(html).contains("@CDU Das hier ist der Grund"))
        // A tweet that only mentions someone stays as written.
        let plain = try card("2029905358261502168", store, directory)
        #expect(!plain.contains("tweet-retweet"))
    }

    @Test("`&amp;` before an entity is unescaped once, and the entity after it still lands on its text")
    func ampersand() throws {
        let (store, directory, _) = try load(["v1-search-extended-rstats.json"])
        let html = try card("1590089958886211589", store, directory)
        // The original is escaped once by Twitter (`&amp;` in the file): it shows as `&`.
        #expect(html.contains("statistic &amp; p-value"))
        #expect(html.contains(">#rstats</a>") || html.contains(">#tidyverse</a>"))
    }

    @Test("an emoji before an entity does not shift it; line breaks show as breaks")
    func emojiAndLines() throws {
        let (store, directory, _) = try load(["v1-search-extended-rstats.json"])
        let emoji = try card("1589632502309990401", store, directory)
        #expect(emoji.contains("class=\"hashtag\""))
        let lines = try card("1587243808416202754", store, directory)
        #expect(lines.contains("👈<br><br>Todo vale igual."))
    }

    @Test("a quote shows the quoted tweet inside, as a card with its author")
    func quote() throws {
        let (store, directory, _) = try load(["v1-status-quote.json"])
        let html = try card("850413178534211584", store, directory)
        let quote = try #require(html.range(of: "<blockquote class=\"tweet-quote\">"))
        #expect(html[quote.upperBound...].contains("class=\"tweet-name\""))
        #expect(html[quote.upperBound...].contains("tweets/850408344175222784/index.html"))
    }

    @Test("a link shows its display URL and goes to its expanded URL, nofollow noopener; avatars are lazy with a size and initials")
    func linksAndAvatars() throws {
        let (store, directory, _) = try load(["v1-search-freebandnames.json"])
        let tweets = try store.allTweets()
        let withAvatar = try #require(tweets.first { $0.author?.avatarURL != nil })
        let html = try card(withAvatar.id, store, directory)
        #expect(html.contains("<span class=\"avatar-initials\" aria-hidden=\"true\">"))
        #expect(html.contains("loading=\"lazy\"") && html.contains("width=\"48\" height=\"48\""))
        #expect(html.contains("<time datetime=\"20"))
        let (rstats, rstatsDirectory, _) = try load(["v1-search-extended-rstats.json"])
        let linked = try #require(try rstats.allTweets().first { $0.text.entities.contains { $0.kind == .url && $0.displayURL != nil && $0.range != nil } })
        let url = linked.text.entities.first { $0.kind == .url && $0.displayURL != nil && $0.range != nil }!
        let shown = try text(linked, TweetChunk(tweets: [linked]), rstatsDirectory, theme: try Theme.load(folder: nil))
        #expect(shown.contains("rel=\"nofollow noopener\""))
        #expect(shown.contains(">\(SafeHTMLContentType.escape(url.displayURL!))</a>"))
    }

    @Test("an unknown author's tweet links to twitter.com/i/web/status/ID")
    func unknownAuthor() {
        #expect(Routes.tweetOnWeb("123", screenName: nil) == "https://twitter.com/i/web/status/123")
        #expect(Routes.tweetOnWeb("123", screenName: "jack") == "https://twitter.com/jack/status/123")
    }

    @Test("a picture's link and the quoted tweet's address leave the text when the card shows them")
    func shownLinksLeave() {
        func link(_ value: String, _ title: String) -> PostCard.TextPart {
            PostCard.TextPart(isText: false, isBreak: false, isLink: true, value: value, linkClass: "link", href: title, isExternal: true,
                              hasTitle: true, title: title)
        }
        let text = PostCard.TextPart(isText: true, isBreak: false, isLink: false, value: "Look ", linkClass: "", href: "", isExternal: false,
                                     hasTitle: false, title: "")
        let lineBreak = PostCard.TextPart(isText: false, isBreak: true, isLink: false, value: "", linkClass: "", href: "", isExternal: false,
                                          hasTitle: false, title: "")
        let site = link("example.org/a", "https://example.org/a")
        let picture = link("pic.twitter.com/abc", "https://twitter.com/ada/status/9/photo/1")
        let quote = link("twitter.com/bob/status/7…", "https://twitter.com/bob/status/7")
        let parts = [text, site, lineBreak, quote, lineBreak, picture]
        #expect(PostCard.Post.withoutShownLinks(parts, media: true, quoted: "7").map(\.value) == ["Look ", "example.org/a"])
        #expect(PostCard.Post.withoutShownLinks(parts, media: false, quoted: "7").map(\.value) == ["Look ", "example.org/a", "", "", "pic.twitter.com/abc"])
        #expect(PostCard.Post.withoutShownLinks(parts, media: false, quoted: "8").count == parts.count)
        #expect(PostCard.Post.withoutShownLinks(parts, media: false, quoted: nil).count == parts.count)
        // A Bluesky post quoting another may link it by its bsky.app address.
        let bluesky = link("bsky.app/profile/bsky...", "https://bsky.app/profile/bskyr.bsky.social/post/3lc5c5qv72r2w")
        let quotedURI = "at://did:plc:5c2r73erhng4bszmxlfdtscf/app.bsky.feed.post/3lc5c5qv72r2w"
        #expect(PostCard.Post.withoutShownLinks([text, site, lineBreak, bluesky], media: false, quoted: quotedURI).map(\.value) == ["Look ", "example.org/a"])
        #expect(PostCard.Post.withoutShownLinks([text, bluesky], media: false, quoted: "at://did:plc:x/app.bsky.feed.post/other").count == 2)
    }

    @Test("a text's entities are cut by code points among characters of every width, and its lines end at each line feed but a CR LF's")
    func textParts() {
        // "é" as e and a combining accent, a flag of two scalars, CR LF inside the second line.
        let text = "e\u{301} #Tag 🇫🇷 @ada\nline\r\ntwo\n\nend\n"
        let tag = TextEntity(kind: .hashtag, value: "Tag", range: 3..<7)
        let mention = TextEntity(kind: .user, value: "ada", range: 11..<15)
        let parts = PostCard.TextPart.parts(TweetText(text: text, entities: [tag, mention]), directory: TwitterDirectory(terms: [], people: [], hashtags: []))
        #expect(parts.map { $0.isBreak ? "⏎" : $0.value } == ["e\u{301} ", "#Tag", " 🇫🇷 ", "@ada", "⏎", "line\r\ntwo", "⏎", "⏎", "end", "⏎"])
        #expect(parts.map(\.isLink) == [false, true, false, true, false, false, false, false, false, false])
        // An entity past the text's end, or over another, stays plain.
        let late = TextEntity(kind: .user, value: "bob", range: 30..<40)
        let over = TextEntity(kind: .user, value: "ag", range: 5..<7)
        #expect(PostCard.TextPart.parts(TweetText(text: "ab #Tag", entities: [TextEntity(kind: .hashtag, value: "Tag", range: 3..<7), over, late]),
                               directory: TwitterDirectory(terms: [], people: [], hashtags: [])).map(\.value) == ["ab ", "#Tag"])
    }
}

