import Foundation

/// `tally publish --to DIR`: mirrors a built site into a folder, copying only changed files and
/// deleting the ones the site no longer has. A folder with content that Tally did not publish is
/// never touched; files someone added to a published folder are left alone.
public struct FolderPublisher {
    public let site: URL
    public let target: URL

    public init(site: URL, target: URL) {
        self.site = site.standardizedFileURL
        self.target = target.standardizedFileURL
    }

    /// The list of what was published, beside the target (never inside it).
    public var recordURL: URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tally-published")
    }

    @discardableResult
    public func publish() throws -> PublishReport {
        let manager = FileManager.default
        let source = site.resolvingSymlinksInPath().path, destination = target.resolvingSymlinksInPath().path
        if source == destination || destination.hasPrefix(source + "/") || source.hasPrefix(destination + "/") {
            throw PublishError(target: target.path, reason: "the target and the built site (\(site.path)) must not contain each other")
        }
        let built = try PublishedSite(builtAt: site)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lock = try FileLock(folder: target.deletingLastPathComponent())
        defer { lock.release() }

        var previous = SiteListing()
        var recordTime: timespec?
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: target.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw PublishError(target: target.path, reason: "is a file, not a folder") }
            if let data = try? Data(contentsOf: recordURL) {
                previous = SiteListing(parsing: data)
                recordTime = Self.status(recordURL.path)?.st_mtim
            } else if !(try manager.contentsOfDirectory(atPath: target.path)).isEmpty {
                throw PublishError(target: target.path, reason: "is not empty and was not published by tally; choose another folder or empty it")
            }
        }
        // A publish that was stopped midway leaves its record in progress: nothing in it is
        // trusted, every file is compared with the site, and half-written copies are removed.
        let interrupted = previous.inProgress
        if interrupted { removePartials(of: Set(previous.entries.keys).union(built.entries.keys)) }

        var report = PublishReport(target: target.path, added: 0, changed: 0, removed: 0, unchanged: 0)
        var writes: [String] = []
        for (path, digest) in built.entries.sorted(by: { $0.key < $1.key }) {
            let file = try SiteWriter.resolve(path, under: target)
            if try holds(file, path: path, digest: digest, previous: previous, recordTime: recordTime) {
                report.unchanged += 1
            } else {
                writes.append(path)
            }
        }
        let removals = previous.entries.keys.filter { built.entries[$0] == nil }.sorted()
        if writes.isEmpty, removals.isEmpty, !interrupted, previous.entries == built.entries { return report }

        // Before the folder is touched, the record names every file this publish may leave
        // there, so that a kill at any moment leaves them to the next publish to put right.
        var pending = SiteListing()
        pending.inProgress = true
        pending.entries = previous.entries.merging(built.entries) { $1 }
        try writeRecord(pending)
        try manager.createDirectory(at: target, withIntermediateDirectories: true)

        // Removals first: a page that becomes a folder (or the reverse) needs its old name free.
        for path in removals {
            CrashPoint.reach("publish-folder-step")
            let file = try SiteWriter.resolve(path, under: target)
            // A folder by that name now is the new site's (a page became a folder), or not Tally's.
            if let info = Self.status(file.path), (info.st_mode & S_IFMT) != S_IFDIR, (try? manager.removeItem(at: file)) != nil {
                report.removed += 1
            }
            // Folders the removal emptied go too, up to the target.
            var folder = file.deletingLastPathComponent()
            while folder.path.count > target.path.count, (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try? manager.removeItem(at: folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        for path in writes {
            CrashPoint.reach("publish-folder-step")
            let file = try SiteWriter.resolve(path, under: target)
            if try copy(path, to: file) { report.changed += 1 } else { report.added += 1 }
        }
        CrashPoint.reach("publish-folder-step")
        var record = SiteListing()
        record.entries = built.entries
        try writeRecord(record)
        return report
    }

    /// Whether the target's `file` already holds the site's `path`. The record answers when it
    /// is complete and the file is as that publish left it (same size, last changed before the
    /// record was written: file times are coarse, so "at the same time" does not count);
    /// otherwise the file's bytes are compared.
    private func holds(_ file: URL, path: String, digest: String, previous: SiteListing, recordTime: timespec?) throws -> Bool {
        guard let info = Self.status(file.path), (info.st_mode & S_IFMT) == S_IFREG else { return false }
        if !previous.inProgress, let recorded = previous.entries[path], let recordTime,
           let source = Self.status(site.appendingPathComponent(path).path), source.st_size == info.st_size,
           (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) < (recordTime.tv_sec, recordTime.tv_nsec) {
            return recorded == digest
        }
        guard let bytes = try? Data(contentsOf: file) else { return false }
        return Manifest.digest([UInt8](bytes)) == digest
    }

    /// Copies the site's `path` to `file` through a partial file renamed into place, so the target
    /// never holds half a file under its real name. Returns whether a file was replaced.
    private func copy(_ path: String, to file: URL) throws -> Bool {
        let manager = FileManager.default
        try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = try Data(contentsOf: site.appendingPathComponent(path))
        let partial = Self.partialURL(of: file)
        try bytes.write(to: partial)
        CrashPoint.reach("publish-folder-partial")
        let present = Self.status(file.path) != nil
        guard rename(partial.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: partial)
            throw PublishError(target: target.path, reason: "\(path) cannot be written (\(reason))")
        }
        return present
    }

    /// Removes the partial files a stopped publish may have left beside these paths.
    private func removePartials(of paths: Set<String>) {
        for path in paths {
            guard let file = try? SiteWriter.resolve(path, under: target) else { continue }
            try? FileManager.default.removeItem(at: Self.partialURL(of: file))
        }
    }

    private static func partialURL(of file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tally-partial")
    }

    private func writeRecord(_ listing: SiteListing) throws {
        do {
            try Data(listing.serialized().utf8).write(to: recordURL, options: .atomic)
        } catch {
            throw PublishError(target: target.path, reason: "the record \(recordURL.path) cannot be written (\(error.localizedDescription))")
        }
    }

    private static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }
}
