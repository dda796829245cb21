import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte records kept in an unlinked temporary file rather than in memory, read back by number.
///
/// The search index needs every result record only at its end, in an order known only then, and
/// post cards rendered once are placed into pages of later sections; a million of either would be
/// a few hundred megabytes of memory. The file is unlinked as soon as it is
/// made, so nothing is left behind, even by a crash; the kernel's page cache keeps it fast.
/// Falls back to memory when no temporary file can be made.
/// Not synchronised, and a read changes it too (its window of the file): a caller that reads on
/// more than one thread, or appends on one while reading on another, keeps them apart with a lock
/// (`SharedParts` does).
final class RecordSpill: @unchecked Sendable {
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    /// Where buffered bytes start in the file.
    private var flushed = 0
    /// Start of each record, and the end of the last.
    private var offsets: [Int] = [0]
    private var inMemory = false
    private static let bufferSize = 1 << 20
    /// Bytes of the file last read, from `windowStart`: what is in the file is never written again.
    private var window: [UInt8] = []
    private var windowStart = 0
    private static let windowSize = 1 << 16

    init(name: String = "search") {
        var template = Array((FileManager.default.temporaryDirectory.path + "/tally-\(name)-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        } else {
            inMemory = true
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var count: Int { offsets.count - 1 }

    func append(_ record: [UInt8]) {
        buffer += record
        offsets.append(offsets.last! + record.count)
        if !inMemory, buffer.count >= Self.bufferSize { flush() }
    }

    /// Appends record `number`'s bytes to `out`.
    func read(_ number: Int, into out: inout [UInt8]) throws {
        try read(bytes: offsets[number]..<offsets[number + 1], into: &out)
    }

    /// How many bytes every record holds together.
    var byteCount: Int { offsets.last! }

    /// Appends the bytes of `range`, counted over every record one after another, to `out`.
    func read(bytes range: Range<Int>, into out: inout [UInt8]) throws {
        let start = range.lowerBound, end = range.upperBound
        // The part in the file (all of it, but after a failed write), then the part still buffered.
        let fileEnd = min(end, flushed)
        if start < fileEnd {
            // Records are mostly read in the order they were written (the search's result files):
            // a window of the file read at once serves the next ones without a call each.
            if start < windowStart || fileEnd > windowStart + window.count {
                try fill(from: start, through: fileEnd)
            }
            out += window[(start - windowStart)..<(fileEnd - windowStart)]
        }
        if end > flushed { out += buffer[(max(start, flushed) - flushed)..<(end - flushed)] }
    }

    /// Reads the file from `start` into the window: at least through `end`, and on to
    /// `windowSize` bytes when the file holds them.
    private func fill(from start: Int, through end: Int) throws {
        let length = min(flushed, max(end, start + Self.windowSize)) - start
        // Read aside and kept only once whole: a failed read leaves no window of zeros behind.
        var bytes = [UInt8](repeating: 0, count: length)
        let descriptor = descriptor
        try bytes.withUnsafeMutableBytes { raw in
            var done = 0
            while done < length {
                let got = pread(descriptor, raw.baseAddress! + done, length - done, off_t(start + done))
                guard got > 0 else { throw CocoaError(.fileReadUnknown) }
                done += got
            }
        }
        window = bytes
        windowStart = start
    }

    private func flush() {
        var written = 0
        buffer.withUnsafeBytes { bytes in
            while written < bytes.count {
                let wrote = pwrite(descriptor, bytes.baseAddress! + written, bytes.count - written, off_t(flushed + written))
                if wrote <= 0 { break }
                written += wrote
            }
        }
        if written < buffer.count {
            // The disk is full or gone: keep what is left in memory from here on.
            buffer.removeFirst(written)
            flushed += written
            inMemory = true
            return
        }
        flushed += buffer.count
        // A record far larger than the buffer does not leave its size behind.
        if buffer.capacity > 2 * Self.bufferSize { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
    }
}
