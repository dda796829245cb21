import Foundation

/// `tally fetch --again` for posts: every Mastodon, Bluesky and Twitter search fetched before,
/// each from where it stopped.
enum PostsRefetch {
    /// Fetches again, handing each page to `report` and each search's failure to `failed`; says
    /// how many searches it fetched again.
    static func run(_ store: Store, network: NetworkFetchOptions, report: (ImportSummary) -> Void, failed: (Error) -> Void) throws -> Int {
        var refresher = FetchAgain(client: network.client(), limit: network.limit,
                                   mastodonToken: ProcessInfo.processInfo.environment["TALLY_MASTODON_TOKEN"])
        refresher.progress = network.progress()
        refresher.blueskyLogin = BlueskyFetchCommand.login()
        refresher.twitterToken = APIKey.optional(TwitterFetcher.tokenVariable)
        return try refresher.run(into: store, report: report, failed: { failed($1) })
    }
}
