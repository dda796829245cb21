import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A folder of downloaded images, keyed by URL, that holds exactly the images asked for last.
///
/// `update(keeping:)` downloads what is missing (concurrently, at most `concurrency` at a time,
/// each within `timeout` seconds), removes what is no longer asked for, and answers which URLs
/// have a local copy. A failed download is a warning, never an error: the page keeps the remote
/// URL. Nothing about the cache is stored in the database; the folder is the whole state.
public struct ImageCache: Sendable {
    public var folder: URL
    public var concurrency = 4
    public var timeout: TimeInterval = 30
    /// The largest image accepted, in bytes.
    public var maximumSize = 64 << 20

    public init(folder: URL) {
        self.folder = folder
    }

    /// What an update did.
    public struct Result: Sendable, Equatable {
        /// Local file name (inside `folder`) for each URL that has a copy now.
        public var files: [String: String] = [:]
        public var downloaded = 0
        public var removed = 0
        /// One line per image that could not be downloaded.
        public var warnings: [String] = []
    }

    /// The file name for `url`: two 64-bit FNV-1a hashes of it (128 bits) and its extension.
    public static func fileName(for url: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in url.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            return hash
        }
        let key = String(format: "%016llx%016llx", fnv(0xcbf29ce484222325), fnv(0x84222325cbf29ce4))
        let last = url.split(separator: "?").first?.split(separator: "/").last ?? ""
        var ext = last.contains(".") ? String(last.split(separator: ".").last!).lowercased() : "jpg"
        if !["jpg", "jpeg", "png", "gif", "webp"].contains(ext) { ext = "jpg" }
        return key + "." + ext
    }

    /// Brings the folder to exactly `urls`' images. `progress` is called with (done, total).
    public func update(keeping urls: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Result {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let wanted = Dictionary(urls.filter { $0.hasPrefix("https://") || $0.hasPrefix("http://") }.map { (Self.fileName(for: $0), $0) },
                                uniquingKeysWith: { first, _ in first })
        var result = Result()
        for name in try manager.contentsOfDirectory(atPath: folder.path) where wanted[name] == nil && Self.isCacheFile(name) {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
            result.removed += 1
        }
        var missing: [(name: String, url: String)] = []
        for (name, url) in wanted.sorted(by: { $0.key < $1.key }) {
            if manager.fileExists(atPath: folder.appendingPathComponent(name).path) {
                result.files[url] = name
            } else {
                missing.append((name, url))
            }
        }
        guard !missing.isEmpty else { return result }

        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = concurrency
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let slots = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        let outcomes = Outcomes()
        let folder = self.folder
        let maximumSize = self.maximumSize
        let total = missing.count
        for item in missing {
            slots.wait()
            group.enter()
            guard let url = URL(string: item.url) else {
                _ = outcomes.add(item.name, item.url, "not a valid URL")
                slots.signal(); group.leave()
                continue
            }
            let task = session.dataTask(with: url) { data, response, error in
                var failure: String?
                if let error {
                    failure = (error as? URLError)?.code == .timedOut ? "timed out" : error.localizedDescription
                } else if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
                    failure = "HTTP \(status)"
                } else if let data, !data.isEmpty, data.count <= maximumSize {
                    let part = folder.appendingPathComponent(".\(item.name).part")
                    do {
                        try data.write(to: part)
                        // rename(2) replaces atomically: a killed build never leaves half an image.
                        guard rename(part.path, folder.appendingPathComponent(item.name).path) == 0 else {
                            throw CocoaError(.fileWriteUnknown)
                        }
                    } catch {
                        try? FileManager.default.removeItem(at: part)
                        failure = "cannot be saved (\(error.localizedDescription))"
                    }
                } else {
                    failure = data?.isEmpty == false ? "larger than \(maximumSize >> 20) MB" : "empty answer"
                }
                let done = outcomes.add(item.name, item.url, failure)
                progress?(done, total)
                slots.signal()
                group.leave()
            }
            task.resume()
        }
        group.wait()
        for outcome in outcomes.items.sorted(by: { $0.name < $1.name }) {
            if let failure = outcome.failure {
                result.warnings.append("could not download \(outcome.url) (\(failure)); the page keeps the remote image")
            } else {
                result.files[outcome.url] = outcome.name
                result.downloaded += 1
            }
        }
        return result
    }

    /// The downloads' outcomes, filled in from URLSession's callbacks.
    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var items: [(name: String, url: String, failure: String?)] = []

        /// Adds one; returns how many there are now.
        func add(_ name: String, _ url: String, _ failure: String?) -> Int {
            lock.lock()
            defer { lock.unlock() }
            items.append((name, url, failure))
            return items.count
        }
    }

    /// Names this cache writes: 32 hex digits and an image extension (other files are left alone).
    static func isCacheFile(_ name: String) -> Bool {
        let parts = name.split(separator: ".")
        return parts.count == 2 && parts[0].count == 32 && parts[0].allSatisfy(\.isHexDigit)
    }
}
