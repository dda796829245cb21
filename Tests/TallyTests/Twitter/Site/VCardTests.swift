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
