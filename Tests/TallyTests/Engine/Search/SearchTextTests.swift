import Testing
@testable import Tally

@Suite("Search tokens: folding, bigrams, sigils")
struct SearchTextTests {
    @Test("case and accents fold away for Latin scripts", arguments: [
        ("Café", ["cafe"]), ("ÄRGER über Straße", ["arger", "uber", "straße"]), ("NIÑO", ["nino"]),
        ("ｃａｆｅ", ["cafe"]), ("ﬁsh", ["fish"]), ("ΟΔΟΣ", ["οδοσ"]), ("Zürich-2024", ["zurich", "2024"]),
    ])
    func folding(text: String, expected: [String]) {
        #expect(SearchText.tokens(text) == expected)
    }

    @Test("hashtags and mentions are indexed without their sigils")
    func sigils() {
        #expect(SearchText.tokens("#Swift and @jack_dorsey, ＃rstats!") == ["swift", "and", "jack_dorsey", "rstats"])
    }

    @Test("Chinese and Japanese runs become overlapping character pairs; a lone character stays itself")
    func bigrams() {
        #expect(SearchText.tokens("ソードマスター") == ["ソー", "ード", "ドマ", "マス", "スタ", "ター"])
        #expect(SearchText.tokens("一") == ["一"])
        #expect(SearchText.tokens("Swiftの勉強 2024年") == ["swift", "の勉", "勉強", "2024", "年"])
        // Half-width katakana fold to full width first.
        #expect(SearchText.tokens("ｿｰﾄﾞ") == SearchText.tokens("ソード"))
    }

    @Test("a query's pairs are among the text's, so a part of a word finds it")
    func partOfWord() {
        let text = Set(SearchText.tokens("「ソードマスター」のアスタリスク"))
        #expect(SearchText.tokens("スター").allSatisfy(text.contains))
    }

    @Test("very long tokens are cut at whole code points")
    func longTokens() {
        let long = String(repeating: "a", count: 31) + "\u{10400}b"
        #expect(SearchText.tokens(long) == [String(repeating: "a", count: 31)])
        #expect(SearchText.tokens(String(repeating: "x", count: 50)).first?.count == SearchText.maxLength)
    }

    @Test("folding a space-separated run at a time gives the tokens of folding the whole text")
    func foldingByRuns() {
        // What folding changes: marks after a space or a letter, no-break spaces that become spaces,
        // symbols that become letters (℡ → tel), final sigma, full-width letters, Hangul jamo that
        // compose, CJK pairs, emoji; and plain ASCII around them.
        let pieces = ["a", "Z", "9", "_", " ", "  ", "\u{301}", "e\u{301}", "\u{20DD}", "\u{A0}", "℡", "Σ", "ς", "ΟΔΟΣ", "ｃａｆｅ",
                      "\u{1100}", "\u{1161}", "\u{11A8}", "日本", "ソ", "ー", "😀", "#", "-", "ﬁ", "①", "İ", "ǅ", "\n"]
        var random = SplitMix(seed: 25)
        for _ in 0..<2_000 {
            let text = (0..<random.next(below: 12)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            var whole: [String] = []
            SearchText.forEachFoldedToken(text) { whole.append($0) }
            #expect(SearchText.tokens(text) == whole, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("emoji, punctuation and URLs' separators split words")
    func separators() {
        #expect(SearchText.tokens("hello😀world https://t.co/AbC") == ["hello", "world", "https", "t", "co", "abc"])
    }
}
