/// The list of a built site's files with a digest of each, kept beside the output folder.
struct Manifest {
    var entries: [String: String] = [:]
    /// The folder it describes (device and inode), when known.
    var folder: String?

    init() {}

    init(parsing data: some Sequence<UInt8>) {
        for line in String(decoding: Array(data), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0] == "#folder" { folder = String(parts[1]) } else { entries[String(parts[1])] = String(parts[0]) }
        }
    }

    /// A `#folder` line, then one `digest path` line per file, sorted.
    func serialized() -> String {
        (folder.map { "#folder \($0)\n" } ?? "") + entries.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
    }

    /// A 128-bit FNV-1a digest (two 64-bit lanes): enough to notice a change, not a security hash.
    static func digest(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte &+ 0x5b)) &* 0x100_0000_01b3
        }
        return String(a, radix: 16).leftPadded(to: 16) + String(b, radix: 16).leftPadded(to: 16) + "-\(bytes.count)"
    }
}
