#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The list of a built site's files with a digest of each, kept beside the output folder: one
/// `digest path` line per file, a `#section KEY` line before the files of each part of the build
/// (a source's section, the search, the assets), and `#folder`, `#fingerprint`, `#global` and
/// `#state` lines at the end.
///
/// In memory it keeps 16-byte keys and fixed-size digests rather than strings (a million-page
/// site's manifest took about 150 MB as strings); the lines of a new build are written out as its
/// files are made, so only the previous build's manifest is ever held.
struct Manifest {
    /// A file's content digest: 128 bits (`ContentHash`) and its size. Enough to notice a change,
    /// not a security hash.
    struct Digest: Hashable {
        var a: UInt64
        var b: UInt64
        var size: Int

        init(_ bytes: [UInt8]) { self.init(bytes[...]) }

        /// The digest of `size` bytes digested as `hash`.
        init(_ hash: ContentHash, size: Int) {
            a = hash.a
            b = hash.b
            self.size = size
        }

        init(_ bytes: ArraySlice<UInt8>) {
            let hash = ContentHash(bytes)
            a = hash.a
            b = hash.b
            size = bytes.count
        }

        /// The `hex-size` form of a manifest line.
        init?(parsing text: ArraySlice<UInt8>) {
            guard text.count > 33, text[text.startIndex + 32] == UInt8(ascii: "-") else { return nil }
            func hex(_ slice: ArraySlice<UInt8>) -> UInt64? {
                var value: UInt64 = 0
                for byte in slice {
                    let digit: UInt8
                    switch byte {
                    case 48...57: digit = byte - 48
                    case 97...102: digit = byte - 87
                    case 65...70: digit = byte - 55
                    default: return nil
                    }
                    value = value << 4 | UInt64(digit)
                }
                return value
            }
            var size = 0
            for byte in text[(text.startIndex + 33)...] {
                guard byte >= 48, byte <= 57, size < Int.max / 10 - 9 else { return nil }
                size = size * 10 + Int(byte - 48)
            }
            guard let a = hex(text[text.startIndex..<text.startIndex + 16]), let b = hex(text[text.startIndex + 16..<text.startIndex + 32]) else { return nil }
            self.a = a
            self.b = b
            self.size = size
        }

        var text: String {
            String(a, radix: 16).leftPadded(to: 16) + String(b, radix: 16).leftPadded(to: 16) + "-\(size)"
        }
    }

    /// A path as a 128-bit key: a collision would need about 2^64 files.
    struct PathKey: Hashable {
        var a: UInt64
        var b: UInt64

        init(_ path: some StringProtocol) {
            self.init(bytes: Array(path.utf8)[...])
        }

        init(bytes: ArraySlice<UInt8>) {
            let digest = Digest(bytes)
            a = digest.a
            b = digest.b
        }

        init(bytes: UnsafeBufferPointer<UInt8>) {
            let hash = ContentHash(UnsafeRawBufferPointer(bytes))
            a = hash.a
            b = hash.b
        }
    }

    private var digests: [PathKey: Digest] = [:]
    /// The first component of every path, to tell whether a folder holds only what it lists.
    private(set) var topLevelNames: Set<String> = []
    /// The folder it describes (device and inode), when known.
    var folder: String?
    /// What the site was built from (`BuildFingerprint`), when the build said.
    var fingerprint: String?
    /// What the site was built from but the store's rows: a rebuild with the same may update it in place.
    var global: String?
    /// The digest of the build's state file (`BuildRecord`), written with the manifest.
    var state: String?

    init() {}

    init(parsing data: some Sequence<UInt8>) {
        self.init(parsing: Array(data))
    }

    init(parsing bytes: [UInt8]) {
        // Bytes, not strings: a large site's manifest has hundreds of thousands of lines, read
        // by every build that changes something. Room for every line at once: a table growing by
        // doubling holds its old and new storage together (20 MiB at 160,000 files).
        var lineCount = 0
        for byte in bytes where byte == 0x0A { lineCount += 1 }
        digests.reserveCapacity(lineCount)
        var start = 0
        var lastTop: ArraySlice<UInt8> = []
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            defer { start = end + 1 }
            let line = bytes[start..<end]
            guard let space = line.firstIndex(of: 0x20) else { continue }
            let value = line[(space + 1)...]
            if line.first == UInt8(ascii: "#") {
                let text = String(decoding: value, as: UTF8.self)
                switch String(decoding: line[..<space], as: UTF8.self) {
                case "#folder": folder = text
                case "#fingerprint": fingerprint = text
                case "#global": global = text
                case "#state": state = text
                default: break
                }
                continue
            }
            guard let digest = Digest(parsing: line[..<space]) else { continue }
            digests[PathKey(bytes: value)] = digest
            let top = value.prefix { $0 != UInt8(ascii: "/") }
            if !top.elementsEqual(lastTop) {
                topLevelNames.insert(String(decoding: top, as: UTF8.self))
                lastTop = top
            }
        }
    }

    /// Only the trailing lines of a manifest (folder, fingerprints, state), read from its end.
    init(trailerOf data: [UInt8]) {
        var end = data.count
        while end > 0 {
            var start = end - 1
            while start > 0 && data[start - 1] != 0x0A { start -= 1 }
            let line = String(decoding: data[start..<end], as: UTF8.self).trimmingCharacters(in: .newlines)
            guard line.isEmpty || (line.hasPrefix("#") && !line.hasPrefix("#section ")) else { break }
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 {
                switch parts[0] {
                case "#folder": folder = String(parts[1])
                case "#fingerprint": fingerprint = String(parts[1])
                case "#global": global = String(parts[1])
                case "#state": state = String(parts[1])
                default: break
                }
            }
            end = start
        }
    }

    /// How many files it lists.
    var count: Int { digests.count }

    func digest(for path: String) -> Digest? { digests[PathKey(path)] }

    /// The manifest's line for one file.
    static func line(_ path: String, _ digest: Digest) -> String { "\(digest.text) \(path)\n" }

    /// The line that starts the files of one part of the build.
    static func section(_ key: String) -> String { "#section \(key)\n" }

    /// The trailing lines that say which folder and which inputs the listed files are.
    static func trailer(folder: String?, fingerprint: String?, global: String? = nil, state: String? = nil) -> String {
        (folder.map { "#folder \($0)\n" } ?? "") + (fingerprint.map { "#fingerprint \($0)\n" } ?? "")
            + (global.map { "#global \($0)\n" } ?? "") + (state.map { "#state \($0)\n" } ?? "")
    }

    /// Calls `body` with each listed file's section, path and whole line (without its newline),
    /// in the manifest's order, as bytes: a large site's manifest is read by every update.
    static func forEachFile(in data: [UInt8],
                            _ body: (_ section: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>, _ line: ArraySlice<UInt8>) throws -> Void) rethrows {
        let marker = Array("#section ".utf8)
        var section: ArraySlice<UInt8> = []
        // Each line's end found with `memchr`, not a byte at a time.
        try data.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                let line = data[start..<end]
                start = end + 1
                if line.starts(with: marker) {
                    section = line.dropFirst(marker.count)
                    continue
                }
                guard line.first != UInt8(ascii: "#"), let space = line.firstIndex(of: 0x20) else { continue }
                try body(section, line[(space + 1)...], line)
            }
        }
    }

    /// Calls `section` with the key of each `#section` line and `file` with each listed file's
    /// path and whole line (without its newline), as offsets into `bytes`, in the manifest's order.
    ///
    /// Offsets into one buffer rather than slices of an array: an update's last pass reads all of
    /// the previous manifest (163,000 lines at 100,000 posts) on one core at the build's end, and
    /// a slice a line, each holding the array, was most of that pass.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, section: (_ key: UnsafeBufferPointer<UInt8>) throws -> Void,
                     file: (_ path: Range<Int>, _ line: Range<Int>) throws -> Void) rethrows {
        guard let base = bytes.baseAddress else { return }
        let marker = Array("#section ".utf8)
        var start = 0
        while start < bytes.count {
            let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
            defer { start = end + 1 }
            guard end > start else { continue }
            if base[start] == UInt8(ascii: "#") {
                if end - start >= marker.count, memcmp(base + start, marker, marker.count) == 0 {
                    try section(UnsafeBufferPointer(rebasing: bytes[(start + marker.count)..<end]))
                }
                continue
            }
            guard let space = memchr(base + start, 0x20, end - start).map({ base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }) else { continue }
            try file((space + 1)..<end, start..<end)
        }
    }

    /// A manifest file's text with some files' digests replaced (and no empty line), read as
    /// bytes: as text, a large site's manifest took a build with nothing changed a tenth of a second.
    static func rewritten(_ data: [UInt8], replacing changed: [String: Digest]) -> [UInt8] {
        let paths = Dictionary(uniqueKeysWithValues: changed.map { (Array($0.key.utf8), $0.value) })
        var out: [UInt8] = []
        out.reserveCapacity(data.count + 1)
        var start = 0
        while start < data.count {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.count
            defer { start = end + 1 }
            let line = data[start..<end]
            guard !line.isEmpty else { continue }
            if line.first != UInt8(ascii: "#"), let space = line.firstIndex(of: 0x20), let digest = paths[Array(line[(space + 1)...])] {
                out += Self.line(String(decoding: line[(space + 1)...], as: UTF8.self), digest).utf8
            } else {
                out += line
                out.append(0x0A)
            }
        }
        return out
    }

    /// The text form of a file's digest, as manifest lines carry it.
    static func digest(_ bytes: [UInt8]) -> String { Digest(bytes).text }
}
