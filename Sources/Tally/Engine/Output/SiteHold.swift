/// A site's lock held for a whole build by a `SiteWriter` and its copies (`SiteWriter.held()`),
/// let go when the last of them is gone.
final class SiteHold: Sendable {
    /// Touched by no one after it is taken but `deinit`, which lets it go.
    private nonisolated(unsafe) let lock: FileLock

    init(lock: FileLock) {
        self.lock = lock
    }

    deinit { lock.release() }
}
