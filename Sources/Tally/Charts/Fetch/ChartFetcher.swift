import Foundation

/// Downloads chart feeds and imports them: all of them, or, when any download fails or any feed
/// is not a chart, none (the store is left exactly as it was).
public struct ChartFetcher: Sendable {
    /// Apple's current RSS feeds (rss.applemarketingtools.com): six media types, 100 items each.
    public static let defaultFeeds = [
        "https://rss.applemarketingtools.com/api/v2/us/music/most-played/100/songs.json",
        "https://rss.applemarketingtools.com/api/v2/us/music/most-played/100/albums.json",
        "https://rss.applemarketingtools.com/api/v2/us/apps/top-free/100/apps.json",
        "https://rss.applemarketingtools.com/api/v2/us/books/top-free/100/books.json",
        "https://rss.applemarketingtools.com/api/v2/us/audio-books/top/100/audio-books.json",
        "https://rss.applemarketingtools.com/api/v2/us/podcasts/top/100/podcasts.json",
    ]

    public var feeds: [String]
    /// Seconds to wait for each feed, connecting and reading together.
    public var timeout: TimeInterval
    /// Largest body accepted, so a wrong URL cannot fill memory.
    public var maximumBytes = 32 << 20
    /// Called with each feed's URL as its download starts.
    public var progress: (@Sendable (String) -> Void)?

    public init(feeds: [String] = ChartFetcher.defaultFeeds, timeout: TimeInterval = 30) {
        self.feeds = feeds
        self.timeout = timeout
    }

    /// Downloads every feed, reads each as a chart, then imports them all in one transaction.
    @discardableResult
    public func fetch(into store: Store) throws -> ChartImportReport {
        guard !feeds.isEmpty else { throw ChartFetchError(url: "tally.toml", reason: "no chart feeds to fetch; list them as charts = [\"https://…\"]") }
        var charts: [ChartFeed] = []
        for feed in feeds {
            guard let url = URL(string: feed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw ChartFetchError(url: feed, reason: "expected an http or https URL")
            }
            progress?(feed)
            let body = try download(url)
            charts.append(try Self.read(body, from: feed))
        }
        return try store.importCharts(charts)
    }

    /// Reads a downloaded body as a chart of either format, naming the URL and place when it is not one.
    static func read(_ body: Data, from url: String) throws -> ChartFeed {
        let bytes = [UInt8](body)
        let parser = JSONParser()
        return try withExtendedLifetime(parser) {
            let root: JSONValue
            do {
                root = try parser.parse(bytes)
            } catch let error as JSONSyntaxError {
                let place = JSONLocation.describe(bytes).map { "\($0.place): \($0.reason)" } ?? "invalid JSON: \(error.message)"
                throw ChartFetchError(url: url, reason: "the answer is not JSON (\(place)); expected a chart feed")
            }
            do {
                if ITunesRSSReader.claims(root) { return try ITunesRSSReader.read(root, path: "$") }
                if AppleRSSReader.claims(root) { return try AppleRSSReader.read(root, path: "$") }
            } catch let error as ShapeError {
                throw ChartFetchError(url: url, reason: "\(error.path): \(error.reason)")
            }
            throw ChartFetchError(url: url, reason: "expected an Apple RSS feed \(AppleRSSReader.shape) or an iTunes RSS feed "
                                  + "\(ITunesRSSReader.shape); found \(root.kind == .object ? "an object with keys " + root.keyList : root.kind.described)")
        }
    }

    /// The body of a 2xx answer, read no further than `maximumBytes` and no longer than `timeout`,
    /// or an error that says what happened.
    func download(_ url: URL) throws -> Data {
        let data: Data
        do {
            data = try CappedDownload(maximumBytes: maximumBytes, timeout: timeout, accept: "application/json").fetch(url)
        } catch let error as DownloadError {
            switch error {
            case .status(let status):
                throw ChartFetchError(url: url.absoluteString, reason: "the server answered HTTP \(status); expected 200 with a chart feed")
            case .tooLarge:
                throw ChartFetchError(url: url.absoluteString, reason: "\(error); a chart feed is smaller")
            default:
                throw ChartFetchError(url: url.absoluteString, reason: error.description)
            }
        }
        guard !data.isEmpty else { throw ChartFetchError(url: url.absoluteString, reason: "the answer is empty; expected a chart feed") }
        return data
    }
}

/// A chart feed could not be fetched or read; nothing was imported.
public struct ChartFetchError: Error, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "\(url): \(reason)" }
}

extension Store {
    /// Imports chart feeds through the charts' sink, in one transaction.
    @discardableResult
    func importCharts(_ feeds: [ChartFeed]) throws -> ChartImportReport {
        try queue.write { db in
            let sink = ChartSink(db: db)
            for feed in feeds { try sink.add(feed) }
            return sink.report
        }
    }
}
