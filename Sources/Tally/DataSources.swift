import Foundation

/// The registry: every source Tally reads, in detection order. A new source is a folder beside
/// `Twitter/` and one line here.
public enum DataSources {
    public static let all: [any DataSource] = [
        TwitterSource(),
        ChartsSource(),
    ]
}

extension Store {
    /// Opens the store at `path` with every registered source's tables.
    public convenience init(path: String) throws {
        try self.init(path: path, sources: DataSources.all)
    }
}

extension SiteBuilder {
    /// A builder for the project's site from every registered source.
    public init(project: ProjectConfig, log: ((String) -> Void)? = nil) {
        self.init(project: project, sources: DataSources.all, log: log)
    }
}

extension TallyVersion {
    /// The version with the schema of every registered source.
    public static var description: String { describe(sources: DataSources.all) }
}

extension ProjectConfig {
    /// Reads `tally.toml` in `folder` with the keys every registered source declares.
    public static func load(folder: URL) throws -> ProjectConfig {
        try load(folder: folder, sources: DataSources.all)
    }
}
