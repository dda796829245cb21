import Testing
@testable import Tally

@Suite("Times shown in UTC")
struct UTCTimeTests {
    @Test("formatting round-trips and sorts as text")
    func format() {
        #expect(UTCTime.format(1_387_558_345) == "2013-12-20 16:52")
        #expect(UTCTime.iso(1_387_558_345) == "2013-12-20T16:52:25Z")
        #expect(UTCTime.format(0) == "1970-01-01 00:00")
    }
}
