import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock on a file (`flock`) between processes, held until released or the
/// process ends, so a killed process never leaves a stale lock behind.
final class FileLock {
    private var descriptor: Int32

    /// Waits until the lock is free, then holds it.
    init(_ url: URL) throws {
        descriptor = open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileLockError(path: url.path, reason: "cannot create the lock (\(String(cString: strerror(errno))))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw FileLockError(path: url.path, reason: "cannot take the lock (\(String(cString: strerror(errno))))")
            }
        }
    }

    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}

/// A lock file could not be used.
public struct FileLockError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
