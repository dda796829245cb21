import ArgumentParser
import Foundation
import Tally

extension TallyCommand.Fetch {
    struct Bluesky: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch Bluesky posts: a search ('words') or an account's feed (@handle).",
            discussion: """
                Asks Bluesky's public AppView (\(BlueskyFetcher.defaultServer)) unless --server names another. \
                Each page imports in one transaction and prints one line; an error stops the fetch and leaves the pages before it. \
                A search fetched before stops at the first post it already has. When the server asks for a login, \
                TALLY_BLUESKY_HANDLE and TALLY_BLUESKY_APP_PASSWORD log in (at https://bsky.social, or --server).
                """
        )

        @OptionGroup var options: ProjectOptions

        @Argument(help: "'words' or @handle.")
        var query: String

        @OptionGroup var target: FetchTargetOptions

        @OptionGroup var network: NetworkFetchOptions

        func run() throws {
            try network.run(options) { store, report in
                let url = try APIEndpoint.server(url: target.server, host: nil, default: BlueskyFetcher.defaultServer)
                var fetcher = BlueskyFetcher(server: url, query: BlueskyFetcher.Query(query), limit: network.limit, term: target.term, client: network.client())
                fetcher.progress = network.progress()
                fetcher.login = NetworkFetchOptions.blueskyLogin()
                if let named = target.server.flatMap(URL.init(string:)) { fetcher.loginServer = named }
                return (url, try fetcher.fetch(into: store, report: report))
            }
        }
    }
}
