import Foundation

/// A folder of downloaded images, keyed by URL, that holds exactly the images asked for last.
///
/// `update(keeping:)` downloads what is missing (concurrently, at most `concurrency` at a time,
/// each within `timeout` seconds), removes what is no longer asked for, and answers which URLs
/// have a local copy. Each image streams in through the engine's capped download: an answer past
/// `maximumSize` (declared, or decompressed as it arrives) is dropped as soon as it shows, and a
/// redirect is followed only to http(s) and never into this machine or a private network (unless
/// the image's own URL is on this machine). A failed download is a warning, never an error: the page keeps the remote
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

        let download = CappedDownload(maximumBytes: maximumSize, timeout: timeout, refusesPrivateRedirects: true)
        let slots = DispatchSemaphore(value: max(1, concurrency))
        let group = DispatchGroup()
        let outcomes = Outcomes()
        let folder = self.folder
        let maximumSize = self.maximumSize
        let total = missing.count
        for item in missing {
            slots.wait()
            group.enter()
            // Each download blocks its thread while SwiftNIO's event loops move the bytes.
            DispatchQueue.global().async {
                let failure = Self.download(item.url, to: folder.appendingPathComponent(item.name), with: download, maximumSize: maximumSize)
                let done = outcomes.add(item.name, item.url, failure)
                progress?(done, total)
                slots.signal()
                group.leave()
            }
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

    /// Downloads `url` into `file`; what went wrong, in a warning's words, or nil.
    private static func download(_ url: String, to file: URL, with download: CappedDownload, maximumSize: Int) -> String? {
        guard let address = URL(string: url) else { return "not a valid URL" }
        let data: Data
        do {
            data = try download.fetch(address)
        } catch let error as DownloadError {
            switch error {
            case .timedOut: return "timed out"
            case .status(let status): return "HTTP \(status)"
            case .tooLarge: return "larger than \(maximumSize >> 20) MB"
            default: return error.description
            }
        } catch {
            return "\(error)"
        }
        guard !data.isEmpty else { return "empty answer" }
        let part = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).part")
        do {
            try data.write(to: part)
            // rename(2) replaces atomically: a killed build never leaves half an image.
            guard rename(part.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: part)
            return "cannot be saved (\(error.localizedDescription))"
        }
        return nil
    }

    /// The downloads' outcomes, filled in from the download threads.
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
