import Foundation

/// What sources remember from one build to the next, so a rebuild can plan only the pages whose
/// inputs changed.
///
/// While it makes its sections, a source keeps a state (what it planned from: stamps, counts,
/// digests of rows) with `keep`; the build records the states beside the site. The next build,
/// when the site it finds was built from the same binary, theme and settings, hands them back
/// through `previousState` before any section plans; with none, every page is planned.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var previous: [String: [UInt8]]?
    private var kept: [String: [UInt8]] = [:]
    private var shared: [String: any Sendable] = [:]
    /// Large states kept in temporary files until the build records them (`keep(spilled:for:)`).
    private var spilled: [String: RecordSpill] = [:]
    /// The previous build's spilled states (table rows), by key.
    private var previousSpilled: [String: RecordSpill] = [:]

    public init() {}

    /// The state `source` kept in the build whose site this one updates; nil in a full build.
    public func previousState(for source: String) -> [UInt8]? {
        lock.withLock { previous?[source] }
    }

    /// Records `state` for the next build.
    public func keep(_ state: [UInt8], for source: String) {
        lock.withLock {
            kept[source] = state
            spilled[source] = nil
        }
    }

    /// Records the state made of `spill`'s records, in order, for the next build: held in its
    /// temporary file, not in memory, until the build's end.
    func keep(spilled spill: RecordSpill, for key: String) {
        lock.withLock {
            kept[key] = nil
            spilled[key] = spill
        }
    }

    /// Lends `value`, something a source made for its sections (a directory of its people, say),
    /// to the rest of this build: its search documents, gathered on another thread, reuse it
    /// instead of reading it from the store again. Never recorded.
    public func share(_ value: any Sendable, for key: String) {
        lock.withLock { shared[key] = value }
    }

    /// What this build's `share(_:for:)` lent under `key`, if it is a `T`.
    public func shared<T: Sendable>(_ type: T.Type, for key: String) -> T? {
        lock.withLock { shared[key] as? T }
    }

    /// Whether this build updates a previous site (set before planning starts).
    public var updates: Bool { lock.withLock { previous != nil } }

    /// Called by the build once it knows whether it updates a site: before any section plans.
    func start(previous states: [String: [UInt8]]?) {
        lock.withLock {
            previous = states
            // Long tables' rows (`TableRowCache`) stay recorded until their table is made again;
            // until then they wait in a temporary file, not in memory.
            for (key, state) in states ?? [:] where key.hasPrefix(TableRowCache.stateKeyPrefix) {
                previous?[key] = nil
                let spill = RecordSpill(name: "table-rows")
                spill.append(state)
                previousSpilled[key] = spill
                if kept[key] == nil && spilled[key] == nil { spilled[key] = spill }
            }
        }
    }

    /// The previous build's state under `key`, when it waits in a temporary file (table rows).
    func previousSpill(for key: String) -> RecordSpill? {
        lock.withLock { previousSpilled[key] }
    }

    /// The states kept for the next build. A spilled state that cannot be read back is left out
    /// (only table rows are spilled, and a build without them renders every row).
    var states: [String: [UInt8]] {
        lock.withLock {
            var all = kept
            for (key, spill) in spilled {
                var bytes: [UInt8] = []
                do {
                    for number in 0..<spill.count { try spill.read(number, into: &bytes) }
                    all[key] = bytes
                } catch {
                    continue
                }
            }
            return all
        }
    }
}
