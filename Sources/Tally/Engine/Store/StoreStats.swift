import Foundation
import GRDB

/// What one source holds, as `tally stats` shows it.
public struct SourceStats: Sendable, Equatable, Encodable {
    /// One kind of data and how many the store holds (`searches: 12`).
    public struct Count: Sendable, Equatable, Encodable {
        public var kind: String
        public var count: Int
        public init(_ kind: String, _ count: Int) {
            self.kind = kind
            self.count = count
        }
    }

    /// The source's id (`notes`), filled in by the engine, and the title its counts are shown
    /// under: the source's own title unless it names them otherwise (`Posts`).
    public var source = ""
    public var title = ""
    /// Counts per kind, in the order the source lists them.
    public var counts: [Count]
    /// The newest time in the source's data (seconds since 1970, UTC), nil when it holds none.
    public var newest: Int64?

    public init(counts: [Count], newest: Int64?) {
        self.counts = counts
        self.newest = newest
    }
}

/// The whole store at a glance: size, schema version and every source's counts.
public struct StoreStats: Sendable, Equatable, Encodable, CustomStringConvertible {
    public var path: String
    /// The store's size on disk: the file and its write-ahead log.
    public var bytes: Int64
    public var schema: SchemaVersion
    /// The schema this Tally writes; equal to `schema` once a store is open.
    public var currentSchema: SchemaVersion
    public var sources: [SourceStats]

    public var description: String {
        var lines = ["Store: \(path), \(ByteCount.format(bytes))",
                     "Schema version: \(schema)" + (schema == currentSchema ? "" : " (this Tally writes \(currentSchema))")]
        for source in sources {
            let holdsData = source.counts.contains { $0.count > 0 }
            let newest = source.newest.map { UTCTime.format($0) + " UTC" } ?? (holdsData ? "unknown (no dates in the data)" : "no data")
            lines.append("\(source.title): newest \(newest)")
            let width = source.counts.map(\.kind.count).max() ?? 0
            let numbers = source.counts.map { ByteCount.grouped($0.count) }
            let numberWidth = numbers.map(\.count).max() ?? 0
            for (count, number) in zip(source.counts, numbers) {
                lines.append("  " + count.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                             + String(repeating: " ", count: numberWidth - number.count) + number)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The same, as JSON with sorted keys, for scripts.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension Store {
    /// Counts per source and kind, size on disk, newest data per source and the schema version,
    /// all read in one snapshot.
    public func stats() throws -> StoreStats {
        let (schema, sourceStats) = try queue.read { db in
            let schema = try SchemaVersion.applied(db, sources: sources)
            let stats = try sources.compactMap { source -> SourceStats? in
                guard var stats = try source.stats(db) else { return nil }
                stats.source = source.id
                if stats.title.isEmpty { stats.title = source.title }
                return stats
            }
            return (schema, stats)
        }
        return StoreStats(path: path, bytes: Store.bytesOnDisk(path), schema: schema,
                          currentSchema: SchemaVersion.current(for: sources), sources: sourceStats)
    }

    /// The size of the store file and its write-ahead log.
    static func bytesOnDisk(_ path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
            return total + size
        }
    }
}

/// Sizes and counts written for people: `1.2 MB`, `12,345`.
enum ByteCount {
    static func format(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while abs(value) >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) bytes" : String(format: "%.1f %@", value, units[unit])
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(abs(number))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return (number < 0 ? "-" : "") + out
    }
}
