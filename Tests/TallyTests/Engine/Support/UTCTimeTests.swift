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

    @Test("times written as SQLite's strftime writes them, in any year Tally can store")
    func formatAgainstSQLite() throws {
        var random = SplitMix(seed: 9)
        // Day and year edges, leap days, before 1970, before year 1000 and after 9999.
        var times: [Int64] = [0, -1, 59, 60, 86_399, 86_400, 951_782_400, 951_868_799, -30_610_224_000, -30_610_224_001,
                              253_402_300_799, -62_135_596_800]
        for _ in 0..<2000 { times.append(Int64(random.next(below: 300_000_000_000)) - 62_000_000_000) }
        let queue = try DatabaseQueue()
        for time in times {
            let (minute, second) = try queue.read { db in
                (try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%d %H:%M', ?, 'unixepoch')", arguments: [time])!,
                 try String.fetchOne(db, sql: "SELECT strftime('%S', ?, 'unixepoch')", arguments: [time])!)
            }
            // strftime pads the year to four digits (and writes none past 9999).
            let year = Int(minute.prefix(4))!
            guard (1000...9999).contains(year) else {
                #expect(UTCTime.format(time).hasSuffix(String(minute.dropFirst(4))), "\(time)")
                continue
            }
            #expect(UTCTime.format(time) == minute, "\(time)")
            #expect(UTCTime.iso(time) == minute.replacingOccurrences(of: " ", with: "T") + ":" + second + "Z", "\(time)")
        }
        #expect(UTCTime.format(-62_135_596_800) == "1-01-01 00:00")
        #expect(UTCTime.iso(253_402_300_800) == "10000-01-01T00:00:00Z")
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
