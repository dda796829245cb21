import Foundation
import ZIPFoundation

/// The entries of a `.tar.gz` (a Mastodon export as older servers offer it), streamed: the gzip
/// wrapper is read here, its deflate stream inflated by ZIPFoundation's inflater (the one the zip
/// reader uses), and the tar headers (ustar, with pax and GNU long names) read as the bytes come.
/// The same caps and bomb checks as a zip's entries hold: a file past its cap, or inflating past
/// 100 times the archive's size (beyond its first MiB), stops the extraction there.
enum TarGzArchive {
    /// Extracts the regular files `place` gives a target (from the entry's path, split at `/`,
    /// with `.` parts left out); links, folders and the rest are skipped, and a path with `..` is.
    static func extract(_ url: URL, limits: TwitterArchive.Limits, place: @escaping ([String]) -> TwitterArchive.Placement?) throws {
        guard case .file(let size)? = TwitterArchive.kind(of: url) else {
            throw TwitterArchive.Refusal(reason: "is no regular file")
        }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let start = try deflateStart(handle)
        let bufferSize = 1 << 16
        var reader = TarReader(limits: limits, archiveSize: size, place: place)
        var pastEnd = 0
        do {
            _ = try Data.decompress(size: size - start, bufferSize: bufferSize, skipCRC32: true, provider: { position, _ in
                // Always a whole buffer: the inflater takes every chunk to be that long. Past the
                // file's end it gets zeros, and a second time there means the stream is cut short.
                try handle.seek(toOffset: UInt64(start + position))
                var chunk = try handle.read(upToCount: bufferSize) ?? Data()
                if chunk.count < bufferSize {
                    if chunk.isEmpty { pastEnd += 1 }
                    if pastEnd > 1 { throw TwitterArchive.Refusal(reason: "is cut short (its compressed stream ends before its end)") }
                    chunk.append(Data(count: bufferSize - chunk.count))
                }
                return chunk
            }, consumer: { data in try reader.consume(data) })
        } catch let error as TwitterArchive.Refusal {
            throw error
        } catch {
            throw TwitterArchive.Refusal(reason: "cannot be read as a .tar.gz archive (\(error))")
        }
        try reader.finish()
    }

    /// Where the deflate stream starts, after the gzip header (RFC 1952) and its optional fields.
    private static func deflateStart(_ handle: FileHandle) throws -> Int64 {
        let head = [UInt8](try handle.read(upToCount: 1 << 16) ?? Data())
        guard head.count >= 10, head[0] == 0x1F, head[1] == 0x8B, head[2] == 8 else {
            throw TwitterArchive.Refusal(reason: "is no gzip file (a .tar.gz starts with the bytes 1F 8B 08)")
        }
        let flags = head[3]
        var at = 10
        if flags & 4 != 0 {
            guard at + 2 <= head.count else { throw TwitterArchive.Refusal(reason: "has a damaged gzip header") }
            at += 2 + Int(head[at]) + Int(head[at + 1]) << 8
        }
        for flag in [UInt8(8), 16] where flags & flag != 0 {
            while at < head.count, head[at] != 0 { at += 1 }
            at += 1
        }
        if flags & 2 != 0 { at += 2 }
        guard at < head.count else { throw TwitterArchive.Refusal(reason: "has a damaged gzip header") }
        return Int64(at)
    }

    /// Reads tar headers and contents from the inflated bytes, chunk by chunk.
    private struct TarReader {
        let limits: TwitterArchive.Limits
        let archiveSize: Int64
        let place: ([String]) -> TwitterArchive.Placement?
        /// Bytes of a header (or a long name's content) not yet complete.
        var pending = Data()
        /// The entry whose content is passing: bytes left of it, and of its padding.
        var remaining: Int64 = 0
        var padding: Int64 = 0
        var output: TwitterArchive.CappedOutput?
        /// A pax or GNU long name's content being gathered for the next entry.
        var gathering: Character?
        var longName: String?
        var total: Int64 = 0
        var ended = false

        init(limits: TwitterArchive.Limits, archiveSize: Int64, place: @escaping ([String]) -> TwitterArchive.Placement?) {
            self.limits = limits
            self.archiveSize = archiveSize
            self.place = place
        }

        mutating func consume(_ data: Data) throws {
            total += Int64(data.count)
            if total > limits.ratioFreeBytes, total > archiveSize * limits.ratio {
                throw TwitterArchive.Refusal(reason: "inflates to more than \(limits.ratio) times its size (\(archiveSize) bytes); "
                                             + "refused as a gzip bomb, nothing of the archive was imported")
            }
            var rest = data[...]
            while !rest.isEmpty, !ended {
                if remaining > 0 {
                    let take = Int(min(remaining, Int64(rest.count)))
                    let part = rest.prefix(take)
                    if gathering != nil {
                        pending.append(part)
                        if pending.count > 1 << 16 { throw TwitterArchive.Refusal(reason: "has a long name of more than 64 KiB") }
                    } else if output != nil {
                        try output!.append(Data(part))
                    }
                    rest = rest.dropFirst(take)
                    remaining -= Int64(take)
                    if remaining == 0 { try endContent() }
                } else if padding > 0 {
                    let take = Int(min(padding, Int64(rest.count)))
                    rest = rest.dropFirst(take)
                    padding -= Int64(take)
                } else {
                    let take = min(512 - pending.count, rest.count)
                    pending.append(rest.prefix(take))
                    rest = rest.dropFirst(take)
                    if pending.count == 512 { try header(pending); pending = Data() }
                }
            }
        }

        mutating func endContent() throws {
            if let kind = gathering {
                let text = String(decoding: pending, as: UTF8.self)
                if kind == "L" {
                    longName = text.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
                } else {
                    // Pax records: `LENGTH key=value\n`.
                    for record in text.split(separator: "\n") {
                        guard let space = record.firstIndex(of: " ") else { continue }
                        let field = record[record.index(after: space)...]
                        if field.hasPrefix("path=") { longName = String(field.dropFirst(5)) }
                    }
                }
                gathering = nil
                pending = Data()
            }
            output = nil
        }

        mutating func header(_ block: Data) throws {
            let bytes = [UInt8](block)
            if bytes.allSatisfy({ $0 == 0 }) { ended = true; return }
            func text(_ range: Range<Int>) -> String {
                String(decoding: bytes[range].prefix { $0 != 0 }, as: UTF8.self)
            }
            let sizeText = text(124..<136).trimmingCharacters(in: .whitespaces)
            guard let size = Int64(sizeText.isEmpty ? "0" : sizeText, radix: 8), size >= 0 else {
                throw TwitterArchive.Refusal(reason: "has a damaged tar header (its size is \(sizeText.debugDescription))")
            }
            let type = Character(Unicode.Scalar(bytes[156]))
            let prefix = text(257..<262) == "ustar" ? text(345..<500) : ""
            let name = longName ?? (prefix.isEmpty ? text(0..<100) : prefix + "/" + text(0..<100))
            remaining = size
            padding = (512 - size % 512) % 512
            switch type {
            case "L", "x":
                gathering = type
                if size == 0 { try endContent() }
                return
            case "0", "\0", "7":
                longName = nil
                let parts = name.split(separator: "/").map(String.init).filter { $0 != "." }
                if !parts.contains(".."), let (target, entryName, cap) = place(parts) {
                    if size > cap {
                        throw TwitterArchive.Refusal(reason: "\(entryName) holds more than \(TwitterArchive.describeSize(cap)), the most Tally reads from one archive file of its kind; nothing of the archive was imported")
                    }
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    output = try TwitterArchive.CappedOutput(target, name: entryName, cap: cap)
                }
            default:
                // Links, folders, devices, global pax headers: their content (if any) is skipped.
                longName = nil
            }
            if size == 0 { try endContent() }
        }

        func finish() throws {
            if remaining > 0 || gathering != nil {
                throw TwitterArchive.Refusal(reason: "is cut short (its last file ends early)")
            }
        }
    }
}
