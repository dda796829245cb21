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
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: target.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw PublishError(target: target.path, reason: "is a file, not a folder") }
            if let data = try? Data(contentsOf: recordURL) {
                previous = SiteListing(parsing: data)
            } else if !(try manager.contentsOfDirectory(atPath: target.path)).isEmpty {
                throw PublishError(target: target.path, reason: "is not empty and was not published by tally; choose another folder or empty it")
            }
        }
        try manager.createDirectory(at: target, withIntermediateDirectories: true)

        var report = PublishReport(target: target.path, added: 0, changed: 0, removed: 0, unchanged: 0)
        var record = SiteListing()
        defer {
            // Whatever happened, record what the target now holds, so the next publish completes it.
            try? Data(record.serialized().utf8).write(to: recordURL, options: .atomic)
        }
        // Files still there from the previous publish count as published until replaced or removed.
        record.entries = previous.entries
        for (path, digest) in built.entries.sorted(by: { $0.key < $1.key }) {
            let destinationFile = try SiteWriter.resolve(path, under: target)
            let present = manager.fileExists(atPath: destinationFile.path)
            if present, previous.entries[path] == digest {
                report.unchanged += 1
                continue
            }
            try manager.createDirectory(at: destinationFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = try Data(contentsOf: site.appendingPathComponent(path))
            try bytes.write(to: destinationFile, options: .atomic)
            record.entries[path] = digest
            if present { report.changed += 1 } else { report.added += 1 }
        }
        for path in previous.entries.keys.sorted() where built.entries[path] == nil {
            let file = try SiteWriter.resolve(path, under: target)
            try? manager.removeItem(at: file)
            record.entries[path] = nil
            report.removed += 1
            // Folders the removal emptied go too, up to the target.
            var folder = file.deletingLastPathComponent()
            while folder.path.count > target.path.count, (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try? manager.removeItem(at: folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        return report
    }
}
