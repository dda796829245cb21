import Foundation

/// A site's lock held for a whole build by a `SiteWriter` and its copies (`SiteWriter.held()`):
/// let go by the build as it ends (`release()`), or else when the last copy is gone.
final class SiteHold: Sendable {
    /// Touched only by `release()`, which the build that took it calls once before it lets go of
    /// its own copy, and by `FileLock`'s `deinit` after every copy is gone: never at once.
    private nonisolated(unsafe) let lock: FileLock
    /// The previous build's state file and its digest, read on another thread from the moment the
    /// lock is held (no other build can change it then) while the build loads its theme and reads
    /// the store: a 100k rebuild waited 10 ms for it on its one busy thread. Handed over once.
    private nonisolated(unsafe) var state: MadeAside<(bytes: [UInt8], digest: String)?>?
    private let stateLock = NSLock()

    init(lock: FileLock, stateURL: URL) {
        self.lock = lock
        state = MadeAside { FileBytes.read(stateURL).map { ($0, Manifest.digest($0)) } }
    }

    /// Lets go of the lock; the copies still around (a thread's, finishing) hold nothing after.
    func release() { lock.release() }

    /// The state file as it was when the lock was taken, with its digest, the first time it is
    /// asked for; nil after (or when there was none).
    func takeState() -> (bytes: [UInt8], digest: String)? {
        stateLock.withLock {
            defer { state = nil }
            return state?.take()
        }
    }
}
