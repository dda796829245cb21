import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A rebuild that planned only what changed updates the site in place rather than making a new
/// tree: the changed files are written into a sparse staging folder first, so a failed build
/// changes nothing; then a journal names every file to move in and every file to remove, and
/// only then are they moved. A build killed while moving leaves the journal, and the next
/// `tally build` (or publish of the folder) finishes the move before anything else.
extension SiteWriter {
    /// Where an update in progress lists what it moves into the site and removes from it.
    var journalURL: URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-journal")
    }

    public func previousStates(global: String) -> [String: [UInt8]]? {
        previousStateFile(global: global).flatMap(BuildRecord.states(decoding:))
    }

    /// The state file's bytes, when its site is there whole and was built with `global`; nil otherwise.
    private func previousStateFile(global: String) -> [UInt8]? {
        // Only the manifest's trailer is needed here, at its end.
        guard let end = FileBytes.tail(manifestURL, count: 64 << 10) else { return nil }
        var manifest = Manifest(trailerOf: end.bytes)
        if !end.whole, manifest.state == nil, let data = FileBytes.read(manifestURL) { manifest = Manifest(trailerOf: data) }
        guard manifest.global == global, let digest = manifest.state, manifest.folder != nil,
              manifest.folder == Self.identity(of: output.path), !FileManager.default.fileExists(atPath: journalURL.path) else { return nil }
        // Read as the site was held; read again when the manifest names another (a killed
        // build's journal was finished since).
        if let read = hold?.takeState(), read.digest == digest { return read.bytes }
        guard let state = FileBytes.read(stateURL), Manifest.digest(state) == digest else { return nil }
        return state
    }

    public func previousPaths(sections: Set<String>) throws -> [String] {
        guard let data = FileBytes.read(manifestURL) else { return [] }
        var paths: [String] = []
        Manifest.forEachFile(in: data) { section, path, _ in
            if sections.contains(String(decoding: section, as: UTF8.self)) { paths.append(String(decoding: path, as: UTF8.self)) }
        }
        return paths
    }

    public func previousFile(_ path: String) -> [UInt8]? {
        guard let url = try? Self.resolve(path, under: output) else { return nil }
        return FileBytes.read(url)
    }

    public func update(fingerprint: String, record: @escaping @Sendable @autoclosure () -> BuildRecord, keeping: @autoclosure () -> Set<String>,
                       _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let lock = try stepLock(parent)
        defer { lock?.release() }
        try recoverInterruptedBuild()
        // Only the manifest's trailer and size are needed now: it is read whole once, at the end,
        // where its one pass finds both the files not made again and those made the same.
        let read: (bytes: Int, identity: String)? = {
            guard let end = FileBytes.tail(manifestURL, count: 64 << 10), let identity = Self.identity(of: output.path) else { return nil }
            var trailer = Manifest(trailerOf: end.bytes)
            if !end.whole, trailer.folder == nil, let data = FileBytes.read(manifestURL) { trailer = Manifest(trailerOf: data) }
            return trailer.folder == identity ? (end.size, identity) : nil
        }()
        guard let (listedCount, identity) = read else {
            throw OutputError(path: output.path, reason: "changed while the build ran; build again")
        }
        let staging = parent.appendingPathComponent(".\(name).update-\(getpid())")
        let pending = parent.appendingPathComponent(".\(name).tally-manifest-\(getpid())")
        let pendingState = parent.appendingPathComponent(".\(name).tally-state-\(getpid())")
        for leftover in [staging, pending, pendingState] { try? manager.removeItem(at: leftover) }
        // Each file made, with its digest: compared with the previous build's in the last pass.
        var emitted: [Manifest.PathKey: Manifest.Digest] = [:]
        var staged: [String] = []
        var removed: [String] = []
        var count = 0
        var duplicates: [String] = []
        var shelves = Set<String>()
        // The record and the state file it becomes, made on another thread beside the manifest's
        // last pass (each a few tens of milliseconds at 100,000 posts, at the build's end on one
        // core); waited for before anything is cleaned up, so that it writes no file after that.
        var recording: MadeAside<Result<(shelves: Set<String>, global: String, state: String), any Error>>?
        do {
            let lines = try ManifestWriter(path: pending.path)
            var folders = FolderMaker(root: staging.path)
            let stagingPath = staging.path
            let outputPath = output.path
            try produce { file in
                let target = try Self.resolve(file.path, under: stagingPath)
                let key = Manifest.PathKey(file.path)
                guard emitted[key] == nil else { return duplicates.append(file.path) }
                let digest = Manifest.Digest(file.bytes)
                emitted[key] = digest
                count += 1
                try lines.file(Manifest.line(file.path, digest).utf8.dropLast(), section: file.section)
                // A file the site already holds byte for byte is left as it is: most of a rebuild's
                // search files (its people's and hashtags' records, made again whole), 409 of the 946
                // files a 20k rebuild made, each staged and taken back at the end, on one core.
                // Its size is asked first, so a changed file is rarely read. Parsing all of a large
                // site's manifest up front to ask it instead cost more than it saved.
                if FileBytes.holds(outputPath + "/" + file.path, exactly: file.bytes) { return }
                // Staged otherwise: the last pass over the previous manifest takes back those it
                // lists with the same digest.
                try folders.make(parentOf: file.path)
                try Self.writeFile(file.bytes, to: target, name: file.path)
                staged.append(file.path)
            }
            // Read only now: sources may keep state while the files are made (the search's, as its thread ends).
            recording = MadeAside { [self] in
                Result {
                    let record = record()
                    return (record.shelves, record.global, try writeState(record, to: pendingState))
                }
            }
            // Files made again the same, taken back out of the staging folder.
            var unstaged = Set<String>()
            // Asked only now: the search reads which of its files continue while pages are made.
            let keeping = keeping()
            // Read again now (the lock keeps it as it was): not held while every page was made,
            // nor while the state is written (a scope of its own lets go of it).
            do {
                guard let listed = FileBytes.read(manifestURL), listed.count == listedCount else {
                    throw OutputError(path: output.path, reason: "changed while the build ran; build again")
                }
                // The previous build's files not made again: kept in the sections that plan only
                // what changed, removed from the others. Kept lines that follow one another in one
                // section are carried as one run, by reference (`ManifestWriter.lines`).
                var current: (name: String, kept: Bool)?
                var run: Range<Int>?
                func carryRun() throws {
                    guard let kept = run, let current else { return }
                    try lines.lines(listed[kept], section: current.name)
                    run = nil
                }
                try listed.withUnsafeBufferPointer { bytes in
                    try Manifest.scan(bytes, section: { key in
                        try carryRun()
                        let name = String(decoding: key, as: UTF8.self)
                        current = (name, keeping.contains(name))
                    }, file: { path, line in
                        let pathBytes = UnsafeBufferPointer(rebasing: bytes[path])
                        if let digest = emitted[Manifest.PathKey(bytes: pathBytes)] {
                            // Made again: the same bytes, still in the site, need not move in.
                            if Manifest.Digest(parsing: listed[line.lowerBound..<(path.lowerBound - 1)]) == digest {
                                let relative = String(decoding: pathBytes, as: UTF8.self)
                                if access(outputPath + "/" + relative, F_OK) == 0 {
                                    unstaged.insert(relative)
                                    unlink(stagingPath + "/" + relative)
                                }
                            }
                            return try carryRun()
                        }
                        // Files listed before any section line are in the section with no name.
                        if current == nil { current = ("", keeping.contains("")) }
                        guard current!.kept else { return removed.append(String(decoding: pathBytes, as: UTF8.self)) }
                        count += 1
                        // A line with its newline goes on the run when it follows it; a last line with none is written alone.
                        guard line.upperBound < bytes.count else {
                            try carryRun()
                            return try lines.file(listed[line], section: current!.name)
                        }
                        if let kept = run, kept.upperBound == line.lowerBound {
                            run = kept.lowerBound..<(line.upperBound + 1)
                        } else {
                            try carryRun()
                            run = line.lowerBound..<(line.upperBound + 1)
                        }
                    })
                }
                try carryRun()
                // The carried runs written out while the manifest read is still held.
                try lines.endSections()
            }
            if !unstaged.isEmpty { staged.removeAll { unstaged.contains($0) } }
            let recorded = try recording!.value.get()
            shelves = recorded.shelves
            try lines.append(Manifest.trailer(folder: identity, fingerprint: fingerprint, global: recorded.global, state: recorded.state))
            try lines.close()
            var journal = "tally-update 1\nstaging \(staging.lastPathComponent)\nstate \(pendingState.lastPathComponent)\nmanifest \(pending.lastPathComponent)\n"
            for path in staged { journal += "put \(path)\n" }
            for path in removed { journal += "drop \(path)\n" }
            let pendingJournal = parent.appendingPathComponent(".\(name).tally-journal-\(getpid())")
            try? manager.removeItem(at: pendingJournal)
            try Self.writeFile(Array(journal.utf8), to: pendingJournal.path, name: pendingJournal.lastPathComponent)
            try Self.move(pendingJournal, to: journalURL)
        } catch {
            _ = recording?.value
            for leftover in [staging, pending, pendingState] { try? manager.removeItem(at: leftover) }
            throw error
        }
        try finishJournaledUpdate()
        removeShelves(keeping: shelves)
        return WriteReport(files: count, changed: staged.count, removed: removed.count, duplicates: duplicates)
    }

    /// Carries out a written journal: moves its staged files in, removes what it drops (and the
    /// folders that leaves empty), puts its state and manifest in place, and deletes it. Each
    /// step can be done again, so a journal left by a killed build is finished the same way.
    func finishJournaledUpdate() throws {
        guard let data = try? Data(contentsOf: journalURL) else { return }
        let parent = output.deletingLastPathComponent()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.first == "tally-update 1" else {
            throw OutputError(path: journalURL.path, reason: "is not a journal this tally can finish; remove it and build again")
        }
        func named(_ key: String) -> URL? {
            lines.first { $0.hasPrefix(key + " ") }.map { parent.appendingPathComponent(String($0.dropFirst(key.count + 1))) }
        }
        guard let staging = named("staging"), let state = named("state"), let manifest = named("manifest") else {
            throw OutputError(path: journalURL.path, reason: "is missing its staging folder, state or manifest line")
        }
        var emptied = Set<String>()
        // Paths joined as strings: a file URL asks the file system whether each is a folder.
        let stagingPath = staging.path, outputPath = output.path
        let puts = lines.filter { $0.hasPrefix("put ") }.map { String($0.dropFirst(4)) }
        // Moves staged files in, making their folders.
        @Sendable func move(_ paths: ArraySlice<String>) throws {
            var folders = FolderMaker(root: outputPath)
            for path in paths {
                let source = try Self.resolve(path, under: stagingPath)
                guard access(source, F_OK) == 0 else { continue }
                try folders.make(parentOf: path)
                let target = try Self.resolve(path, under: outputPath)
                guard rename(source, target) == 0 else {
                    throw OutputError(path: path, reason: "cannot be moved into \(outputPath) (\(String(cString: strerror(errno))))")
                }
                CrashPoint.reach("update-moving")
            }
        }
        // Half the moves on another thread: at the build's end the other core is idle, and each
        // move frees the file it replaces (about a fiftieth of a 20k rebuild, on one core). Any
        // order will do: every move stands alone, and a journal left half done is finished the same.
        let half = puts.count >= 64 ? puts.count / 2 : puts.count
        let rest = half < puts.count ? MadeAside { [paths = puts[half...]] in Result { try move(paths) } } : nil
        do {
            try move(puts[..<half])
        } catch {
            // Nothing moves once this has failed.
            _ = rest?.value
            throw error
        }
        try rest?.value.get()
        for line in lines where line.hasPrefix("drop ") {
            let path = String(line.dropFirst(5))
            let target = try Self.resolve(path, under: outputPath)
            if unlink(target) != 0 && errno != ENOENT {
                throw OutputError(path: path, reason: "cannot be removed (\(String(cString: strerror(errno))))")
            }
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty, emptied.insert(folder).inserted { folder = (folder as NSString).deletingLastPathComponent }
        }
        // Deepest first, so that a folder emptied of folders goes too; one still holding files stays.
        for folder in emptied.sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count }) {
            rmdir(output.appendingPathComponent(folder).path)
        }
        if access(state.path, F_OK) == 0 { try Self.move(state, to: stateURL) }
        if access(manifest.path, F_OK) == 0 { try Self.move(manifest, to: manifestURL) }
        try? FileManager.default.removeItem(at: staging)
        try Self.move(journalURL, to: nil)
    }

    /// Writes the build's state file, returning its digest for the manifest.
    func writeState(_ record: BuildRecord, to url: URL) throws -> String {
        try? FileManager.default.removeItem(at: url)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: url.lastPathComponent, reason: "cannot be created (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        var digest = ContentHash.Stream()
        var size = 0
        try record.encode { piece in
            digest.add(piece)
            size += piece.count
            try Self.write(piece, to: descriptor, name: url.lastPathComponent)
        }
        return Manifest.Digest(digest.finish(), size: size).text
    }

    /// Renames a file over another (or removes it, to nil), saying which on failure.
    static func move(_ source: URL, to target: URL?) throws {
        let result = target.map { rename(source.path, $0.path) } ?? unlink(source.path)
        guard result == 0 else {
            throw OutputError(path: (target ?? source).path, reason: "cannot be written (\(String(cString: strerror(errno))))")
        }
    }
}
