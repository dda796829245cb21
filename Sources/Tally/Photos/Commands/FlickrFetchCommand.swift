import ArgumentParser
import Foundation

/// `tally fetch flickr places|photos`.
public struct FlickrFetchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "flickr",
        abstract: "Fetch from Flickr: the top places, or the photos of a place.",
        discussion: """
            Needs a Flickr API key in \(FlickrFetcher.keyVariable). Asks \(FlickrFetcher.defaultServer) unless --server names another. \
            Each page imports in one transaction and prints one line; an error stops the fetch and leaves the pages before it. \
            A place's photos fetched before are asked only from the newest upload on (min_upload_date); tally fetch --again repeats them.
            """,
        subcommands: [Places.self, Photos.self]
    )

    public init() {}
}

extension FlickrFetchCommand {
    public struct Places: ParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Fetch Flickr's top places (flickr.places.getTopPlacesList).")

        @OptionGroup var options: ProjectOptions

        @Option(name: .customLong("type"), help: "The place type id: 7 a locality (city), 8 a region, 12 a country, 22 a neighbourhood.")
        var typeID = 7

        @OptionGroup var target: FlickrTargetOptions

        @OptionGroup var network: NetworkFetchOptions

        public init() {}

        public func run() throws {
            try target.run(.places(typeID: typeID), options, network)
        }
    }

    public struct Photos: ParsableCommand {
        public static let configuration = CommandConfiguration(abstract: "Fetch the photos of a place (flickr.photos.search with place_id), filed under that place.")

        @OptionGroup var options: ProjectOptions

        @Argument(help: "The place's name as `tally fetch flickr places` stored it (London), or its Flickr place_id.")
        var place: String

        @OptionGroup var target: FlickrTargetOptions

        @OptionGroup var network: NetworkFetchOptions

        public init() {}

        public func run() throws {
            try target.run(.photos(place: place), options, network)
        }
    }
}
