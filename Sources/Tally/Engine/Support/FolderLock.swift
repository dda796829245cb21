import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a folder that already exists, so taking turns leaves no
/// lock file behind; held until released or the process ends.
final class FolderLock {
    private var descriptor: Int32

    /// Waits until the lock on `url` (a folder) is free, then holds it.
    init(_ url: URL) throws {
        descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileLockError(path: url.path, reason: "cannot open the folder to lock it (\(String(cString: strerror(errno))))") }
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
