import GRDB
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

    @Test("months counted from times, newest first, as SQLite's strftime('%Y-%m') groups them")
    func months() throws {
        var random = SplitMix(seed: 5)
        // Month edges, leap days, before 1970, and runs of equal times.
        var times: [Int64] = [0, -1, 951_782_400, 951_868_799, 951_868_800, 1_704_067_199, 1_704_067_200, 1_704_067_200, -86_400 * 400]
        for _ in 0..<500 { times.append(Int64(random.next(below: 4_000_000_000)) - 1_000_000_000) }
        times.sort(by: >)
        let queue = try DatabaseQueue()
        let expected = try queue.read { db in
            try times.map { try String.fetchOne(db, sql: "SELECT strftime('%Y-%m', ?, 'unixepoch')", arguments: [$0])! }
        }
        var grouped: [(key: String, count: Int)] = []
        for key in expected {
            if grouped.last?.key == key { grouped[grouped.count - 1].count += 1 } else { grouped.append((key, 1)) }
        }
        let months = try #require(UTCTime.months(newestFirst: times))
        #expect(months.map(\.key) == grouped.map(\.key))
        #expect(months.map(\.count) == grouped.map(\.count))
        #expect(UTCTime.months(newestFirst: []).map(\.isEmpty) == true)
        #expect(UTCTime.months(newestFirst: [300_000_000_000]) == nil)
    }
}
