import Foundation
import GRDB

/// What `tally backup` wrote.
public struct BackupReport: Sendable, CustomStringConvertible {
    public var destination: String
    public var bytes: Int64
    public var schema: SchemaVersion

    public var description: String {
        "Backed up to \(destination): \(ByteCount.format(bytes)), schema version \(schema), integrity ok"
    }
}

extension Store {
    /// Copies the store to a new file at `destination` with SQLite's online backup: the copy is
    /// one consistent snapshot, even while an import writes (in WAL mode a reader never waits for
    /// a writer). The copy is written beside the destination, checked, switched to a plain
    /// rollback journal so that it is one self-contained file, and only then renamed into place;
    /// an existing file is never replaced.
    public func backup(to destination: String) throws -> BackupReport {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: destination) else { throw StoreError.backupExists(path: destination) }
        let folder = (destination as NSString).deletingLastPathComponent
        if !folder.isEmpty { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        Self.removeStalePartials(in: folder.isEmpty ? "." : folder)
        let partial = destination + Self.partialMarker + "\(getpid())"
        defer { for suffix in Self.partialSuffixes { try? manager.removeItem(atPath: partial + suffix) } }
        let copy = try DatabaseQueue(path: partial)
        do {
            // All pages in one step: the copy is one read transaction, so one snapshot.
            try queue.backup(to: copy)
            CrashPoint.reach("backup-copied")
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            let integrity = try copy.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
            guard integrity == "ok" else { throw StoreError.backupFailed(path: destination, reason: "the copy fails its integrity check: \(integrity)") }
            let schema = try copy.read { db in try SchemaVersion.applied(db, sources: sources) }
            try copy.close()
            // link(2) fails if the destination appeared meanwhile, where rename would replace it.
            guard link(partial, destination) == 0 else {
                throw StoreError.backupFailed(path: destination, reason: String(cString: strerror(errno)))
            }
            return BackupReport(destination: destination, bytes: Store.bytesOnDisk(destination), schema: schema)
        } catch let error as DatabaseError {
            try? copy.close()
            throw StoreError.backupFailed(path: destination, reason: error.message ?? "\(error)")
        }
    }

    /// A backup is written as `FILE.partial-PID` (with SQLite's `-wal`, `-shm` or `-journal` beside
    /// it) until it is complete.
    static let partialMarker = ".partial-"
    static let partialSuffixes = ["", "-wal", "-shm", "-journal"]

    /// Removes what killed backups left in `folder`: `NAME.partial-PID` files whose process no
    /// longer runs, when the file itself is empty or an SQLite database (never anyone else's file
    /// that happens to have such a name), with their companions.
    static func removeStalePartials(in folder: String) {
        Leftovers.removeStale(in: folder) { name in
            guard let marker = name.range(of: partialMarker, options: .backwards),
                  let found = Leftovers.processID(leading: name[marker.upperBound...]),
                  let suffix = partialSuffixes.first(where: { $0 == found.rest }) else { return nil }
            let base = (folder as NSString).appendingPathComponent(String(name.dropLast(suffix.count)))
            var info = stat()
            guard lstat(base, &info) == 0 else {
                // The database is gone and only a companion is left.
                return suffix.isEmpty ? nil : found.pid
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let header = FileHandle(forReadingAtPath: base).flatMap { handle in
                defer { try? handle.close() }
                return try? handle.read(upToCount: 16)
            } ?? Data()
            return header.isEmpty || header == Data("SQLite format 3\0".utf8) ? found.pid : nil
        }
    }
}
