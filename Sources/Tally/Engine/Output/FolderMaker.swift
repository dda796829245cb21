import Foundation

/// Makes the folders of output paths once each, remembering which exist.
///
/// A folder is remembered by a 64-bit hash of its path, not the path: a million pages are a
/// million folders, and their paths kept in a set were a hundred megabytes of a build's memory. Two
/// folders of one build sharing a hash (odds about one in ten million at a million folders) would
/// make a later write fail with "No such file or directory", naming the file; nothing is lost.
struct FolderMaker {
    let root: String
    private var made: Set<UInt64> = [Self.hash("")]

    init(root: String) {
        self.root = root
        mkdir(root, 0o755)
    }

    /// Makes every folder above `path` (a checked output path) that is not there yet.
    mutating func make(parentOf path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = path[..<slash]
        guard !made.contains(Self.hash(folder)) else { return }
        var index = folder.startIndex
        while index < folder.endIndex {
            let next = folder[index...].firstIndex(of: "/") ?? folder.endIndex
            let prefix = folder[..<next]
            let key = Self.hash(prefix)
            if !made.contains(key) {
                if mkdir(root + "/" + prefix, 0o755) != 0 && errno != EEXIST {
                    throw OutputError(path: String(prefix), reason: "cannot be made (\(String(cString: strerror(errno))))")
                }
                made.insert(key)
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }

    /// FNV-1a: the same on every run (Swift's `Hasher` is seeded per process, which is fine here
    /// too, but a fixed function keeps the odds above easy to state).
    static func hash(_ text: Substring) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return value
    }
}
