import Testing
@testable import Tally

/// Mastodon's HTML reduced to text: what a server sends, and what a hostile one could.
@Suite("Mastodon HTML to text")
struct MastodonHTMLTests {
    private func reduce(_ html: String) -> TweetText {
        MastodonHTML.text(html) { href, shown in MastodonReader.accountName(fromProfile: href, shown: shown) }
    }

    private func slice(_ text: TweetText, _ entity: TextEntity) -> String {
        String(String.UnicodeScalarView(Array(text.text.unicodeScalars)[entity.range!]))
    }

    @Test("paragraphs and <br> become line breaks; a link's hidden parts stay in the text and leave its short form")
    func linksAndBreaks() {
        let text = reduce("""
            <p>One<br>two</p><p><a href="https://example.com/a/very/long/path" rel="nofollow noopener" target="_blank">\
            <span class="invisible">https://</span><span class="ellipsis">example.com/a/very</span><span class="invisible">/long/path</span></a></p>
            """)
        #expect(text.text == "One\ntwo\n\nhttps://example.com/a/very/long/path")
        let link = try! #require(text.entities.first)
        #expect(link.kind == .url)
        #expect(link.expandedURL == "https://example.com/a/very/long/path")
        #expect(link.displayURL == "example.com/a/very…")
        #expect(slice(text, link) == "https://example.com/a/very/long/path")
    }

    @Test("h-card mentions name their instance; hashtags keep the text's case")
    func mentionsAndTags() {
        let text = reduce("""
            <p><span class="h-card"><a href="https://other.social/@Bob" class="u-url mention">@<span>Bob</span></a></span> \
            <a href="https://example.social/tags/SwiftUI" class="mention hashtag" rel="tag">#<span>SwiftUI</span></a></p>
            """)
        #expect(text.text == "@Bob #SwiftUI")
        #expect(text.entities.map(\.kind) == [.user, .hashtag])
        #expect(text.entities.map(\.value) == ["Bob@other.social", "SwiftUI"])
        #expect(text.entities.map(\.folded) == ["bob@other.social", "swiftui"])
    }

    @Test("hostile HTML stays inert: scripts and styles vanish, javascript: links are plain text, tags never survive")
    func hostile() {
        let text = reduce("""
            <p>a<script>alert(1)</script>b<style>p{}</style>c<SCRIPT type="x">document.cookie</SCRIPT>d</p>\
            <p><a href="javascript:alert(1)">click</a> <a href=" JaVaScRiPt:alert(2)" class="x">me</a> \
            <a href="data:text/html,<script>x</script>">data</a></p><!-- <script>hidden</script> -->\
            <p><img src=x onerror=alert(3)>e<iframe src="https://evil.example">f</iframe>g</p>
            """)
        #expect(text.text == "abcd\n\nclick me data\n\neg")
        #expect(text.entities.isEmpty)
        #expect(!text.text.contains("<") && !text.text.contains(">"))
    }

    @Test("character references decode once: an escaped tag stays text, never markup")
    func entityTricks() {
        let text = reduce("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt;b&amp;gt; &#60;i&#x3E; &#0; &#x110000; &bogus; AT&T &#39;q&quot;</p>")
        #expect(text.text == "<script>alert(1)</script> &lt;b&gt; <i> \u{FFFD} \u{FFFD} &bogus; AT&T 'q\"")
        #expect(text.entities.isEmpty)
    }

    @Test("nested and unclosed spans and links, a stray <, attributes with > in quotes: the text is kept whole")
    func brokenMarkup() {
        let text = reduce("""
            <p><span><span><span class="invisible">deep</span></span>x < y</p><p title="a>b">ok</p>\
            <a href="https://example.com/x"><a href="https://example.com/y">inner</a> tail
            """)
        #expect(text.text == "deepx < y\n\nok\n\ninner tail")
        #expect(text.entities.count == 1)
        #expect(text.entities.first?.expandedURL == "https://example.com/x")
    }
}
