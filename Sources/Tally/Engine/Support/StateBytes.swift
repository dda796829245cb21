/// A small binary form for what sources keep between builds (`BuildMemory`): numbers as 8 bytes,
/// texts with their length. Read back with `StateReader`, in the order written.
public struct StateBytes: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Eight bytes, low first.
    public mutating func append(_ value: UInt64) {
        // At once, not a byte at a time: a rebuild encodes a state of 2 MB at 20,000 posts.
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ value: Int64) { append(UInt64(bitPattern: value)) }

    public mutating func append(_ text: String) {
        append(UInt64(text.utf8.count))
        bytes += text.utf8
    }

    /// A 64-bit FNV-1a digest of texts, each ended by a zero byte so that no two lists share one.
    public static func digest(_ parts: [String?]) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in (part ?? "\u{1}nil").utf8 {
                value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            value = (value ^ 0) &* 0x100_0000_01b3
        }
        return value
    }
}

/// Reads what `StateBytes` wrote; every read fails (nil) past the end, so a damaged state reads as none.
public struct StateReader {
    private let bytes: [UInt8]
    private var at = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether everything was read.
    public var isAtEnd: Bool { at == bytes.count }

    public mutating func number() -> UInt64? {
        guard at + 8 <= bytes.count else { return nil }
        let value = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        at += 8
        return value
    }

    public mutating func integer() -> Int64? { number().map { Int64(bitPattern: $0) } }

    public mutating func text() -> String? {
        guard let length = number(), length <= UInt64(bytes.count - at) else { return nil }
        let text = String(decoding: bytes[at..<at + Int(length)], as: UTF8.self)
        at += Int(length)
        return text
    }
}
