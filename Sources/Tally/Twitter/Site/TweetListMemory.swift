/// What a build remembers of each long list of posts for the next: how many posts it held and how
/// many of them each month, so that a rebuild places the posts an import added to a hashtag of
/// 20,000 (their pages, the jump by month) from the list's newest rows alone, without reading and
/// sorting the whole list (a quarter of a rebuild's planning at 100,000 posts, measured).
///
/// Kept in the build's state (`BuildMemory`), one entry per list by its address, under a key
/// that carries over to the next build until a build plans the list again. A list below
/// `minimum` posts is cheap to read whole and keeps no entry.
struct TweetListMemory {
    /// Lists of fewer posts are read whole.
    static let minimum = 1_000
    static let stateKeyPrefix = BuildMemory.carriedPrefix + "twitter-list:"

    /// A list's size and its posts per month, newest month first.
    struct Entry: Equatable {
        var total: Int
        var months: [Month]
    }

    struct Month: Equatable {
        var key: String
        var count: Int
    }

    let memory: BuildMemory

    /// What the build whose site this one updates remembered of the list at `path`.
    func previous(_ path: String) -> Entry? {
        memory.previousState(for: Self.stateKeyPrefix + path).flatMap(Self.decode)
    }

    /// Remembers the list at `path` for the next build; a short list forgets what an earlier
    /// build remembered of it (it is read whole, and an old entry must never be taken for it).
    func keep(total: Int, months: [(key: String, count: Int)], for path: String) {
        let key = Self.stateKeyPrefix + path
        guard total >= Self.minimum else {
            if memory.previousState(for: key) != nil { memory.keep([], for: key) }
            return
        }
        memory.keep(Self.encode(Entry(total: total, months: months.map { Month(key: $0.key, count: $0.count) })), for: key)
    }

    /// The months of `entry` with those of the posts added since (`times`, any order), newest first.
    static func months(_ entry: Entry, adding times: [Int64]) -> [(key: String, count: Int)]? {
        guard let added = UTCTime.months(newestFirst: times.sorted(by: >)) else { return nil }
        var counts: [String: Int] = [:]
        for month in entry.months { counts[month.key, default: 0] += month.count }
        for month in added { counts[month.key, default: 0] += month.count }
        // "YYYY-MM" keys of four-digit years sort as their months do.
        return counts.sorted { $0.key > $1.key }.map { (key: $0.key, count: $0.value) }
    }

    static func encode(_ entry: Entry) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt64(entry.total), to: &bytes)
        for month in entry.months {
            let key = Array(month.key.utf8)
            bytes.append(UInt8(clamping: key.count))
            bytes += key.prefix(255)
            append(UInt64(month.count), to: &bytes)
        }
        return bytes
    }

    /// Nil for bytes that are not an entry (a short list's empty state, or damage).
    static func decode(_ bytes: [UInt8]) -> Entry? {
        guard bytes.count >= 8 else { return nil }
        var at = 0
        func number() -> Int? {
            guard at + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * index) }
            at += 8
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        guard let total = number() else { return nil }
        var months: [Month] = []
        while at < bytes.count {
            let length = Int(bytes[at])
            at += 1
            guard at + length <= bytes.count, let key = String(validating: bytes[at..<(at + length)], as: UTF8.self) else { return nil }
            at += length
            guard let count = number() else { return nil }
            months.append(Month(key: key, count: count))
        }
        return Entry(total: total, months: months)
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
