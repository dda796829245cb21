import Foundation
@testable import Tally

/// The real API files copied into `Tests/TallyTests/Fixtures` (see CREDITS.md there).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
    /// The repository's root, for `content/` and `templates/`.
    static let repository = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The shared fixture folder beside the repository, when it is there (it is in CI).
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tally-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `files` (relative path to text) into the folder.
    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    /// Whether the lock (`flock`) on the folder at `path` (the folder itself when empty) is taken:
    /// a descriptor of its own cannot take it without waiting.
    func isLocked(_ path: String = "") -> Bool {
        let descriptor = open(url.appendingPathComponent(path).path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}

/// A tweet for a synthetic search page; entity offsets are computed as Twitter does (code points
/// into the HTML-escaped text).
struct TweetSpec {
    var id: String
    var text: String
    var user = "alice"
    var createdAt = "Fri Dec 20 16:52:25 +0000 2013"
}

enum Synthetic {
    /// A v1.1 search response for `query` holding `tweets`, with hashtags and mentions found in the text.
    static func searchPage(query: String?, _ tweets: [TweetSpec]) -> String {
        let statuses: [[String: Any]] = tweets.map { tweet in
            let escaped = tweet.text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            let found = TweetText.extractEntities(from: escaped)
            let hashtags = found.filter { $0.kind == .hashtag }.map { ["text": $0.value, "indices": [$0.range!.lowerBound, $0.range!.upperBound]] as [String: Any] }
            let mentions = found.filter { $0.kind == .user }.map {
                ["screen_name": $0.value, "name": $0.value, "id_str": "9\($0.value.count)", "indices": [$0.range!.lowerBound, $0.range!.upperBound]] as [String: Any]
            }
            return [
                "id_str": tweet.id, "id": Int(tweet.id) ?? 0, "text": escaped, "created_at": tweet.createdAt,
                "user": ["id_str": "u-\(tweet.user)", "screen_name": tweet.user, "name": tweet.user.capitalized],
                "entities": ["hashtags": hashtags, "user_mentions": mentions, "urls": []],
            ]
        }
        var page: [String: Any] = ["statuses": statuses]
        if let query {
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
            page["search_metadata"] = ["query": encoded, "count": tweets.count]
        }
        let data = try! JSONSerialization.data(withJSONObject: page, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

/// A project in a temporary folder: files in, import, build, pages out.
struct TestProject {
    let folder = TemporaryFolder()
    var config: ProjectConfig { ProjectConfig(folder: folder.url) }

    var store: Store { get throws { try Store(path: config.storeURL.path) } }

    /// Imports the given files (paths inside the project) and returns their summaries.
    @discardableResult
    func importFiles(_ paths: [String], term: String? = nil) throws -> [ImportSummary] {
        let importer = Importer(store: try store, options: ImportOptions(term.map { ["term": $0] } ?? [:]))
        return try paths.map { try importer.importFile(folder.url.appendingPathComponent($0), displayName: $0) }
    }

    /// Builds the site with the repository's theme (or the one in `templates`) at a fixed time.
    @discardableResult
    func build(builtAt: Int64 = 1_700_000_000, templates: String? = nil) throws -> BuildReport {
        var config = self.config
        config.templates = templates ?? Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: config)
        builder.builtAt = builtAt
        return try builder.build()
    }

    func page(_ path: String) throws -> String { try folder.read("public/" + path) }

    /// Every file of the built site (`public/`), as paths inside it, sorted.
    func outputFiles() -> [String] {
        let root = folder.url.appendingPathComponent("public")
        let walker = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

/// The Twitter part of an import's summary, for tests that check its counts.
extension ImportSummary {
    var twitter: TwitterImportReport { report(TwitterImportReport.self) ?? TwitterImportReport() }
    var terms: [String] { twitter.terms }
    var newTweets: Int { twitter.newTweets }
    var knownTweets: Int { twitter.knownTweets }
    var relatedTweets: Int { twitter.relatedTweets }
    var mentionsCounted: Int { twitter.mentionsCounted }
}
