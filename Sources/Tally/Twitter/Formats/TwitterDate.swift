/// Parses the two date shapes Twitter data uses into seconds since 1970, without Foundation
/// formatters (they are slow in import loops and depend on locale).
public enum TwitterDate {
    private static let months: [String: Int] = [
        "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "May": 5, "Jun": 6,
        "Jul": 7, "Aug": 8, "Sep": 9, "Oct": 10, "Nov": 11, "Dec": 12,
    ]

    /// Parses `Fri Dec 20 16:52:25 +0000 2013` (API v1.1 and archives) or
    /// `2021-09-22T16:37:29.000Z` (API v2).
    public static func parse(_ text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { parse(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Parses the date in UTF-8 bytes, as they sit in the parser's buffer (no String made).
    public static func parse(bytes: UnsafeRawBufferPointer) -> Int64? {
        let b = bytes.bindMemory(to: UInt8.self)
        if b.count >= 19, b[4] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") {
            return parseISO(b)
        }
        // `Fri Dec 20 16:52:25 +0000 2013`: fixed width in every file seen; anything else is split.
        if b.count == 30, b[3] == 0x20, b[7] == 0x20, b[10] == 0x20, b[19] == 0x20, b[25] == 0x20,
           b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
           let month = month(b[4], b[5], b[6]), let day = number(b[8..<10]), let year = number(b[26..<30]),
           let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19]),
           let hours = number(b[21..<23]), let minutes = number(b[23..<25]) {
            let offset = (hours * 3600 + minutes * 60) * (b[20] == UInt8(ascii: "-") ? -1 : 1)
            return UTCTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
        }
        return parseClassic(String(decoding: b, as: UTF8.self))
    }

    /// The month of a three-letter English name, read from bytes (no String per date).
    private static func month(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int? {
        switch (a, b, c) {
        case (0x4A, 0x61, 0x6E): return 1  // Jan
        case (0x46, 0x65, 0x62): return 2  // Feb
        case (0x4D, 0x61, 0x72): return 3  // Mar
        case (0x41, 0x70, 0x72): return 4  // Apr
        case (0x4D, 0x61, 0x79): return 5  // May
        case (0x4A, 0x75, 0x6E): return 6  // Jun
        case (0x4A, 0x75, 0x6C): return 7  // Jul
        case (0x41, 0x75, 0x67): return 8  // Aug
        case (0x53, 0x65, 0x70): return 9  // Sep
        case (0x4F, 0x63, 0x74): return 10 // Oct
        case (0x4E, 0x6F, 0x76): return 11 // Nov
        case (0x44, 0x65, 0x63): return 12 // Dec
        default: return nil
        }
    }

    private static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    private static func parseISO(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let year = number(b[0..<4]), let month = number(b[5..<7]), let day = number(b[8..<10]),
              let hour = number(b[11..<13]), let minute = number(b[14..<16]), let second = number(b[17..<19])
        else { return nil }
        var offset = 0
        var index = 19
        if index < b.count, b[index] == UInt8(ascii: ".") {
            index += 1
            while index < b.count, b[index] >= 48, b[index] <= 57 { index += 1 }
        }
        if index < b.count, b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-"), b.count >= index + 6,
           let hours = number(b[(index + 1)..<(index + 3)]), let minutes = number(b[(index + 4)..<(index + 6)]) {
            offset = (hours * 3600 + minutes * 60) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        return UTCTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private static func parseClassic(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, let month = months[String(parts[1])], let day = Int(parts[2]), let year = Int(parts[5]) else { return nil }
        let clock = parts[3].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]) else { return nil }
        let zone = Array(parts[4].utf8)
        var offset = 0
        if zone.count == 5, let hours = number(zone[1..<3]), let minutes = number(zone[3..<5]) {
            offset = (hours * 3600 + minutes * 60) * (zone[0] == UInt8(ascii: "-") ? -1 : 1)
        }
        return UTCTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }
}
