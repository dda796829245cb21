import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock`) between processes, on a lock file or on a folder that
/// already exists (which leaves no lock file behind), held until released or the process ends, so
/// a killed process never leaves a stale lock.
final class FileLock {
    private var descriptor: Int32

    /// Waits until the lock on the file at `url` (created if missing) is free, then holds it.
    convenience init(_ url: URL) throws {
        try self.init(url, descriptor: open(url.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644), opening: "cannot create the lock")
    }

    /// Waits until the lock on the folder at `url` is free, then holds it.
    convenience init(folder url: URL) throws {
        try self.init(url, descriptor: open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC), opening: "cannot open the folder to lock it")
    }

    private init(_ url: URL, descriptor: Int32, opening: String) throws {
        self.descriptor = descriptor
        guard descriptor >= 0 else { throw FileLockError(path: url.path, reason: "\(opening) (\(String(cString: strerror(errno))))") }
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
