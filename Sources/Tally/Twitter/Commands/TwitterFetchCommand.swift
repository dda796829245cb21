import ArgumentParser
import Foundation

/// `tally fetch twitter`.
public struct TwitterFetchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "twitter",
        abstract: "Fetch tweets from the X API v2: a recent search ('query') or a user's tweets (@user).",
        discussion: """
            Needs an app's bearer token in \(TwitterFetcher.tokenVariable). Asks \(TwitterFetcher.defaultServer) unless --server names another. \
            Each page imports in one transaction and prints one line; an error stops the fetch and leaves the pages before it. \
            A search fetched before asks only for newer tweets (since_id).
            """
    )

    @OptionGroup var options: ProjectOptions

    @Argument(help: "'query' (the API's search syntax) or @user.")
    var query: String

    @OptionGroup var target: FetchTargetOptions

    @OptionGroup var network: NetworkFetchOptions

    public init() {}

    public func run() throws {
        try network.run(options) { store, report in
            let url = try APIEndpoint.server(url: target.server, host: nil, default: TwitterFetcher.defaultServer)
            let token = try APIKey.required(TwitterFetcher.tokenVariable, missing: TwitterFetcher.missingToken)
            var fetcher = TwitterFetcher(server: url, query: TwitterFetcher.Query(query), limit: network.limit, token: token,
                                         term: target.term, client: network.client())
            fetcher.progress = network.progress()
            return (url, try fetcher.fetch(into: store, report: report))
        }
    }
}
