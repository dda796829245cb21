import ArgumentParser
import Foundation

/// The registry: every source Tally reads, in detection order. A new source is a folder beside
/// `Twitter/` and one line here.
public enum DataSources {
    public static let all: [any DataSource] = [
        TwitterSource(),
        ChartsSource(),
        PhotosSource(),
    ]
}

/// Every source's options on `tally import`: one group per source that has any (a source with
/// import options adds its line here too).
public struct SourceImportOptions: ParsableArguments {
    @OptionGroup var posts: PostsImportOptions
    @OptionGroup var photos: PhotosImportOptions

    public init() {}

    /// What was given, for the importer's `ImportOptions`.
    public var values: [String: String] { importValues() }
}

extension DataSources {
    /// `tally --help`'s abstract: what the registered sources turn into a dashboard.
    public static var abstract: String {
        let kinds = all.compactMap(\.summary)
        let listed = kinds.count > 2 ? kinds.dropLast().joined(separator: ", ") + ", and " + kinds.last! : kinds.joined(separator: " and ")
        return "Turn \(listed) into a static dashboard that works straight from disk."
    }
}

extension ProjectScaffold {
    /// What to do after `tally init`, with every registered source's steps.
    public static func nextSteps(folder: String) -> String { nextSteps(folder: folder, sources: DataSources.all) }
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
