import Foundation

/// `tally fetch --again` for posts: every Mastodon, Bluesky and Twitter search fetched before,
/// each from where it stopped, a line per page.
enum PostsRefetch {
    /// Fetches again, printing as it goes; fails at the end when any search could not be fetched.
    static func run(_ store: Store, network: NetworkFetchOptions) throws {
        var refresher = FetchAgain(client: network.client(), limit: network.limit,
                                   mastodonToken: ProcessInfo.processInfo.environment["TALLY_MASTODON_TOKEN"])
        refresher.progress = network.progress()
        refresher.blueskyLogin = BlueskyFetchCommand.login()
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
