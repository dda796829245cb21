/// A site's lock held for a whole build by a `SiteWriter` and its copies (`SiteWriter.held()`):
/// let go by the build as it ends (`release()`), or else when the last copy is gone.
final class SiteHold: Sendable {
    /// Touched only by `release()`, which the build that took it calls once before it lets go of
    /// its own copy, and by `FileLock`'s `deinit` after every copy is gone: never at once.
    private nonisolated(unsafe) let lock: FileLock

    init(lock: FileLock) {
        self.lock = lock
    }

    /// Lets go of the lock; the copies still around (a thread's, finishing) hold nothing after.
    func release() { lock.release() }
}
