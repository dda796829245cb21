import ArgumentParser
import Foundation

/// `tally fetch mastodon`.
public struct MastodonFetchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mastodon",
        abstract: "Fetch Mastodon statuses: a tag timeline ('#tag'), a search ('words'), the public timeline (--public) or an account (@user@host).",
        discussion: """
            Each page imports in one transaction and prints one line; an error stops the fetch and leaves the pages before it. \
            A search fetched before asks only for what is newer. A search needs a token on many servers: --token or TALLY_MASTODON_TOKEN.
            """
    )

    @OptionGroup var options: ProjectOptions

    @Argument(help: "'#tag', 'words' or @user@host.")
    var query: String?

    @Flag(name: .customLong("public"), help: "Fetch the public timeline.")
    var publicTimeline = false

    @Option(help: "The server's host name (https).")
    var instance: String?

    @Option(help: "An access token (better: TALLY_MASTODON_TOKEN, which no process list shows).")
    var token: String?

    @OptionGroup var target: FetchTargetOptions

    @OptionGroup var network: NetworkFetchOptions

    public func validate() throws {
        if publicTimeline == (query != nil) { throw ValidationError("give either a query ('#tag', 'words', @user@host) or --public") }
    }

    public init() {}

    public func run() throws {
        try network.run(options) { store, report in
            let what: MastodonFetcher.Query = publicTimeline ? .publicTimeline : MastodonFetcher.Query(query ?? "")
            let url = try APIEndpoint.server(url: target.server, host: instance, default: MastodonFetcher.accountHost(what).map { "https://" + $0 })
            let key = token ?? ProcessInfo.processInfo.environment["TALLY_MASTODON_TOKEN"]
            var fetcher = MastodonFetcher(server: url, query: what, limit: network.limit, token: key?.isEmpty == true ? nil : key,
                                          term: target.term, client: network.client())
            fetcher.progress = network.progress()
            return (url, try fetcher.fetch(into: store, report: report))
        }
    }
}
