import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts a built site on disk: into a staging folder beside the output, then swapped in, so a
/// failed build leaves the previous site as it was and readers never see half a site.
public struct SiteWriter: SiteOutput, Sendable {
    /// The output folder.
    public let output: URL
    /// Where builds before 0.2 kept the manifest: inside the output. Still read, never written.
    static let legacyMarker = ".tally-manifest"

    /// The build's bookkeeping, beside the output (`.public.tally-manifest`), so it is never
    /// published: every file with its digest, and which folder it describes.
    public var manifestURL: URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-manifest")
    }

    /// The sources' states the build recorded (`BuildRecord`), beside the manifest.
    public var stateURL: URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-state")
    }

    /// The site's lock, when this writer holds it for a whole build (`held()`): its own steps
    /// then take it no more (a second `flock` in one process would wait for itself).
    private(set) var hold: SiteHold?

    public init(output: URL) {
        self.output = output.standardizedFileURL
    }

    /// This writer, holding the site's lock from now until `letGo()` (or until the last copy of it
    /// is gone), so that the previous build's state, shelves and files that a build reads before
    /// it writes stay as they were: a second build waits here for the first to end, rather than
    /// reading the state the first replaces and then appending its parts where the first appended
    /// its own. The site's parent folder is made if missing, so that there is one to lock.
    public func held() throws -> any SiteOutput {
        guard hold == nil else { return self }
        let parent = output.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        var writer = self
        writer.hold = SiteHold(lock: try FileLock(folder: parent), stateURL: stateURL)
        return writer
    }

    /// Whether another process (or another descriptor of this one) holds the site's lock now:
    /// a build about to wait for it says so first.
    public var isHeldElsewhere: Bool {
        let descriptor = open(output.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return errno == EWOULDBLOCK }
        flock(descriptor, LOCK_UN)
        return false
    }

    public func letGo() { hold?.release() }

    /// The site's lock for one step (`write`, `update`, `refresh`): nil when the writer holds it already.
    func stepLock(_ parent: URL) throws -> FileLock? {
        hold == nil ? try FileLock(folder: parent) : nil
    }

    /// Writes `files` as the whole new site and returns how many differ from the previous one.
    @discardableResult
    public func write(_ files: [OutputFile]) throws -> WriteReport {
        try write { emit in for file in files { try emit(file) } }
    }

    /// Writes the whole new site from files handed over one at a time by `produce`, so a build
    /// need not hold every rendered page at once.
    @discardableResult
    public func write(fingerprint: String?, record: @autoclosure () -> BuildRecord? = nil,
                      _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        // One build at a time writes this folder; a second waits, then replaces the first's site
        // whole. The lock is on the parent folder itself, so no lock file is left behind.
        let lock = try stepLock(parent)
        defer { lock?.release() }
        try recoverInterruptedBuild()
        let previous = try previousManifest()

        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(getpid())")
        try? manager.removeItem(at: staging)
        // The new manifest's lines go to their file as files are made, so memory holds only the
        // previous build's digests.
        let pending = parent.appendingPathComponent(".\(output.lastPathComponent).tally-manifest-\(getpid())")
        try? manager.removeItem(at: pending)
        let pendingState = parent.appendingPathComponent(".\(output.lastPathComponent).tally-state-\(getpid())")
        var changed = 0
        var count = 0
        var kept = 0
        var duplicates: [String] = []
        var shelves = Set<String>()
        do {
            let lines = try ManifestWriter(path: pending.path)
            var folders = FolderMaker(root: staging.path)
            let stagingPath = staging.path
            let outputPath = output.path
            try produce { file in
                let target = try Self.resolve(file.path, under: stagingPath)
                try folders.make(parentOf: file.path)
                let digest = Manifest.Digest(file.bytes)
                let before = previous.digest(for: file.path)
                // An unchanged file is linked from the previous site rather than written again,
                // so an incremental build writes only what changed (and keeps old files' times).
                if before != digest || link(outputPath + "/" + file.path, target) != 0 {
                    // The staging folder started empty: a file already there is a second file for one
                    // path (two names whose slugs met). The first stays; one name never stops a build.
                    guard try Self.writeFile(file.bytes, to: target, name: file.path, unlessExists: true) else {
                        duplicates.append(file.path)
                        return
                    }
                    changed += 1
                }
                count += 1
                if before != nil { kept += 1 }
                try lines.file(Manifest.line(file.path, digest).utf8.dropLast(), section: file.section)
            }
            // Written before the swap, naming the staging folder (which becomes the output by
            // rename): a build killed in between leaves a manifest that no longer matches, which the
            // next build notices and so never links a file it did not check.
            // Read only now: sources may keep state while the files are made (the search's, as its thread ends).
            let record = record()
            shelves = record?.shelves ?? []
            let state = try record.map { try writeState($0, to: pendingState) }
            try lines.append(Manifest.trailer(folder: Self.identity(of: staging.path), fingerprint: fingerprint, global: record?.global, state: state))
            try lines.close()
            // The state first: a build killed between the renames leaves a manifest naming
            // another state, which the next build does not trust.
            if state != nil { try Self.move(pendingState, to: stateURL) }
            guard rename(pending.path, manifestURL.path) == 0 else {
                throw OutputError(path: manifestURL.path, reason: "cannot be written (\(String(cString: strerror(errno))))")
            }
        } catch {
            try? manager.removeItem(at: staging)
            try? manager.removeItem(at: pending)
            try? manager.removeItem(at: pendingState)
            throw error
        }
        let removed = previous.count - kept
        let old = parent.appendingPathComponent(".\(output.lastPathComponent).old-\(getpid())")
        if manager.fileExists(atPath: output.path) {
            try manager.moveItem(at: output, to: old)
        }
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: old, to: output)
            throw error
        }
        try? manager.removeItem(at: old)
        removeShelves(keeping: shelves)
        return WriteReport(files: count, changed: changed, removed: removed, duplicates: duplicates)
    }

    public var shelfPlace: (folder: URL, site: String)? { (output.deletingLastPathComponent(), output.lastPathComponent) }

    /// Removes the site's shelf files of rendered parts (`PartShelf`) but those the state now in
    /// place names: a full build's new one replaces the last, and a failed build's is no one's.
    func removeShelves(keeping names: Set<String>) {
        let parent = output.deletingLastPathComponent()
        let prefix = PartShelf.filePrefix(site: output.lastPathComponent)
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where entry.hasPrefix(prefix) && !names.contains(entry) {
            unlink(parent.appendingPathComponent(entry).path)
        }
    }

    /// Replaces only `files` in the site, each by an atomic rename, when the site there was built
    /// from inputs with this `fingerprint` and is the folder the manifest describes; nil otherwise.
    ///
    /// A rebuild with nothing changed then costs a few files instead of a new tree: every page but
    /// those that carry the build time is the same by construction.
    public func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport? {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        guard manager.fileExists(atPath: output.path) else { return nil }
        let lock = try stepLock(parent)
        defer { lock?.release() }
        try recoverInterruptedBuild()
        // The trailer first, from the manifest's end: a build that changes something (most) need
        // not read every line (the whole of a 100k site's manifest is 12 MB).
        guard let end = FileBytes.tail(manifestURL, count: 64 << 10) else { return nil }
        var trailer = Manifest(trailerOf: end.bytes)
        if !end.whole, trailer.fingerprint == nil, let whole = FileBytes.read(manifestURL) { trailer = Manifest(trailerOf: whole) }
        guard trailer.fingerprint == fingerprint, trailer.folder != nil, trailer.folder == Self.identity(of: output.path),
              let data = FileBytes.read(manifestURL), Manifest(trailerOf: data).fingerprint == fingerprint else { return nil }
        // Only the lines of the files given, found in one pass: making the whole table of digests
        // was half of a build with nothing changed.
        let wanted = Set(files.map { Array($0.path.utf8) })
        var listed: [String: Manifest.Digest] = [:]
        var count = 0
        Manifest.forEachFile(in: data) { _, path, line in
            count += 1
            guard wanted.contains(Array(path)), let digest = Manifest.Digest(parsing: line.prefix { $0 != 0x20 }) else { return }
            listed[String(decoding: path, as: UTF8.self)] = digest
        }
        var replaced: [String: Manifest.Digest] = [:]
        var changed = 0
        for file in files {
            let digest = Manifest.Digest(file.bytes)
            let target = try Self.resolve(file.path, under: output)
            if listed[file.path] == digest, manager.fileExists(atPath: target.path) { continue }
            let folder = target.deletingLastPathComponent()
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).tally-\(getpid())")
            try? manager.removeItem(at: temporary)
            try Self.writeFile(file.bytes, to: temporary.path, name: file.path)
            guard rename(temporary.path, target.path) == 0 else {
                try? manager.removeItem(at: temporary)
                throw OutputError(path: file.path, reason: "cannot be replaced (\(String(cString: strerror(errno))))")
            }
            replaced[file.path] = digest
            changed += 1
        }
        if changed > 0 {
            let pending = parent.appendingPathComponent(".\(output.lastPathComponent).tally-manifest-\(getpid())")
            try? manager.removeItem(at: pending)
            try Self.writeFile(Manifest.rewritten(data, replacing: replaced), to: pending.path, name: pending.lastPathComponent)
            guard rename(pending.path, manifestURL.path) == 0 else {
                throw OutputError(path: manifestURL.path, reason: "cannot be written (\(String(cString: strerror(errno))))")
            }
        }
        return WriteReport(files: count, changed: changed, removed: 0)
    }

    /// A build killed between its two renames leaves the previous site in `.NAME.old-PID` and no
    /// output folder: put it back. Staging folders of killed builds are removed.
    func recoverInterruptedBuild() throws {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let leftovers = (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        for entry in leftovers.sorted() where entry.hasPrefix(".\(name).old-") {
            let old = parent.appendingPathComponent(entry)
            if !manager.fileExists(atPath: output.path) {
                try manager.moveItem(at: old, to: output)
            } else {
                try? manager.removeItem(at: old)
            }
        }
        // An update killed after it wrote its journal is carried through, before anything else.
        try finishJournaledUpdate()
        for entry in leftovers where entry.hasPrefix(".\(name).staging-") || entry.hasPrefix(".\(name).tally-manifest-")
            || entry.hasPrefix(".\(name).tally-state-") || entry.hasPrefix(".\(name).update-") {
            try? manager.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    /// Writes bytes to a new file with POSIX calls: FileManager's per-file overhead dominated writes.
    /// Returns false, having written nothing, when the file exists and `unlessExists` is set.
    @discardableResult
    static func writeFile(_ bytes: [UInt8], to path: String, name: String, unlessExists: Bool = false) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST, unlessExists { return false }
        guard descriptor >= 0 else { throw OutputError(path: name, reason: "cannot be created (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        try write(bytes, to: descriptor, name: name)
        return true
    }

    /// Writes all of `bytes` to an open file, naming the file `name` on failure.
    static func write(_ bytes: [UInt8], to descriptor: Int32, name: String) throws {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: name, reason: "cannot be written (\(String(cString: strerror(errno))))")
            }
            written += result
        }
    }

    /// The previous build's manifest, when the output is Tally's; refuses a folder that has content
    /// but was not written by Tally. Digests are trusted (to link unchanged files) only when the
    /// manifest names the very folder that is there.
    func previousManifest() throws -> Manifest {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        let beside = (try? Data(contentsOf: manifestURL)).map { Manifest(parsing: $0) }
        guard manager.fileExists(atPath: output.path, isDirectory: &isFolder) else { return Manifest() }
        guard isFolder.boolValue else { throw OutputError(path: output.path, reason: "is a file, not a folder") }
        let contents = try manager.contentsOfDirectory(atPath: output.path)
        if contents.isEmpty { return Manifest() }
        if contents.contains(Self.legacyMarker) {
            return (try? Data(contentsOf: output.appendingPathComponent(Self.legacyMarker))).map { Manifest(parsing: $0) } ?? Manifest()
        }
        if let beside {
            if beside.folder == Self.identity(of: output.path) { return beside }
            // Not the folder the manifest describes (a build killed just before its swap): still
            // Tally's when it holds nothing the manifest does not list, but nothing is linked from it.
            if contents.allSatisfy(beside.topLevelNames.contains) { return Manifest() }
        }
        throw OutputError(path: output.path, reason: "is not empty and was not written by tally; choose another --output or empty it")
    }

    /// Device and inode of a folder: kept by a rename, so the staging folder's is the output's after the swap.
    static func identity(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// The file for an output path, refusing any path that could leave the folder.
    static func resolve(_ path: String, under folder: URL) throws -> URL {
        URL(fileURLWithPath: try resolve(path, under: folder.path))
    }

    /// `path` under `folder`, as a file system path; checked as `resolve(_:under:)` checks it.
    /// Strings, not URLs: joining URLs was a tenth of the write stage's time.
    static func resolve(_ path: String, under folder: String) throws -> String {
        guard isSafe(path) else { throw OutputError(path: path, reason: "is not a safe output path") }
        return folder + "/" + path
    }

    /// Whether `path` is relative and its every part is a plain name of letters, digits, `-`, `_`
    /// and `.` (but not `.` or `..`).
    static func isSafe(_ path: String) -> Bool {
        var part = 0  // bytes in the current part
        var dots = 0  // of which dots
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                guard part > 0, dots != part || part > 2 else { return false }
                part = 0
                dots = 0
                continue
            }
            guard (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".") || (byte >= 65 && byte <= 90) else { return false }
            part += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        return part > 0 && (dots != part || part > 2)
    }
}

/// What a write changed compared with the previous site.
public struct WriteReport: Sendable, Equatable {
    public var files: Int
    /// Files new or different from the previous build.
    public var changed: Int
    /// Files the previous build had and this one does not.
    public var removed: Int
    /// Paths handed over more than once, each time after the first (left out: the first stays).
    public var duplicates: [String] = []
}

/// The output could not be written.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
