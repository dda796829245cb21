import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a manifest's lines to its file as a build makes its files, in 1 MiB blocks.
final class ManifestWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: "cannot be created (\(String(cString: strerror(errno))))") }
        buffer.reserveCapacity(1 << 20)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    func append(_ text: String) throws {
        buffer += text.utf8
        if buffer.count >= 1 << 20 { try flush() }
    }

    func append(_ bytes: ArraySlice<UInt8>) throws {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// The section the last file line was written under (`#section` lines mark each change).
    private var section: String?

    /// Writes one file's line (`digest path`, without its newline) under `section`, marking the
    /// section first when it is not the one the line before was under.
    func file(_ line: some Collection<UInt8>, section: String) throws {
        if section != self.section {
            try append(Manifest.section(section))
            self.section = section
        }
        buffer += line
        buffer.append(0x0A)
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and closes the file.
    func close() throws {
        try flush()
    }

    private func flush() throws {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, buffer.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))")
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
