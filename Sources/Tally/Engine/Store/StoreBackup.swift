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
        let partial = destination + ".partial-\(getpid())"
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? manager.removeItem(atPath: partial + suffix) } }
        let copy = try DatabaseQueue(path: partial)
        do {
            // All pages in one step: the copy is one read transaction, so one snapshot.
            try queue.backup(to: copy)
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
}
