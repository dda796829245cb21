import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads the build's own bookkeeping files (the manifest, the state) straight into byte arrays:
/// through `Data` each was held twice while it was copied, and at 160,000 files the manifest and
/// state are tens of megabytes read by every rebuild.
enum FileBytes {
    /// The whole file, or nil when it cannot be read.
    static func read(_ url: URL) -> [UInt8]? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return read(descriptor, from: 0, count: Int(info.st_size))
    }

    /// At most the last `count` bytes of the file, whether they are the whole file, and its size.
    static func tail(_ url: URL, count: Int) -> (bytes: [UInt8], whole: Bool, size: Int)? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let start = max(0, size - count)
        return read(descriptor, from: start, count: size - start).map { ($0, start == 0, size) }
    }

    /// Whether the regular file at `path` holds exactly `bytes`: its size asked first, its bytes
    /// read and compared only when that matches. A symbolic link holds nothing (an update then
    /// replaces it with the file, as it did before it asked).
    static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        guard let held = read(descriptor, from: 0, count: bytes.count) else { return false }
        return held == bytes
    }

    private static func read(_ descriptor: Int32, from start: Int, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(start + done))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            failed = done != count
            initialized = done
        }
        return failed ? nil : bytes
    }
}
