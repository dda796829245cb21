import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    /// `tally fetch <source>`: downloads data and imports it.
    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download data from the web and import it.",
            discussion: "`tally fetch --again` fetches every Mastodon, Bluesky and Twitter search and every Flickr place's photos fetched before, each from where it stopped.",
            subcommands: [Charts.self, Mastodon.self, Bluesky.self, Twitter.self, Flickr.self]
        )

        @OptionGroup var options: ProjectOptions

        @Flag(help: "Fetch every search and place's photos fetched before again, adding only what is new.")
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
            let report = { (summary: ImportSummary) in
                NetworkFetchOptions.clearProgress()
                print(summary)
            }
            let failed = { (error: Error) in
                NetworkFetchOptions.clearProgress()
                failures += 1
                complain("\(error)")
            }
            do {
                count = try refresher.run(into: store, report: report, failed: { failed($1) })
                    + FlickrFetcher.fetchAgain(into: store, key: APIKey.optional(FlickrFetcher.keyVariable), limit: network.limit,
                                               client: network.client(), progress: refresher.progress, report: report, failed: { failed($1) })
            } catch {
                NetworkFetchOptions.clearProgress()
                throw fail("\(error)")
            }
            NetworkFetchOptions.clearProgress()
            if count == 0 { print("nothing was fetched before; fetch a search with tally fetch mastodon, bluesky or twitter, or a place's photos with tally fetch flickr photos") }
            if failures > 0 { throw fail("\(failures) of \(count) searches and places could not be fetched again (the pages fetched before each error are imported); see above") }
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
