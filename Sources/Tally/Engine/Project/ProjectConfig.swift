import Foundation
import TOMLKit

/// A project's settings, from `tally.toml` in the project folder; every key is optional.
///
/// ```toml
/// title = "My dashboard"
/// store = "tally.sqlite"      # relative to the project folder
/// output = "public"
/// base_url = "https://example.org/dash/"   # only for canonical URLs and share links
/// templates = "templates"     # the theme; the built-in one when the folder is absent
/// people = ["jack"]           # any key a source declares (`DataSource.settings`)
/// ```
public struct ProjectConfig: Sendable {
    public var folder: URL
    public var title = "Tally"
    public var store = "tally.sqlite"
    public var output = "public"
    public var baseURL: String?
    public var templates = "templates"
    /// The settings the sources declare, by key, as given (a string or a list of strings).
    public var settings: [String: ProjectSetting] = [:]

    public static let fileName = "tally.toml"

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    /// Reads `tally.toml` in `folder`, if there is one; `sources` declare the keys beyond the engine's.
    public static func load(folder: URL, sources: [any DataSource]) throws -> ProjectConfig {
        var config = ProjectConfig(folder: folder)
        let file = config.folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return config }
        let text = try String(contentsOf: file, encoding: .utf8)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file.path, place: "line \(error.source.begin.line), column \(error.source.begin.column)",
                              reason: error.description)
        }
        func string(_ key: String) throws -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw ConfigError(file: file.path, place: key, reason: "expected a string") }
            return text
        }
        if let value = try string("title") { config.title = value }
        if let value = try string("store") { config.store = value }
        if let value = try string("output") { config.output = value }
        if let value = try string("base_url"), !value.isEmpty {
            do {
                config.baseURL = try BaseURL(validating: value).string
            } catch let error as BaseURLError {
                throw ConfigError(file: file.path, place: "base_url", reason: error.description)
            }
        }
        if let value = try string("templates") { config.templates = value }
        var known: Set<String> = ["title", "store", "output", "base_url", "templates"]
        for setting in sources.flatMap(\.settings) where table[setting.key] != nil {
            let key = setting.key
            known.insert(key)
            let value = table[key]!
            if let expected = setting.listOnly {
                guard let list = value.array, let items = Optional(list.compactMap(\.string)), items.count == list.count else {
                    throw ConfigError(file: file.path, place: key, reason: expected)
                }
                config.settings[key] = .list(items)
            } else if let text = value.string {
                config.settings[key] = .text(text)
            } else if let array = value.array {
                var items: [String] = []
                for item in array {
                    guard let text = item.string else { throw ConfigError(file: file.path, place: key, reason: "expected a list of strings") }
                    items.append(text)
                }
                config.settings[key] = .list(items)
            } else {
                throw ConfigError(file: file.path, place: key, reason: "expected a string or a list of strings")
            }
        }
        known.formUnion(sources.flatMap(\.settings).map(\.key))
        if let unknown = table.keys.first(where: { !known.contains($0) }) {
            throw ConfigError(file: file.path, place: unknown, reason: "unknown setting; expected one of \(known.sorted().joined(separator: ", "))")
        }
        return config
    }

    public var storeURL: URL { resolve(store) }
    public var outputURL: URL { resolve(output) }
    /// Where sources keep downloads between builds: `.tally/cache/` in the project folder.
    public var cacheURL: URL { folder.appendingPathComponent(".tally/cache", isDirectory: true) }
    /// The theme folder, or nil to use the built-in default theme.
    public var themeURL: URL? {
        let url = resolve(templates)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    private func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL : folder.appendingPathComponent(path).standardizedFileURL
    }
}

/// A setting a source reads from `tally.toml`.
public enum ProjectSetting: Sendable, Equatable {
    case text(String)
    case list([String])

    /// The setting as a list: a lone string is a list of one.
    public var list: [String] {
        switch self {
        case .text(let text): return [text]
        case .list(let items): return items
        }
    }
}

/// A `tally.toml` key a source reads (`DataSource.settings`): a string or a list of strings, or
/// only a list.
public struct SourceSetting: Sendable, Equatable {
    public var key: String
    /// When set, only a list of strings is taken, and anything else is refused with this reason.
    public var listOnly: String?

    public init(_ key: String, listOnly: String? = nil) {
        self.key = key
        self.listOnly = listOnly
    }
}

/// `tally.toml` is not valid.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var place: String
    public var reason: String
    public var description: String { "\(file): \(place): \(reason)" }
}
