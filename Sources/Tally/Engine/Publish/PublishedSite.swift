import Foundation

/// The files of a built site with a digest of each: from the build's manifest when it describes
/// this very folder, else by reading every file.
struct PublishedSite {
    let root: URL
    var entries: [String: String]

    init(builtAt root: URL) throws {
        self.root = root.standardizedFileURL
        let writer = SiteWriter(output: self.root)
        if let data = try? Data(contentsOf: writer.manifestURL), case let manifest = SiteListing(parsing: data),
           manifest.folder != nil, manifest.folder == SiteWriter.identity(of: self.root.path) {
            entries = manifest.entries
            return
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: self.root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PublishError(target: root.path, reason: "no built site here; run `tally build` first (or pass --build)")
        }
        entries = [:]
        for path in Self.files(under: self.root) where path != SiteWriter.legacyMarker {
            entries[path] = Manifest.digest(try [UInt8](Data(contentsOf: self.root.appendingPathComponent(path))))
        }
    }

    /// Every regular file below `root`, by relative path.
    static func files(under root: URL) -> [String] {
        var found: [String] = []
        func walk(_ folder: String, _ prefix: String) {
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                var info = stat()
                guard lstat(folder + "/" + entry, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR { walk(folder + "/" + entry, prefix + entry + "/") }
                else if (info.st_mode & S_IFMT) == S_IFREG { found.append(prefix + entry) }
            }
        }
        walk(root.path, "")
        return found
    }
}
