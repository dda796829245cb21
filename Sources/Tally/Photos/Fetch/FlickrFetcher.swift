import Foundation

/// Fetches from Flickr's REST API (`format=json&nojsoncallback=1`) and imports each answer page
/// through the Photos source's readers: the top places (`flickr.places.getTopPlacesList`) or the
/// photos of one place (`flickr.photos.search` with the extras `FlickrReader` reads), filed under
/// that place. A place fetched before asks only for photos uploaded since the newest it got
/// (`min_upload_date`). The API key travels in the URL, so every URL shown, stored or put in an
/// error leaves it out.
public struct FlickrFetcher: Sendable {
    /// What to fetch.
    public enum Query: Sendable, Equatable {
        /// The top places of a type (`place_type_id`: 7 a locality, 8 a region, 12 a country…).
        case places(typeID: Int)
        /// The photos of a place: its `place_id`, or the name of a place stored (`London`, or
        /// `London, England, United Kingdom`).
        case photos(place: String)
    }

    /// Flickr's REST endpoint.
    public static let defaultServer = "https://api.flickr.com/services/rest"
    /// Where the API key comes from; it is never stored or shown.
    public static let keyVariable = "TALLY_FLICKR_API_KEY"
    /// The query parameter that carries the key.
    static let keyParameter = "api_key"
    /// The photos' extras: what `FlickrReader.photo` reads (owner, description, dates,
    /// coordinates, place, and every image size with its dimensions).
    static let extras = "description,date_upload,date_taken,owner_name,geo,o_dims,url_sq,url_t,url_s,url_q,url_m,url_n,url_z,url_c,url_l,url_h,url_k,url_o"
    /// Flickr's largest page of a search.
    static let largestPage = 250

    public var server: URL
    public var query: Query
    /// At most this many photos in all.
    public var limit: Int
    public var key: String
    public var client: APIClient
    /// Told each page's URL (without the key) before it is asked.
    public var progress: (@Sendable (String) -> Void)?

    public init(server: URL, query: Query, limit: Int = 200, key: String, client: APIClient = APIClient()) {
        self.server = server
        self.query = query
        self.limit = limit
        self.key = key
        self.client = client
    }

    /// The error for a missing key: what to set.
    public static var missingKey: APIError {
        APIError(url: "", reason: "\(keyVariable) is not set: set it to your Flickr API key (flickr.com/services/apps/create)")
    }

    /// Fetches, importing each page in its own transaction and handing its summary to `report`
    /// once stored; returns the number of places or photos fetched. On an error, the pages
    /// before it stay.
    @discardableResult
    public func fetch(into store: Store, report: (ImportSummary) -> Void) throws -> Int {
        switch query {
        case .places(let typeID):
            let (url, body) = try ask("flickr.places.getTopPlacesList", [("place_type_id", String(typeID))])
            let count = try Self.items(body, "places", "place", url: url)
            report(try importPage(body, from: url, into: store, place: nil))
            return count
        case .photos(let named):
            let place = try Self.placeID(named, in: store)
            var progress = FetchedPlace(server: server.absoluteString, placeID: place)
            // Fetched before: only photos uploaded after the newest one it got (Flickr's
            // `min_upload_date` counts the second it names, which is already stored).
            let since = try store.fetchedPlace(server: progress.server, placeID: place)?.newestUpload
            progress.newestUpload = since
            let size = max(1, min(Self.largestPage, limit))
            var fetched = 0, page = 1
            while fetched < limit {
                let (url, body) = try ask("flickr.photos.search", [("place_id", place)] + (since.map { [("min_upload_date", String($0 + 1))] } ?? [])
                                          + [("extras", Self.extras), ("per_page", String(size)), ("page", String(page))])
                let (count, newest) = try Self.photos(body, url: url)
                guard count > 0 else { break }
                if let newest, newest > progress.newestUpload ?? .min { progress.newestUpload = newest }
                report(try importPage(body, from: url, into: store, place: place) { [progress] in try store.recordFetchedPlace(progress) })
                fetched += count
                guard let pages = Self.pages(body), page < pages else { break }
                page += 1
            }
            if fetched == 0 { try store.recordFetchedPlace(progress) }
            return fetched
        }
    }

    /// The `place_id` a command names: a stored place's id, or the one stored place of that name;
    /// anything else is taken as a `place_id` Flickr knows.
    static func placeID(_ named: String, in store: Store) throws -> String {
        let ids = try store.photoPlaceIDs(named: named)
        guard ids.count > 1, ids.first != named else { return ids.first ?? named }
        throw APIError(url: "", reason: "\"\(named)\" names \(ids.count) stored places (\(ids.prefix(5).joined(separator: ", "))\(ids.count > 5 ? ", …" : "")); name one by its place_id")
    }

    /// The answer to `method`, with the URL it is shown by (without the key). Flickr answers a
    /// failed call with HTTP 200 and `{stat: "fail", code, message}`: that is an error here too.
    private func ask(_ method: String, _ parameters: [(String, String)]) throws -> (shown: String, body: Data) {
        let url = try APIEndpoint.url(server, "", [("method", method), (Self.keyParameter, key)] + parameters + [("format", "json"), ("nojsoncallback", "1")])
        let shown = APIClient.shown(url, hiding: [Self.keyParameter])
        progress?(shown)
        let body = try client.get(url, namedHost: server.host, hiding: [Self.keyParameter]).body
        let parser = JSONParser()
        let root = try? parser.parse([UInt8](body))
        try withExtendedLifetime(parser) {
            guard let root, FlickrReader.isEnvelope(root) else {
                throw APIError(url: shown, reason: "the answer is not Flickr's JSON {stat, …}; is this Flickr's REST endpoint (format=json&nojsoncallback=1)?")
            }
            if FlickrReader.isFailure(root) {
                let code = root["code"]?.integerLike.map { " \($0)" } ?? ""
                let message = (root["message"]?.string ?? "no message").replacingOccurrences(of: key, with: "…")
                throw APIError(url: shown, reason: "Flickr answered with error\(code): \(message)\(code == " 100" ? "; check \(Self.keyVariable)" : "")")
            }
        }
        return (shown, body)
    }

    /// Imports one page, named by its URL without the key; `alongside` runs in the page's
    /// transaction (recording how far the fetch got), so both land or neither does.
    private func importPage(_ body: Data, from url: String, into store: Store, place: String?,
                            alongside: () throws -> Void = {}) throws -> ImportSummary {
        var values: [String: String] = [:]
        values["place"] = place
        return try Importer(store: store, options: ImportOptions(values)).importDocument(body, displayName: url, alongside: alongside)
    }

    /// How many photos a search page lists, and the newest `dateupload` among them.
    private static func photos(_ body: Data, url: String) throws -> (count: Int, newest: Int64?) {
        let count = try items(body, "photos", "photo", url: url)
        let parser = JSONParser()
        let newest = withExtendedLifetime(parser) {
            (try? parser.parse([UInt8](body)))?["photos"]?["photo"]?.arrayItems.compactMap { $0["dateupload"]?.integerLike }.max()
        }
        return (count, newest)
    }

    /// How many items `{outer: {inner: […]}}` lists (an answer already known to be Flickr's).
    private static func items(_ body: Data, _ outer: StaticString, _ inner: StaticString, url: String) throws -> Int {
        let parser = JSONParser()
        return try withExtendedLifetime(parser) {
            let root = try parser.parse([UInt8](body))
            guard let list = root[outer]?[inner], list.kind == .array else {
                if root[outer]?.kind == .object, root[outer]?[inner] == nil { return 0 }
                throw APIError(url: url, reason: "expected {\(outer): {\(inner): […]}, stat: \"ok\"}; found keys \(root.keyList)")
            }
            return list.arrayItems.count
        }
    }

    /// The number of pages a photo search says it has (a number or a string).
    private static func pages(_ body: Data) -> Int? {
        let parser = JSONParser()
        return withExtendedLifetime(parser) {
            (try? parser.parse([UInt8](body)))?["photos"]?["pages"]?.integerLike.map { Int(clamping: $0) }
        }
    }
}
