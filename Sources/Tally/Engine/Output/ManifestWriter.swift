import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a manifest's lines to its file as a build makes its files, in 1 MiB blocks.
///
/// Each section's lines are listed together, under one `#section` line, sections in the order of
/// their keys: a build plans two sections at once, so their files reach the writer interleaved,
/// in an order that depends on the threads; listed by section, the manifest of the same site is
/// the same. A section's lines wait in memory, and past 256 KiB in a file of their own (removed
/// when the manifest is closed), so memory does not grow with the site.
final class ManifestWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private var sections: [String: Part] = [:]
    private var sectionsWritten = false
    /// The section the last line went to.
    private var last: (key: String, part: Part)?

    /// One section's lines not yet in the file.
    private final class Part {
        var bytes: [UInt8] = []
        /// An unlinked file holding the lines that did not fit in `bytes`, or -1.
        var spill: Int32 = -1
        /// Lines carried from a previous manifest, after `bytes`, as slices of the bytes read.
        var carried: [ArraySlice<UInt8>] = []

        deinit { if spill >= 0 { Glibc.close(spill) } }
    }

    private static let spillAt = 256 << 10

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: "cannot be created (\(String(cString: strerror(errno))))") }
        buffer.reserveCapacity(1 << 20)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Writes text after every section's lines (the trailer).
    func append(_ text: String) throws {
        try writeSections()
        buffer += text.utf8
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Adds one file's line (`digest path`, without its newline) to `section`'s lines.
    func file(_ line: some Collection<UInt8>, section: String) throws {
        let part = self.part(section)
        // After carried lines, in their order.
        guard part.carried.isEmpty else { return part.carried.append(ArraySlice(Array(line) + [0x0A])) }
        part.bytes += line
        part.bytes.append(0x0A)
        if part.bytes.count >= Self.spillAt { try spill(part) }
    }

    /// Adds a run of whole lines (each `digest path` and its newline), as a previous manifest
    /// lists them, to `section`'s lines at once: an update carries over most of the previous
    /// manifest's 170,000 lines at 100,000 posts, and a look-up and a copy a line were most of
    /// its last pass, on one core at the build's end.
    ///
    /// The slice is kept as it is, not copied, and written when the sections end: copied into
    /// the section's lines, 12 MB at 100,000 posts went through a file of its own and back.
    func lines(_ lines: ArraySlice<UInt8>, section: String) throws {
        part(section).carried.append(lines)
    }

    /// The lines of `section`, found once for a run of files of the same section.
    private func part(_ section: String) -> Part {
        if let last, last.key == section { return last.part }
        let part: Part
        if let known = sections[section] {
            part = known
        } else {
            part = Part()
            sections[section] = part
        }
        last = (section, part)
        return part
    }

    /// Writes what is buffered and closes the file.
    func close() throws {
        try writeSections()
        try flush()
    }

    private func spill(_ part: Part) throws {
        if part.spill < 0 {
            let name = path + ".part-\(sections.count)-\(UUID().uuidString)"
            part.spill = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard part.spill >= 0 else { throw OutputError(path: name, reason: "cannot be created (\(String(cString: strerror(errno))))") }
            unlink(name)
        }
        try Self.write(part.bytes[...], to: part.spill, path: path)
        part.bytes.removeAll(keepingCapacity: true)
    }

    /// Writes every section's lines now, letting go of the carried lines' bytes; what is added
    /// from then on follows them (the trailer).
    func endSections() throws {
        try writeSections()
    }

    /// Every section's lines, each under its `#section` line, sections in key order.
    private func writeSections() throws {
        guard !sectionsWritten else { return }
        sectionsWritten = true
        for (key, part) in sections.sorted(by: { $0.key < $1.key }) {
            buffer += Manifest.section(key).utf8
            if part.spill >= 0 {
                try flush()
                guard lseek(part.spill, 0, SEEK_SET) == 0 else { throw OutputError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))") }
                var block = [UInt8](repeating: 0, count: 1 << 20)
                while true {
                    let count = block.withUnsafeMutableBytes { Glibc.read(part.spill, $0.baseAddress!, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    guard count >= 0 else { throw OutputError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))") }
                    if count == 0 { break }
                    try Self.write(block[..<count], to: descriptor, path: path)
                }
            }
            buffer += part.bytes
            if buffer.count >= 1 << 20 { try flush() }
            for lines in part.carried {
                // A long run straight from the bytes read, a short one through the buffer.
                if lines.count >= 64 << 10 {
                    try flush()
                    try Self.write(lines, to: descriptor, path: path)
                } else {
                    buffer += lines
                    if buffer.count >= 1 << 20 { try flush() }
                }
            }
        }
        sections = [:]
        last = nil
    }

    private func flush() throws {
        try Self.write(buffer[...], to: descriptor, path: path)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32, path: String) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))")
            }
            written += result
        }
    }
}
