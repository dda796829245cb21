import Foundation

/// What a path holds. Input is checked with this before it is opened: opening a FIFO for reading
/// waits for a writer for ever, and a link could put any local file into the store or the site.
enum FileKind: Equatable, Sendable {
    case file(size: Int64), folder, link, fifo, other

    /// What the path is, for messages: `a named pipe (FIFO)`.
    var described: String {
        switch self {
        case .file: return "a file"
        case .folder: return "a folder"
        case .link: return "a symbolic link"
        case .fifo: return "a named pipe (FIFO)"
        case .other: return "a device or socket"
        }
    }

    /// What is at `url`; nil when nothing is there. A link is reported as one (`lstat`) unless
    /// `followingLinks`, which sees what it points to (a broken link is then nothing).
    static func at(_ url: URL, followingLinks: Bool = false) -> FileKind? {
        var info = stat()
        guard (followingLinks ? stat(url.path, &info) : lstat(url.path, &info)) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int64(info.st_size))
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        case S_IFIFO: return .fifo
        default: return .other
        }
    }
}
