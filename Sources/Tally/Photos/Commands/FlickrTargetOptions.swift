import ArgumentParser
import Foundation

/// Where a Flickr fetch asks, and the fetch itself, shared by its two commands.
struct FlickrTargetOptions: ParsableArguments {
    @Option(help: "Flickr's REST endpoint, or a stand-in's (http or https, any host).")
    var server: String?

    func run(_ query: FlickrFetcher.Query, _ options: ProjectOptions, _ network: NetworkFetchOptions) throws {
        try network.run(options) { store, report in
            let url = try APIEndpoint.server(url: server, host: nil, default: FlickrFetcher.defaultServer)
            let key = try APIKey.required(FlickrFetcher.keyVariable, missing: FlickrFetcher.missingKey)
            var fetcher = FlickrFetcher(server: url, query: query, limit: network.limit, key: key, client: network.client())
            fetcher.progress = network.progress()
            return (url, try fetcher.fetch(into: store, report: report))
        }
    }
}
