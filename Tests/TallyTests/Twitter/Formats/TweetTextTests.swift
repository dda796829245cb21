import Testing
@testable import Tally

@Suite("Tweet text and entity offsets")
struct TweetTextTests {
    private func slice(_ text: TweetText, _ entity: TextEntity) -> String {
        let scalars = Array(text.text.unicodeScalars)
        return String(String.UnicodeScalarView(scalars[entity.range!]))
    }

    @Test("offsets are code points into the escaped text; the result is unescaped once")
    func escapedOffsets() {
        // "Q&amp;A 🍕 #pizza": the hashtag starts at code point 12 of the escaped text.
        let text = TweetText(escaped: "Q&amp;A 🍕 #pizza", entities: [TextEntity(kind: .hashtag, value: "pizza", range: 10..<16)])
        #expect(text.text == "Q&A 🍕 #pizza")
        #expect(slice(text, text.entities[0]) == "#pizza")
    }

    @Test("double-escaped text is unescaped only once")
    func once() {
        #expect(TweetText(escaped: "&amp;lt;b&amp;gt;", entities: []).text == "&lt;b&gt;")
    }

    @Test("an entity whose offsets miss is found in the text instead")
    func fallback() {
        let text = TweetText(escaped: "RT @x: loving #Swift today", entities: [TextEntity(kind: .hashtag, value: "Swift", range: 40..<46)])
        #expect(slice(text, text.entities[0]) == "#Swift")
    }

    @Test("an entity that is nowhere keeps no range but still counts")
    func unplaced() {
        let text = TweetText(escaped: "RT @x: loving #Swi…", entities: [TextEntity(kind: .hashtag, value: "SwiftLang", range: 14..<24)])
        #expect(text.entities[0].range == nil)
        #expect(ImportedTweet(id: "1", author: nil, createdAt: 0, text: text).distinctMentions.count == 1)
    }

    @Test("hashtags and mentions are found in plain text, Unicode included, emails and numbers not")
    func extraction() {
        let found = TweetText.extractEntities(from: "@Bob #ÄRGER mail a@b.com #2024 #Swift6 ＃日本 x#no")
        #expect(found.map(\.value) == ["Bob", "ÄRGER", "Swift6", "日本"])
        #expect(found.map(\.kind) == [.user, .hashtag, .hashtag, .hashtag])
    }

    @Test("mentions fold by Unicode lower-casing, not ASCII only")
    func folding() {
        #expect(TextEntity(kind: .hashtag, value: "ÄRGER", range: nil).folded == TextEntity(kind: .hashtag, value: "ärger", range: nil).folded)
        #expect(TextEntity(kind: .hashtag, value: "Swift", range: nil).folded == "swift")
    }

    @Test("a tweet naming a tag twice mentions it once")
    func distinct() {
        let text = TweetText(text: "#swift #Swift @a @A", entities: TweetText.extractEntities(from: "#swift #Swift @a @A"))
        #expect(ImportedTweet(id: "1", author: nil, createdAt: 0, text: text).distinctMentions.count == 2)
    }
}

@Suite("Entity placement checks the sigil")
struct EntitySigilTests {
    @Test("a hashtag's offsets landing on an @mention of the same name are not accepted")
    func wrongSigil() {
        // Offsets point at "@Swift"; the hashtag #Swift is elsewhere and must be found there.
        let text = TweetText(escaped: "@Swift likes #Swift", entities: [TextEntity(kind: .hashtag, value: "Swift", range: 0..<6)])
        #expect(text.entities[0].range == 13..<19)
    }

    @Test("every month name parses", arguments: Array(zip(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], 1...12)))
    func months(_ name: String, _ number: Int) {
        let parsed = TwitterDate.parse("Fri \(name) 01 00:00:00 +0000 2021")
        #expect(parsed == UTCTime.seconds(year: 2021, month: number, day: 1, hour: 0, minute: 0, second: 0, offset: 0))
    }
}
