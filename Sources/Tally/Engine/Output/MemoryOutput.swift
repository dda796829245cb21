import Foundation

/// Keeps the built site in memory, for a preview server: a failed build keeps the previous site.
public final class MemoryOutput: SiteOutput, @unchecked Sendable {
    private let lock = NSLock()
    private var current: [String: [UInt8]] = [:]

    public init() {}

    /// The files of the last complete build, by output path.
    public var files: [String: [UInt8]] { lock.withLock { current } }

    /// One file of the last complete build.
    public func file(_ path: String) -> [UInt8]? { lock.withLock { current[path] } }

    public func write(fingerprint: String?, record: @autoclosure () -> BuildRecord?, _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        var next: [String: [UInt8]] = [:]
        var duplicates: [String] = []
        try produce { file in
            _ = try SiteWriter.resolve(file.path, under: URL(fileURLWithPath: "/"))
            // As on disk: the first file for a path stays.
            guard next[file.path] == nil else { return duplicates.append(file.path) }
            next[file.path] = file.bytes
        }
        let previous = files
        let changed = next.filter { previous[$0.key] != $0.value }.count
        let removed = previous.keys.filter { next[$0] == nil }.count
        lock.withLock { current = next }
        return WriteReport(files: next.count, changed: changed, removed: removed, duplicates: duplicates)
    }

    /// Itself: only the preview server's own builds write here, one after another.
    public func held() throws -> any SiteOutput { self }
    public func letGo() {}
}
