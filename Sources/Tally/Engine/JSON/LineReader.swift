import Foundation

/// Reads a file in chunks and hands out one line at a time, with simdjson's padding readable after
/// each line, so JSON Lines files parse without copies and memory stays flat in the file's size.
final class LineReader {
    private let handle: FileHandle
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEnd = false
    /// The 1-based number of the line last returned, and its byte offset in the file.
    private(set) var lineNumber = 0
    private(set) var lineOffset: Int64 = 0
    private var consumed: Int64 = 0
    private let chunk: Int

    init(url: URL, chunk: Int = 4 << 20) throws {
        handle = try FileHandle(forReadingFrom: url)
        // A small file gets a buffer its size (and a little): a crawl's files are a few hundred
        // KB, and a 4 MiB buffer for each cost more in the allocator than reading them.
        var info = stat()
        let size = fstat(handle.fileDescriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : chunk
        self.chunk = min(chunk, max(size + 1, 1 << 16))
        capacity = self.chunk
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity + JSONParser.padding, alignment: 64)
    }

    deinit {
        buffer.deallocate()
        try? handle.close()
    }

    /// The next line without its newline (and without a trailing `\r`); nil at the end of the file.
    func next() throws -> UnsafeRawBufferPointer? {
        while true {
            if let newline = memchr(buffer + start, Int32(UInt8(ascii: "\n")), end - start) {
                let position = buffer.distance(to: newline)
                return emit(upTo: position, skip: 1)
            }
            if atEnd {
                guard start < end else { return nil }
                return emit(upTo: end, skip: 0)
            }
            try fill()
        }
    }

    /// The unread bytes ahead of the next line, at least `count` of them unless the file is shorter.
    func lookahead(_ count: Int) throws -> UnsafeRawBufferPointer {
        while end - start < count, !atEnd { try fill() }
        return UnsafeRawBufferPointer(start: buffer + start, count: end - start)
    }

    private func emit(upTo position: Int, skip: Int) -> UnsafeRawBufferPointer {
        var length = position - start
        if length > 0, buffer.load(fromByteOffset: start + length - 1, as: UInt8.self) == UInt8(ascii: "\r") { length -= 1 }
        let line = UnsafeRawBufferPointer(start: buffer + start, count: length)
        lineNumber += 1
        lineOffset = consumed + Int64(start)
        start = position + skip
        return line
    }

    /// Moves the unread bytes to the front, grows the buffer if one line fills it, and reads more.
    private func fill() throws {
        if start > 0 {
            memmove(buffer, buffer + start, end - start)
            consumed += Int64(start)
            end -= start
            start = 0
        }
        if end == capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + JSONParser.padding, alignment: 64)
            grown.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = grown
            capacity *= 2
        }
        let want = min(chunk, capacity - end)
        // Straight into the buffer: no intermediate Data.
        var count: Int
        repeat { count = read(handle.fileDescriptor, buffer + end, want) } while count < 0 && errno == EINTR
        guard count >= 0 else { throw CocoaError(.fileReadUnknown) }
        if count == 0 {
            atEnd = true
        } else {
            end += count
        }
    }
}
