import Foundation
import ZIPFoundation

extension TwitterArchive {
    /// How much one file of an archive may hold, and how far a zip entry may inflate. An archive
    /// with a file past its cap is refused whole, before any of its tweets are read.
    struct Limits: Sendable {
        /// `account.js` and `profile.js`: a few hundred bytes in real archives.
        var owner: Int64 = 1 << 20
        /// Each tweet script, which the JSON parser reads whole (the largest seen: some 100 MB).
        var tweets: Int64 = 512 << 20
        /// Each picture or video in `tweets_media/` (Twitter took videos up to 512 MB, most far smaller).
        var media: Int64 = 256 << 20
        /// A zip entry may inflate to at most this many times its compressed size (tweet scripts
        /// deflate about 10 to 1, pictures barely; a zip bomb 1,000 to 1)…
        var ratio: Int64 = 100
        /// …once past this many bytes (per entry, and for all entries together), so a small,
        /// highly compressible file is never refused.
        var ratioFreeBytes: Int64 = 1 << 20
    }

    /// Why an archive was refused, naming the file inside it.
    struct Refusal: Error {
        var reason: String
    }

    /// What a path holds, seen without following a link; nil when nothing is there.
    static func kind(of url: URL) -> FileKind? {
        FileKind.at(url)
    }

    /// Refuses anything at `url` but a regular file of at most `cap` bytes: a link could put any
    /// local file into the site, and opening a FIFO would wait for ever.
    static func requireFile(_ url: URL, name: String, cap: Int64) throws {
        switch kind(of: url) {
        case .file(let size):
            if size > cap { throw tooLarge(name, cap: cap) }
        case nil:
            throw Refusal(reason: "\(name) cannot be read (it is gone)")
        case let other?:
            throw Refusal(reason: "\(name) is \(other.described); an archive holds only regular files and folders, so nothing of it was imported")
        }
    }

    static func requireFolder(_ url: URL, name: String) throws {
        guard let kind = kind(of: url), kind != .folder else { return }
        throw Refusal(reason: "\(name) is \(kind.described); expected a folder, so nothing of the archive was imported")
    }

    private static func tooLarge(_ name: String, cap: Int64) -> Refusal {
        Refusal(reason: "\(name) holds more than \(describeSize(cap)), the most Tally reads from one archive file of its kind; nothing of the archive was imported")
    }

    /// `512 MiB`, `1 MiB`, `300 KiB`, `100 bytes`.
    static func describeSize(_ bytes: Int64) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// Copies a regular file of at most `cap` bytes, never following a link nor waiting on a FIFO;
    /// a file already at `target` stays.
    static func copyFile(_ source: URL, name: String, to target: URL, cap: Int64) throws {
        try requireFile(source, name: name, cap: cap)
        // O_NONBLOCK: a file swapped for a FIFO since the check opens at once and is refused below.
        let descriptor = open(source.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Refusal(reason: "\(name) cannot be read (\(String(cString: strerror(errno))))") }
        let input = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(reason: "\(name) is no regular file; an archive holds only regular files and folders, so nothing of it was imported")
        }
        guard var output = try CappedOutput(target, name: name, cap: cap) else { return }
        while let chunk = try input.read(upToCount: 1 << 16), !chunk.isEmpty {
            try output.append(chunk)
        }
    }

    /// Reads a `window.YTD.x.part0 = [ … ]` script, or nil when it is missing or not JSON.
    static func readYTD(_ url: URL, name: String, cap: Int64, parser: JSONParser) throws -> JSONValue? {
        guard kind(of: url) != nil else { return nil }
        try requireFile(url, name: name, cap: cap)
        guard var bytes = try? [UInt8](Data(contentsOf: url)), bytes.count <= cap else { return nil }
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        bytes.replaceSubrange(0...equals, with: repeatElement(UInt8(ascii: " "), count: equals + 1))
        return try? parser.parse(bytes)
    }

    /// Where a zip entry goes: a file to write (under the extraction folder or the staging
    /// folder), the name messages call it, and its cap; nil skips the entry.
    typealias Placement = (target: URL, name: String, cap: Int64)

    /// Extracts what Tally reads: the `data/` scripts named above into `folder`, `tweets_media/`
    /// into the staging folder.
    static func extract(_ zip: URL, into folder: URL, media staged: StagedFiles, limits: Limits) throws {
        try extract(zip, limits: limits) { parts in
            guard let dataIndex = parts.lastIndex(of: "data"), dataIndex <= 1 else { return nil }
            let rest = Array(parts[(dataIndex + 1)...])
            let name = (["data"] + rest).joined(separator: "/")
            if rest.count == 1, rest[0] == "account.js" || rest[0] == "profile.js" {
                return (folder.appendingPathComponent(name), name, limits.owner)
            } else if rest.count == 1, isTweetScript(rest[0]) {
                return (folder.appendingPathComponent(name), name, limits.tweets)
            } else if rest.count == 2, rest[0] == "tweets_media", isSafeName(rest[1]) {
                if FileManager.default.fileExists(atPath: staged.destination.appendingPathComponent(rest[1]).path) { return nil }
                return (staged.folder.appendingPathComponent(rest[1]), name, limits.media)
            }
            return nil
        }
    }

    /// Extracts the entries `place` gives a target (from the entry's path, split at `/`). Each
    /// entry streams through in small chunks, counted as they come: one that passes its cap, or
    /// inflates to more than `limits.ratio` times its compressed size, stops the extraction
    /// there. Entries whose paths would leave the folder, links and folders are skipped.
    static func extract(_ zip: URL, limits: Limits, place: ([String]) -> Placement?) throws {
        let archive = try Archive(url: zip, accessMode: .read)
        var zipSize: Int64 = 0
        if case .file(let size)? = kind(of: zip) { zipSize = size }
        // The ratio holds for the whole archive too: many small entries, each within its own
        // first MiB, would otherwise add up.
        var total: Int64 = 0
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/").map(String.init)
            guard !parts.contains(".."), !parts.contains("."), let (target, name, cap) = place(parts) else { continue }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A header may understate the compressed size to loosen the ratio; it is never more than the zip.
            let compressed = max(1, min(Int64(clamping: entry.compressedSize), zipSize))
            // A second entry of the same name is skipped: the first one stays.
            guard var output = try CappedOutput(target, name: name, cap: cap) else { continue }
            let checksum = try archive.extract(entry, bufferSize: 1 << 16) { chunk in
                try output.append(chunk)
                total += Int64(chunk.count)
                if output.written > limits.ratioFreeBytes, output.written > compressed * limits.ratio {
                    throw Refusal(reason: "\(name) inflates to more than \(limits.ratio) times its compressed size (\(compressed) bytes); "
                                  + "refused as a zip bomb, nothing of the archive was imported")
                }
                if total > limits.ratioFreeBytes, total > zipSize * limits.ratio {
                    throw Refusal(reason: "its files inflate to more than \(limits.ratio) times the zip's size (\(zipSize) bytes) by \(name); "
                                  + "refused as a zip bomb, nothing of the archive was imported")
                }
            }
            if checksum != entry.checksum {
                throw Refusal(reason: "\(name) is damaged (its CRC-32 does not match); nothing of the archive was imported")
            }
        }
    }

    /// A new file written chunk by chunk that refuses to grow past its cap.
    struct CappedOutput {
        let handle: FileHandle
        let name: String
        let cap: Int64
        private(set) var written: Int64 = 0

        /// Creates the file; nil when one of that name is already there.
        init?(_ url: URL, name: String, cap: Int64) throws {
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if descriptor < 0, errno == EEXIST { return nil }
            guard descriptor >= 0 else { throw Refusal(reason: "\(name) cannot be written to \(url.path) (\(String(cString: strerror(errno))))") }
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            self.name = name
            self.cap = cap
        }

        mutating func append(_ chunk: Data) throws {
            written += Int64(chunk.count)
            if written > cap { throw TwitterArchive.tooLarge(name, cap: cap) }
            try handle.write(contentsOf: chunk)
        }
    }
}
