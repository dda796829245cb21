import Foundation

/// Turns what the user named on `tally import` into the files to read: a folder stands for every
/// file inside it that Tally reads, recursively and in name order; the rest are listed as skipped.
public struct ImportInputs: Sendable {
    /// The files to import, as the user would name them, in order.
    public var files: [String] = []
    /// Files inside named folders that Tally does not read (by their extension), in order.
    public var skipped: [String] = []
    /// Named paths that are not there, with what to say about each.
    public var missing: [(path: String, reason: String)] = []

    /// Extensions of the files Tally reads from a folder: JSON, JSON Lines, archive `tweets.js`.
    public static let readExtensions: Set<String> = ["json", "jsonl", "ndjson", "js"]

    public init() {}

    /// Expands `arguments`, relative to `folder`. Files named one by one are always read (the format
    /// comes from the content, never the name); hidden files and folders inside a folder are left out.
    public static func expand(_ arguments: [String], in folder: URL, wholeFolder: (URL) -> Bool = { _ in false }) -> ImportInputs {
        var inputs = ImportInputs()
        let manager = FileManager.default
        for argument in arguments {
            let url = URL(fileURLWithPath: argument, relativeTo: folder)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                let glob = argument.contains(where: { "*?[".contains($0) })
                inputs.missing.append((argument, glob ? "no file matches this pattern" : "no such file"))
                continue
            }
            // A file, or a folder a source reads as a whole (a Twitter archive), is imported as given.
            guard isFolder.boolValue, !wholeFolder(url) else {
                inputs.files.append(argument)
                continue
            }
            var found: [String] = []
            walk(url, named: argument.hasSuffix("/") ? String(argument.dropLast()) : argument, into: &found)
            for path in found {
                let ext = (path as NSString).pathExtension.lowercased()
                if readExtensions.contains(ext) { inputs.files.append(path) } else { inputs.skipped.append(path) }
            }
        }
        return inputs
    }

    /// Every regular file below `url`, depth first, each folder's entries in name order.
    private static func walk(_ url: URL, named name: String, into found: inout [String]) {
        let manager = FileManager.default
        let entries = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for entry in entries {
            let child = url.appendingPathComponent(entry)
            let childName = name.isEmpty ? entry : name + "/" + entry
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: child.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue { walk(child, named: childName, into: &found) } else { found.append(childName) }
        }
    }
}
