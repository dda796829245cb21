import Foundation

extension FlickrFetcher {
    /// `tally fetch --again` for Flickr: fetches the photos of every place fetched before once
    /// more, each from its own server and from where it stopped. A place that fails is handed to
    /// `failed` (a missing key fails each one, saying what to set) and the rest still run.
    /// Returns how many places were fetched again.
    @discardableResult
    public static func fetchAgain(into store: Store, key: String?, limit: Int = 200, client: APIClient = APIClient(),
                                  progress: (@Sendable (String) -> Void)? = nil,
                                  report: (ImportSummary) -> Void, failed: (FetchedPlace, Error) -> Void) throws -> Int {
        let places = try store.fetchedPlaces()
        for place in places {
            do {
                guard let key, !key.isEmpty else { throw missingKey }
                guard let server = URL(string: place.server) else { throw APIError(url: place.server, reason: "not a URL to fetch from") }
                var fetcher = FlickrFetcher(server: server, query: .photos(place: place.placeID), limit: limit, key: key, client: client)
                fetcher.progress = progress
                try fetcher.fetch(into: store, report: report)
            } catch {
                failed(place, error)
            }
        }
        return places.count
    }
}
