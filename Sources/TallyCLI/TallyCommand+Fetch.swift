import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    /// `tally fetch <source>`: downloads data and imports it.
    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download data from the web and import it.",
            discussion: "`tally fetch --again` fetches every Mastodon, Bluesky and Twitter search fetched before, each from where it stopped.",
            subcommands: [Charts.self, Mastodon.self, Bluesky.self, Twitter.self, Flickr.self]
        )

        @OptionGroup var options: ProjectOptions

        @Flag(help: "Fetch every search fetched before again, adding only what is new.")
        var again = false

        @OptionGroup var network: NetworkFetchOptions

        func run() throws {
            guard again else { throw CleanExit.helpRequest(self) }
            let store: Store
            do { store = try Store(path: try options.load(needs: [.store]).storeURL.path) } catch { throw fail("\(error)") }
            var refresher = FetchAgain(client: network.client(), limit: network.limit,
                                       mastodonToken: ProcessInfo.processInfo.environment["TALLY_MASTODON_TOKEN"])
            refresher.progress = network.progress()
            refresher.blueskyLogin = NetworkFetchOptions.blueskyLogin()
            refresher.twitterToken = APIKey.optional(TwitterFetcher.tokenVariable)
            var failures = 0
            let count: Int
            do {
                count = try refresher.run(into: store, report: {
                    NetworkFetchOptions.clearProgress()
                    print($0)
                }, failed: { _, error in
                    NetworkFetchOptions.clearProgress()
                    failures += 1
                    complain("\(error)")
                })
            } catch {
                NetworkFetchOptions.clearProgress()
                throw fail("\(error)")
            }
            NetworkFetchOptions.clearProgress()
            if count == 0 { print("no search was fetched before; fetch one with tally fetch mastodon, bluesky or twitter") }
            if failures > 0 { throw fail("\(failures) of \(count) searches could not be fetched again (the pages fetched before each error are imported); see above") }
        }
    }
}

extension TallyCommand.Fetch {
    struct Charts: ParsableCommand {
        static let configuration = CommandConfiguration(
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

        func run() throws {
            defer {
                if verbose, let peak = ProcessMemory.peakMiB() {
                    FileHandle.standardError.write(Data("peak memory: \(Int(peak.rounded())) MiB\n".utf8))
                }
            }
            do {
                let config = try options.load(needs: [.store])
                var fetcher = ChartFetcher(feeds: urls.isEmpty ? (config.charts ?? ChartFetcher.defaultFeeds) : urls, timeout: timeout)
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
}
