import Foundation

/// Makes the folders of output paths once each, remembering which exist.
struct FolderMaker {
    let root: String
    private var made: Set<Substring> = [""]

    init(root: String) {
        self.root = root
        mkdir(root, 0o755)
    }

    /// Makes every folder above `path` (a checked output path) that is not there yet.
    mutating func make(parentOf path: String) throws {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = path[..<slash]
        guard !made.contains(folder) else { return }
        var index = folder.startIndex
        while index < folder.endIndex {
            let next = folder[index...].firstIndex(of: "/") ?? folder.endIndex
            let prefix = folder[..<next]
            if !made.contains(prefix) {
                if mkdir(root + "/" + prefix, 0o755) != 0 && errno != EEXIST {
                    throw OutputError(path: String(prefix), reason: "cannot be made (\(String(cString: strerror(errno))))")
                }
                made.insert(prefix)
            }
            index = next < folder.endIndex ? folder.index(after: next) : next
        }
    }
}
