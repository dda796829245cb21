import ArgumentParser
import Foundation

/// `tally fetch bluesky`.
public struct BlueskyFetchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bluesky",
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

    public init() {}

    public func run() throws {
        try network.run(options) { store, report in
            let url = try APIEndpoint.server(url: target.server, host: nil, default: BlueskyFetcher.defaultServer)
            var fetcher = BlueskyFetcher(server: url, query: BlueskyFetcher.Query(query), limit: network.limit, term: target.term, client: network.client())
            fetcher.progress = network.progress()
            fetcher.login = Self.login()
            if let named = target.server.flatMap(URL.init(string:)) { fetcher.loginServer = named }
            return (url, try fetcher.fetch(into: store, report: report))
        }
    }

    /// The Bluesky handle and app password from the environment, if both are set.
    static func login() -> (handle: String, password: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard let handle = environment["TALLY_BLUESKY_HANDLE"], !handle.isEmpty,
              let password = environment["TALLY_BLUESKY_APP_PASSWORD"], !password.isEmpty else { return nil }
        return (handle, password)
    }
}
