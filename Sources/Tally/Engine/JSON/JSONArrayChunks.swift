import Foundation

/// Reads a file holding one JSON array, optionally after a JavaScript assignment
/// (`window.YTD.<name>.part0 = [ … ]`), as a series of smaller arrays of its elements, so that a
/// large array is parsed a chunk at a time and memory stays flat in the file's size.
///
/// Each chunk is `[` + the next elements as written + `]`, cut only at a comma between two
/// elements of the outer array, with simdjson's padding after it. The scan only tracks strings
/// and nesting; simdjson validates every chunk, and valid chunks joined by their commas are the
/// valid array. Whatever the scan cannot follow (no array after the `=`, content after the
/// closing `]`, a trailing comma) is `Malformed`: the caller then describes the problem with the
/// whole file in hand.
final class JSONArrayChunks {
    /// The file is not one array as the scan expects; it says no more than that.
    struct Malformed: Error {}

    private let handle: FileHandle
    private let input: UnsafeMutableRawPointer
    private let inputCapacity: Int
    private var inputStart = 0
    private var inputEnd = 0
    private var atEnd = false
    private var output: UnsafeMutableRawPointer
    private var outputCapacity: Int
    private var outputCount = 0
    private let chunkBytes: Int

    private enum Phase { case prefix, beforeArray, inArray, after }
    private var phase: Phase
    /// Nesting below the outer array: 0 between its elements.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Whether the chunk being gathered holds any byte of an element yet.
    private var chunkHasElement = false
    /// Elements of the outer array ended so far (commas at depth 0 plus a closing one).
    private var elementsBefore = 0
    private var chunkFirstIndex = 0
    private var chunksGiven = 0

    /// With `wrapped`, everything up to the first `=` is skipped, as a script's assignment.
    init(url: URL, wrapped: Bool, chunkBytes: Int = 1 << 20) throws {
        handle = try FileHandle(forReadingFrom: url)
        self.chunkBytes = chunkBytes
        phase = wrapped ? .prefix : .beforeArray
        inputCapacity = 1 << 20
        input = UnsafeMutableRawPointer.allocate(byteCount: inputCapacity, alignment: 64)
        outputCapacity = chunkBytes * 2
        output = UnsafeMutableRawPointer.allocate(byteCount: outputCapacity + JSONParser.padding, alignment: 64)
    }

    deinit {
        input.deallocate()
        output.deallocate()
        try? handle.close()
    }

    /// The next chunk (padded, valid until the next call) and the index in the whole array of its
    /// first element; nil after the last. An empty array gives one empty chunk.
    func next() throws -> (bytes: UnsafeRawBufferPointer, firstIndex: Int)? {
        guard phase != .after else { return nil }
        outputCount = 0
        append(byte: UInt8(ascii: "["))
        chunkHasElement = false
        chunkFirstIndex = elementsBefore
        while true {
            if inputStart == inputEnd {
                if atEnd { throw Malformed() }
                try fill()
                continue
            }
            if let last = try scan() {
                chunksGiven += 1
                // `[a, ]` would split into `[a]` and an empty chunk, both valid: only an empty
                // array may give an empty chunk.
                if !chunkHasElement, !(last && chunksGiven == 1) { throw Malformed() }
                if last { try requireOnlySpaceLeft() }
                return (UnsafeRawBufferPointer(start: output, count: outputCount), chunkFirstIndex)
            }
        }
    }

    /// Scans the buffered input; when a chunk is complete, returns whether the array closed with it.
    private func scan() throws -> Bool? {
        let bytes = input.assumingMemoryBound(to: UInt8.self)
        var index = inputStart
        switch phase {
        case .prefix:
            while index < inputEnd, bytes[index] != UInt8(ascii: "=") { index += 1 }
            if index < inputEnd {
                index += 1
                phase = .beforeArray
            }
            inputStart = index
            return nil
        case .beforeArray:
            while index < inputEnd, Self.isSpace(bytes[index]) || bytes[index] == 0xEF || bytes[index] == 0xBB || bytes[index] == 0xBF {
                index += 1
            }
            inputStart = index
            guard index < inputEnd else { return nil }
            guard bytes[index] == UInt8(ascii: "[") else { throw Malformed() }
            inputStart = index + 1
            phase = .inArray
            return nil
        case .after:
            return nil
        case .inArray:
            break
        }
        let segmentStart = index
        while index < inputEnd {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                chunkHasElement = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                chunkHasElement = true
            case UInt8(ascii: "]") where depth == 0:
                append(bytes + segmentStart, count: index - segmentStart)
                append(byte: UInt8(ascii: "]"))
                if chunkHasElement { elementsBefore += 1 }
                inputStart = index + 1
                phase = .after
                return true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard depth > 0 else { throw Malformed() }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    elementsBefore += 1
                    if outputCount + (index - segmentStart) >= chunkBytes {
                        // The comma becomes this chunk's end; the next chunk starts after it.
                        append(bytes + segmentStart, count: index - segmentStart)
                        append(byte: UInt8(ascii: "]"))
                        inputStart = index + 1
                        return false
                    }
                }
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                chunkHasElement = true
            }
            index += 1
        }
        append(bytes + segmentStart, count: index - segmentStart)
        inputStart = index
        return nil
    }

    /// After the closing `]`, only spaces may follow.
    private func requireOnlySpaceLeft() throws {
        let bytes = input.assumingMemoryBound(to: UInt8.self)
        while true {
            while inputStart < inputEnd {
                guard Self.isSpace(bytes[inputStart]) else { throw Malformed() }
                inputStart += 1
            }
            if atEnd { return }
            try fill()
        }
    }

    private func append(byte: UInt8) {
        reserve(1)
        output.storeBytes(of: byte, toByteOffset: outputCount, as: UInt8.self)
        outputCount += 1
    }

    private func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        reserve(count)
        (output + outputCount).copyMemory(from: bytes, byteCount: count)
        outputCount += count
    }

    /// One element bigger than a chunk makes the chunk grow to hold it.
    private func reserve(_ count: Int) {
        guard outputCount + count > outputCapacity else { return }
        var capacity = outputCapacity * 2
        while outputCount + count > capacity { capacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity + JSONParser.padding, alignment: 64)
        grown.copyMemory(from: output, byteCount: outputCount)
        output.deallocate()
        output = grown
        outputCapacity = capacity
    }

    private func fill() throws {
        inputStart = 0
        inputEnd = 0
        var count: Int
        repeat { count = read(handle.fileDescriptor, input, inputCapacity) } while count < 0 && errno == EINTR
        guard count >= 0 else { throw CocoaError(.fileReadUnknown) }
        if count == 0 { atEnd = true } else { inputEnd = count }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
