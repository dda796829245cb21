import Foundation

/// Creates a new project folder: `tally.toml`, the default theme in `templates/`, and `content/`.
public enum ProjectScaffold {
    /// Creates the project at `folder`, which must not exist or be empty. Returns the files written.
    @discardableResult
    public static func create(at folder: URL, title: String? = nil) throws -> [String] {
        let manager = FileManager.default
        if manager.fileExists(atPath: folder.path) {
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard contents.isEmpty else { throw ScaffoldError(path: folder.path, reason: "already exists and is not empty") }
        }
        let name = title ?? folder.lastPathComponent
        let escapedName = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        var files: [String: [UInt8]] = [
            ProjectConfig.fileName: Array("""
                # Tally project settings. Paths are relative to this folder.
                title = "\(escapedName)"
                store = "tally.sqlite"
                output = "public"
                # base_url = "https://example.org/dashboard/"   # for canonical URLs and share links
                templates = "templates"

                """.utf8),
            // Empty but kept by git; hidden, so `tally import content/*` never trips on it.
            "content/.gitkeep": [],
            ".gitignore": Array("public/\n.public.tally-*\n.tally/\ntally.sqlite*\n".utf8),
        ]
        for (path, bytes) in DefaultTheme.files { files["templates/" + path] = bytes }
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return files.keys.sorted()
    }
}

extension ProjectScaffold {
    /// What to do after `tally init`, for the files people actually have: the sources' own
    /// steps (`DataSource.nextSteps`) after importing the folder.
    public static func nextSteps(folder: String, sources: [any DataSource]) -> String {
        let lines = [
            "Next:",
            "  cd \(folder)",
            "  cp ~/Downloads/*.json ~/Downloads/*.jsonl content/   # v1.1 search or timeline .json, v2 .json or twarc .jsonl",
            "  tally import content/                                 # every file tally reads in the folder, in name order",
        ] + sources.flatMap(\.nextSteps).map { "  " + $0 } + [
            "  tally build                                           # writes public/",
            "  tally serve                                           # previews it on http://127.0.0.1:8000/",
        ]
        return lines.joined(separator: "\n")
    }
}

/// The project folder could not be created.
public struct ScaffoldError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
