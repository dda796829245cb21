/// Calendar arithmetic and display of times in UTC, without Foundation's calendars (fast, and the
/// same on every machine): dates read from data and dates shown on pages.
public enum UTCTime {
    /// Days from civil (Howard Hinnant's algorithm), then seconds, less the zone offset.
    public static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }

    /// Formats seconds since 1970 as `2013-12-20 16:52` in UTC, which reads well and sorts as text.
    public static func format(_ seconds: Int64) -> String {
        text(seconds, separator: UInt8(ascii: " "), seconds: false)
    }

    /// Formats seconds since 1970 as ISO 8601 in UTC (`2013-12-20T16:52:25Z`), for machine-readable output.
    public static func iso(_ seconds: Int64) -> String {
        text(seconds, separator: UInt8(ascii: "T"), seconds: true)
    }

    /// The date, `separator`, the hour and minute, and with `seconds` the second and `Z`.
    ///
    /// Written as bytes for a four-digit year: every post card shows its time both ways and
    /// every feed entry one, and interpolating the parts made about ten strings a time.
    private static func text(_ time: Int64, separator: UInt8, seconds: Bool) -> String {
        let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
        let rest = Int(time - days * 86_400)
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60)
        guard (1000...9999).contains(year) else {
            // A year of other than four digits is written as a number, unpadded.
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let minutes = "\(year)-\(two(month))-\(two(day))\(Character(Unicode.Scalar(separator)))\(two(hour)):\(two(minute))"
            return seconds ? minutes + ":" + two(second) + "Z" : minutes
        }
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func two(_ n: Int) {
                put(UInt8(truncatingIfNeeded: 48 + n / 10))
                put(UInt8(truncatingIfNeeded: 48 + n % 10))
            }
            two(year / 100)
            two(year % 100)
            put(UInt8(ascii: "-"))
            two(month)
            put(UInt8(ascii: "-"))
            two(day)
            put(separator)
            two(hour)
            put(UInt8(ascii: ":"))
            two(minute)
            if seconds {
                put(UInt8(ascii: ":"))
                two(second)
                put(UInt8(ascii: "Z"))
            }
            return count
        }
    }

    /// The start of a UTC day written `2013-12-20`, or nil.
    public static func day(_ text: String) -> Int64? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return seconds(year: parts[0], month: parts[1], day: parts[2], hour: 0, minute: 0, second: 0, offset: 0)
    }

    /// A day as `2013-12-20`.
    public static func dayText(_ seconds: Int64) -> String {
        String(format(seconds).prefix(10))
    }

    /// How many of these times (newest first) fall in each month (`2013-12`, as SQLite's
    /// `strftime('%Y-%m')` writes it), newest month first; nil for a time outside the years
    /// 1000–9999, which the two write differently.
    public static func months(newestFirst times: [Int64]) -> [(key: String, count: Int)]? {
        var months: [(key: String, count: Int)] = []
        // Times within a month's bounds need no formatting: only a time before them starts one.
        var start = Int64.max
        for time in times {
            guard (-30_610_224_000...253_402_300_799).contains(time) else { return nil }
            if time >= start, !months.isEmpty {
                months[months.count - 1].count += 1
                continue
            }
            let key = String(format(time).prefix(7))
            if months.last?.key == key {
                months[months.count - 1].count += 1
            } else {
                months.append((key, 1))
            }
            start = seconds(year: Int(key.prefix(4))!, month: Int(key.suffix(2))!, day: 1, hour: 0, minute: 0, second: 0, offset: 0)!
        }
        return months
    }
}
