import ArgumentParser
import Foundation

/// Options every command that works on a project shares (`--project`, `--store`).
public struct ProjectOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: "The project folder (with tally.toml; default: the nearest one here or above).")
    public var project: String?

    @Option(name: .long, help: "The SQLite store (default: the project's, tally.sqlite).")
    public var store: String?

    public init() {}

    /// The project's settings with `--store` (and `output`) applied; outside a project, an error
    /// unless every path the command `needs` was given.
    public func load(output: String? = nil, needs: [ProjectConfig.Need]) throws -> ProjectConfig {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try ProjectConfig.resolve(explicit: project, from: here, store: store, output: output, needs: needs)
    }

    /// The project's store, opened with every registered source's tables.
    public func openStore() throws -> Store {
        try Store(path: try load(needs: [.store]).storeURL.path)
    }
}
