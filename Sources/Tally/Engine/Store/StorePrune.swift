import Foundation
import GRDB

/// What `tally prune` is asked to keep. Limits are named by what they count (`searches`), the way
/// import options are named by their flags; a source reads the limits it knows.
public struct PrunePlan: Sendable {
    /// Limits by name: `["searches": 100]`. A source uses its own default for a missing one.
    public var limits: [String: Int]
    /// Report what would go, change nothing.
    public var dryRun: Bool

    public init(limits: [String: Int] = [:], dryRun: Bool = false) {
        self.limits = limits
        self.dryRun = dryRun
    }
}

/// How many of one kind a source removed (or would remove).
public struct PruneCount: Sendable, Equatable, Encodable {
    public var kind: String
    public var count: Int
    public init(_ kind: String, _ count: Int) {
        self.kind = kind
        self.count = count
    }
}

/// What a prune removed, per source, and the bytes it gave back.
public struct PruneReport: Sendable, CustomStringConvertible {
    public struct SourceCounts: Sendable {
        public var title: String
        public var counts: [PruneCount]
    }

    public var dryRun: Bool
    public var sources: [SourceCounts]
    /// The store's size before and after (file and write-ahead log).
    public var bytesBefore: Int64
    public var bytesAfter: Int64
    /// For a dry run: the pages the deletions alone would free (VACUUM usually frees more).
    public var freedPagesBytes: Int64

    /// Whether anything was (or would be) removed.
    public var removedAnything: Bool { sources.contains { $0.counts.contains { $0.count > 0 } } }

    public var description: String {
        var lines: [String] = []
        let verb = dryRun ? "would remove" : "removed"
        for source in sources {
            let removed = source.counts.filter { $0.count > 0 }
            let list = removed.isEmpty ? "nothing" : removed.map { "\(ByteCount.grouped($0.count)) \($0.kind)" }.joined(separator: ", ")
            lines.append("\(source.title): \(verb) \(list)")
        }
        if sources.isEmpty { lines.append("No source has anything to prune.") }
        if dryRun {
            lines.append("Dry run: nothing was changed. The store is \(ByteCount.format(bytesBefore)); pruning would free at least \(ByteCount.format(freedPagesBytes)).")
        } else {
            let reclaimed = max(0, bytesBefore - bytesAfter)
            lines.append("Store: \(ByteCount.format(bytesBefore)) → \(ByteCount.format(bytesAfter)), \(ByteCount.format(reclaimed)) reclaimed (\(ByteCount.grouped(Int(reclaimed))) bytes).")
        }
        return lines.joined(separator: "\n")
    }
}

extension Store {
    /// Removes what the plan's limits leave out, source by source in one transaction, then gives
    /// the space back to the file system (VACUUM). A dry run does the same work, reports it and
    /// rolls it back.
    ///
    /// Foreign keys are checked once at the end (`PRAGMA foreign_key_check`) rather than per
    /// deleted row: deleting a person would otherwise scan every row that refers to one. Any
    /// dangling reference rolls the whole prune back.
    public func prune(_ plan: PrunePlan) throws -> PruneReport {
        let before = Store.bytesOnDisk(path)
        var report = PruneReport(dryRun: plan.dryRun, sources: [], bytesBefore: before, bytesAfter: before, freedPagesBytes: 0)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            let freeBefore = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            try db.inTransaction(.immediate) {
                for source in sources {
                    let counts = try source.prune(db, plan: plan)
                    if !counts.isEmpty { report.sources.append(.init(title: source.title, counts: counts)) }
                }
                let dangling = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
                if let first = dangling.first {
                    throw StoreError.pruneBrokeReferences(path: path, example: "\(first)")
                }
                let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                let freeAfter = try Int64.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
                report.freedPagesBytes = max(0, freeAfter - freeBefore) * pageSize
                return plan.dryRun ? .rollback : .commit
            }
        }
        if !plan.dryRun {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "VACUUM")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            report.bytesAfter = Store.bytesOnDisk(path)
        }
        return report
    }

    /// `PRAGMA foreign_key_check`'s rows, as text: empty for a store with no dangling reference.
    public func foreignKeyCheck() throws -> [String] {
        try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { "\($0)" } }
    }
}
