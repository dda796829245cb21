import Testing
@testable import Tally

@Suite("TwitterDate")
struct TwitterDateTests {
    @Test("v1.1 and archive dates parse to UTC seconds")
    func classic() {
        #expect(TwitterDate.parse("Fri Dec 20 16:52:25 +0000 2013") == 1_387_558_345)
        #expect(TwitterDate.parse("Sun Jun 03 17:59:37 +0000 2007") == 1_180_893_577)
    }

    @Test("v2 ISO dates parse, with and without fractions and offsets")
    func iso() {
        #expect(TwitterDate.parse("2021-09-22T16:37:29.000Z") == 1_632_328_649)
        #expect(TwitterDate.parse("2021-09-22T16:38:09+00:00") == 1_632_328_689)
        #expect(TwitterDate.parse("2021-09-22T18:38:09+02:00") == 1_632_328_689)
    }

    @Test("garbage is refused, not guessed")
    func garbage() {
        #expect(TwitterDate.parse("yesterday") == nil)
        #expect(TwitterDate.parse("Fri Foo 20 16:52:25 +0000 2013") == nil)
    }
}
