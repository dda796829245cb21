import ArgumentParser
import Foundation

/// `tally fetch charts`.
public struct ChartsFetchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "charts",
        abstract: "Download the chart feeds listed in tally.toml (charts = [...]; by default six of Apple's current top charts) and import them.",
        discussion: "All feeds import, or none: when a download fails or a feed is not a chart, the store is left as it was."
    )

    @OptionGroup var options: ProjectOptions

    @Option(help: "Seconds to wait for each feed.")
    var timeout: Double = 30

    @Argument(help: "Feed URLs to fetch instead of the project's list.")
    var urls: [String] = []

    @Flag(help: "When done, print the process's peak memory (what the downloads needed).")
    var verbose = false

    public init() {}

    public func run() throws {
        defer {
            if verbose, let peak = ProcessMemory.peakMiB() {
                FileHandle.standardError.write(Data("peak memory: \(Int(peak.rounded())) MiB\n".utf8))
            }
        }
        do {
            let config = try options.load(needs: [.store])
            var fetcher = ChartFetcher(feeds: urls.isEmpty ? ChartsSource.feeds(config) : urls, timeout: timeout)
            if isatty(STDERR_FILENO) == 1 {
                fetcher.progress = { FileHandle.standardError.write(Data("fetching \($0)\n".utf8)) }
            }
            let store = try Store(path: config.storeURL.path)
            for fetch in try fetcher.fetch(into: store).fetches { print(fetch) }
        } catch {
            throw fail("\(error)\(error is ChartFetchError ? " (nothing was imported)" : "")")
        }
    }
}
