import Testing
@testable import Tally

@Suite("Contact cards (vCard 4.0)")
struct VCardTests {
    @Test("commas, semicolons, backslashes and line breaks are escaped in text values")
    func escaping() {
        #expect(VCard.escape("a,b;c\\d\ne\r\nf") == "a\\,b\\;c\\\\d\\ne\\nf")
    }

    @Test("lines fold at 75 octets without splitting a UTF-8 sequence, with CRLF")
    func folding() {
        let line = "NOTE:" + String(repeating: "é", count: 100)
        let folded = VCard.fold(line)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        #expect(folded.hasSuffix("\r\n"))
        #expect(lines.count > 1)
        for physical in lines { #expect(physical.utf8.count <= 75) }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(lines.enumerated().map { $0.offset == 0 ? String($0.element) : String($0.element.dropFirst()) }.joined() == line)
    }

    @Test("text with nothing to escape is kept whole (directional controls dropped), as escaping it scalar by scalar gives")
    func escapingFastPath() {
        let texts = ["Ada Lovelace", "", "Zoë 名前 \u{1F600}", "\u{202E}evil\u{2066}", "a,b", "a;b", "a\\b", "tab\there", "del\u{7F}",
                     "line\r\nbreak", "\u{202E},", "plain text with no specials at all, but a comma"]
        for text in texts { #expect(VCard.escape(text) == VCard.escapeEach(text), "\(text.debugDescription)") }
        #expect(VCard.escape("Zoë\u{202E}") == "Zoë")
    }

    @Test("folding as bytes gives what folding scalar by scalar gave, on random text of 1- to 4-byte sequences")
    func foldingMatchesScalars() {
        func reference(_ line: String) -> String {
            var out: [UInt8] = []
            var width = 0
            for scalar in line.unicodeScalars {
                let bytes = Array(String(scalar).utf8)
                if width + bytes.count > 75 { out += [13, 10, 32]; width = 1 }
                out += bytes
                width += bytes.count
            }
            return String(decoding: out + [13, 10], as: UTF8.self)
        }
        let alphabet: [Unicode.Scalar] = ["a", " ", ",", "é", "ß", "€", "名", "\u{1F600}", "\u{10FFFF}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 74, 75, 76, 149, 150, 151, 300] {
            for _ in 0..<20 {
                var text = String.UnicodeScalarView()
                for _ in 0..<length { text.append(alphabet.randomElement(using: &generator)!) }
                let line = "NOTE:" + String(text)
                #expect(VCard.fold(line) == reference(line), "\(line.debugDescription)")
            }
        }
    }

    @Test("a card has FN, NICKNAME, the profile URL, the photo and the bio")
    func card() {
        let card = VCard.card(for: StoredUser(id: "1", screenName: "jack", name: "Jack, Dorsey", avatarURL: "https://pbs.twimg.com/a_normal.jpg",
                                              bio: "Line one;\nline two"))
        #expect(card.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jack\\, Dorsey\r\nNICKNAME:jack\r\nURL:https://twitter.com/jack\r\n"))
        #expect(card.contains("PHOTO:https://pbs.twimg.com/a_400x400.jpg\r\n"))
        #expect(card.contains("NOTE:Line one\\;\\nline two\r\n"))
        #expect(card.hasSuffix("END:VCARD\r\n"))
    }
}
