import Foundation

extension ProjectConfig {
    /// The nearest folder, from `start` upwards, that holds `tally.toml`; nil outside any project.
    public static func locate(from start: URL) -> URL? {
        var folder = start.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) { return folder }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            // Up to the root, and no further: a start that is no absolute folder (the working
            // folder was deleted under the command) grew `../` without end, and the command hung.
            if parent.path.utf8.count >= folder.path.utf8.count || !parent.path.hasPrefix("/") { return nil }
            folder = parent
        }
    }

    /// What a command needs when it runs outside a project.
    public enum Need: Sendable {
        case store, output
    }

    /// The project a command works on: `explicit` (`--project`) or the nearest one above `start`.
    /// Outside any project it still runs when every path it `needs` was given (`--store`,
    /// `--output`), with the defaults for the rest; otherwise it throws `NotInProjectError`, before
    /// anything is created.
    public static func resolve(explicit: String?, from start: URL, store: String?, output: String?,
                               needs: [Need]) throws -> ProjectConfig {
        var config: ProjectConfig
        if let explicit {
            let folder = URL(fileURLWithPath: explicit, relativeTo: start).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path)
                    || needs.allSatisfy({ $0 == .store ? store != nil : output != nil }) else {
                throw NotInProjectError(folder: folder.path)
            }
            config = try load(folder: folder)
        } else if let folder = locate(from: start) {
            config = try load(folder: folder)
        } else if needs.allSatisfy({ $0 == .store ? store != nil : output != nil }) {
            config = ProjectConfig(folder: start)
        } else {
            throw NotInProjectError(folder: start.standardizedFileURL.path)
        }
        if let store { config.store = URL(fileURLWithPath: store, relativeTo: start).standardizedFileURL.path }
        if let output { config.output = URL(fileURLWithPath: output, relativeTo: start).standardizedFileURL.path }
        return config
    }
}

/// A command that needs a project ran where there is none.
public struct NotInProjectError: Error, Sendable, CustomStringConvertible {
    public var folder: String
    public var description: String {
        "not in a Tally project (no \(ProjectConfig.fileName) in \(folder) or above); run `tally init DIR` or pass --store/--output"
    }
}
