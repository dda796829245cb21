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

    public init() {}

    /// The state `source` kept in the build whose site this one updates; nil in a full build.
    public func previousState(for source: String) -> [UInt8]? {
        lock.withLock { previous?[source] }
    }

    /// Records `state` for the next build.
    public func keep(_ state: [UInt8], for source: String) {
        lock.withLock { kept[source] = state }
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
            // Long tables' rows (`TableRowCache`) stay recorded until their table is made again.
            for (key, state) in states ?? [:] where key.hasPrefix(TableRowCache.stateKeyPrefix) && kept[key] == nil { kept[key] = state }
        }
    }

    /// The previous build's state under `key`, let go of here: the caller holds it alone.
    func takePreviousState(for key: String) -> [UInt8]? {
        lock.withLock { previous?.removeValue(forKey: key) }
    }

    /// The states kept for the next build.
    var states: [String: [UInt8]] { lock.withLock { kept } }
}
