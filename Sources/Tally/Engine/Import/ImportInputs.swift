import Foundation

/// Turns what the user named on `tally import` into the files to read: a folder stands for every
/// file inside it that Tally reads, recursively and in name order; the rest are listed as skipped.
/// Only regular files and folders are walked: a link, FIFO, socket or device inside a named folder
/// is refused (never followed or opened), and so is a FIFO, socket or device named on its own.
public struct ImportInputs: Sendable {
    /// The files to import, as the user would name them, in order.
    public var files: [String] = []
    /// Files inside named folders that Tally does not read (by their extension), in order.
    public var skipped: [String] = []
    /// Named paths that are not there, with what to say about each.
    public var missing: [(path: String, reason: String)] = []
    /// Paths that are neither regular files nor folders, with what they are. The command imports
    /// nothing when there is one: a folder holding a FIFO or a link is not what the user meant to
    /// import, and reading around it would store part of it.
    public var refused: [(path: String, reason: String)] = []

    /// Extensions of the files Tally reads from a folder: JSON, JSON Lines, archive `.js` parts.
    public static let readExtensions: Set<String> = ["json", "jsonl", "ndjson", "js"]

    public init() {}

    /// Expands `arguments`, relative to `folder`. Files named one by one are always read (the format
    /// comes from the content, never the name); hidden files and folders inside a folder are left out.
    public static func expand(_ arguments: [String], in folder: URL, wholeFolder: (URL) -> Bool = { _ in false }) -> ImportInputs {
        var inputs = ImportInputs()
        for argument in arguments {
            let url = URL(fileURLWithPath: argument, relativeTo: folder)
            // A path named on the command line may be a link (the user chose it); what it points to must
            // be a regular file or a folder.
            let kind = FileKind.at(url, followingLinks: true)
            guard let kind else {
                let glob = argument.contains(where: { "*?[".contains($0) })
                inputs.missing.append((argument, glob ? "no file matches this pattern" : "no such file"))
                continue
            }
            switch kind {
            case .file:
                inputs.files.append(argument)
                continue
            case .folder:
                // A folder a source reads as a whole (an archive unpacked) is imported as given.
                if wholeFolder(url) {
                    inputs.files.append(argument)
                    continue
                }
            default:
                inputs.refused.append((argument, refusal(kind)))
                continue
            }
            var found: [String] = []
            walk(url, named: argument.hasSuffix("/") ? String(argument.dropLast()) : argument, into: &found, refusing: &inputs.refused)
            for path in found {
                let ext = (path as NSString).pathExtension.lowercased()
                if readExtensions.contains(ext) { inputs.files.append(path) } else { inputs.skipped.append(path) }
            }
        }
        return inputs
    }

    /// Every regular file below `url`, depth first, each folder's entries in name order; links and
    /// special files go to `refused`, unopened.
    private static func walk(_ url: URL, named name: String, into found: inout [String], refusing refused: inout [(path: String, reason: String)]) {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for entry in entries {
            let child = url.appendingPathComponent(entry)
            let childName = name.isEmpty ? entry : name + "/" + entry
            switch FileKind.at(child) {
            case .folder?: walk(child, named: childName, into: &found, refusing: &refused)
            case .file?: found.append(childName)
            case let other?: refused.append((childName, refusal(other)))
            case nil: continue
            }
        }
    }

    /// Why `kind` is not imported; the path is named before it.
    static func refusal(_ kind: FileKind) -> String {
        let what = kind == .link ? "is a symbolic link (links inside a folder are not followed)" : "is \(kind.described)"
        return what + "; tally imports only regular files, so nothing was imported"
    }
}
