import Foundation

/// Whether this build plans every Twitter page or only those whose rows changed, decided once
/// for all the source's sections when planning starts (`SiteSection.keepsUnplanned`).
final class TwitterPlan: @unchecked Sendable {
    let memory: BuildMemory
    let store: Store
    /// What this build's pages are planned from, kept for the next build.
    let current: TwitterState
    private let lock = NSLock()
    private var decided: Result<TwitterChanges?, Error>?
    /// The previous build's state, once `changes` found one to update from.
    private(set) var previous: TwitterState?
    /// The previous build's state as read, once read (nil inside when there was none).
    private var read: TwitterState??

    /// Under this key the source's sections lend their plan to the search's documents.
    static let key = "twitter:plan"

    init(memory: BuildMemory, store: Store, current: TwitterState) {
        self.memory = memory
        self.store = store
        self.current = current
    }

    /// What changed since the build whose site this one updates; nil to plan every page.
    func changes() throws -> TwitterChanges? {
        try lock.withLock {
            if let decided { return try decided.get() }
            let result = Result { () throws -> TwitterChanges? in
                guard let previous = previousRead() else { return nil }
                self.previous = previous
                return try TwitterChanges.make(previous: previous, current: current, store: store)
            }
            decided = result
            return try result.get()
        }
    }

    /// The previous build's state, read once for the sections and the search's documents (each
    /// read of a 100k build's took several milliseconds), or nil when there is none.
    func previousState() -> TwitterState? {
        lock.withLock { previousRead() }
    }

    /// The same, with the lock held.
    private func previousRead() -> TwitterState? {
        if let read { return read }
        let state = memory.previousState(for: TwitterSource.sourceID).flatMap(TwitterState.init(decoding:))
        read = .some(state)
        return state
    }

    /// Whether the sections plan only what changed (false when deciding failed: planning says why).
    var updates: Bool { ((try? changes()) ?? nil) != nil }
}
