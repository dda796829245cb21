import Foundation

/// Files a bundle keeps beside the store (pictures), written first into a staging folder next to
/// their destination and renamed into place only once every document of the bundle has imported,
/// so a rejected bundle leaves none of them behind.
///
/// The staging folder sits in the destination's parent (`.staging-PID-UUID`), on the same file
/// system, so putting a file in place is one rename. A staging folder that a killed import left
/// is removed by the next bundle staged there.
public struct StagedFiles: Sendable {
    /// Where files wait until the bundle commits.
    public let folder: URL
    /// Where they go then.
    public let destination: URL

    static let prefix = ".staging-"

    /// Makes an empty staging folder beside `destination`, first removing those that processes no
    /// longer running left there.
    public init(destination: URL) throws {
        let parent = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        Self.removeStale(in: parent)
        folder = parent.appendingPathComponent("\(Self.prefix)\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        self.destination = destination
    }

    /// Moves every staged file into `destination` (a file already there is kept) and removes the
    /// staging folder.
    public func commit() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: folder.path) {
            let target = destination.appendingPathComponent(name)
            // A file of that name is the same picture from an earlier import: the first one stays.
            if manager.fileExists(atPath: target.path) { continue }
            try manager.moveItem(at: folder.appendingPathComponent(name), to: target)
        }
        discard()
    }

    /// Removes the staging folder and whatever waits in it.
    public func discard() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Removes staging folders in `parent` whose process is gone (killed mid-import).
    static func removeStale(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let pid = name.dropFirst(prefix.count).prefix { $0 != "-" }
            guard let pid = pid_t(pid), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }
}
