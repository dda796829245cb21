import Foundation
import Testing
@testable import Tally

@Suite("tally fetch flickr against a local server replaying Flickr's answers", .serialized,
       .enabled(if: NetworkFixture.available, "needs ../shared/fixtures"))
struct FlickrFetcherTests {
    private func fetcher(_ server: ScriptedHTTPServer, _ query: FlickrFetcher.Query, limit: Int = 200, key: String = FetchReplay.flickrKey,
                         client: APIClient = FetchReplay.client()) -> FlickrFetcher {
        FlickrFetcher(server: URL(string: server.base + "/services/rest")!, query: query, limit: limit, key: key, client: client)
    }

    private static let extras = "description,date_upload,date_taken,owner_name,geo,o_dims,url_sq,url_t,url_s,url_q,url_m,url_n,url_z,url_c,url_l,url_h,url_k,url_o"

    private func photos(under place: String, in store: Store) throws -> Int {
        try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo WHERE place_id = ?", arguments: [place]) ?? 0 }
    }

    @Test("the top places: one request with the key, format=json&nojsoncallback=1 and place_type_id 7; imported and named without the key")
    func places() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, .places(typeID: 7)).fetch(into: store) { summaries.append($0) } == 100)
        #expect(server.requests.map(\.path) == ["/services/rest?method=flickr.places.getTopPlacesList&api_key=\(FetchReplay.flickrKey)&place_type_id=7&format=json&nojsoncallback=1"])
        #expect(server.requests.first?.headers["user-agent"] == "tally/\(TallyVersion.current)")
        #expect(summaries.map(\.file) == [server.base + "/services/rest?method=flickr.places.getTopPlacesList&place_type_id=7&format=json&nojsoncallback=1"])
        #expect(summaries.map(\.formats) == [["Flickr places"]])
        #expect(try store.tableCounts()["photo_place"] == 100)
    }

    @Test("a place's photos: flickr.photos.search with the extras read, page after page up to --limit, every photo filed under the place")
    func photos() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, .photos(place: FetchReplay.england), limit: 15).fetch(into: store) { summaries.append($0) } == 15)
        let asked = "/services/rest?method=flickr.photos.search&api_key=\(FetchReplay.flickrKey)&place_id=\(FetchReplay.england)&extras=\(Self.extras)&per_page=15"
        #expect(server.requests.map(\.path) == (1...3).map { "\(asked)&page=\($0)&format=json&nojsoncallback=1" })
        #expect(summaries.count == 3 && summaries.allSatisfy { !$0.file.contains("api_key") && $0.formats == ["Flickr photos"] })
        #expect(try photos(under: FetchReplay.england, in: store) == 15)
        // Without a limit it pages on until a page is empty.
        let more = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { more.stop() }
        #expect(try fetcher(more, .photos(place: FetchReplay.england)).fetch(into: store) { _ in } == 15)
        #expect(more.requests.count == 4 && more.requests.allSatisfy { $0.path.contains("&per_page=200&") })
        #expect(try photos(under: FetchReplay.england, in: store) == 15)
    }

    @Test("a place fetched again asks only for photos uploaded after the newest it got; --again repeats every place, and says which key is missing")
    func again() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        let rest = server.base + "/services/rest"
        #expect(try fetcher(server, .photos(place: FetchReplay.england), limit: 15).fetch(into: store) { _ in } == 15)
        #expect(try store.fetchedPlaces() == [FetchedPlace(server: rest, placeID: FetchReplay.england, newestUpload: FetchReplay.newestUpload)])
        #expect(!server.requests.contains { $0.path.contains("min_upload_date") })

        var summaries: [ImportSummary] = []
        #expect(try fetcher(server, .photos(place: FetchReplay.england), limit: 200).fetch(into: store) { summaries.append($0) } == 100)
        let since = "&place_id=\(FetchReplay.england)&min_upload_date=\(FetchReplay.newestUpload + 1)&extras="
        #expect(server.requests.suffix(2).allSatisfy { $0.path.contains(since) })
        #expect(summaries.count == 1 && summaries[0].file.contains("&min_upload_date=\(FetchReplay.newestUpload + 1)&"))
        #expect(try photos(under: FetchReplay.england, in: store) == 115)
        // flickrie's photos carry no upload date: the position stays where it was.
        #expect(try store.fetchedPlaces().map(\.newestUpload) == [FetchReplay.newestUpload])

        let asked = server.requests.count
        var failures: [String] = []
        #expect(try FlickrFetcher.fetchAgain(into: store, key: FetchReplay.flickrKey, client: FetchReplay.client(), report: { _ in },
                                             failed: { failures.append("\($1)") }) == 1)
        #expect(failures.isEmpty)
        #expect(server.requests.count == asked + 2 && server.requests[asked].path.contains(since))
        #expect(try FlickrFetcher.fetchAgain(into: store, key: nil, report: { _ in }, failed: { failures.append("\($0.placeID): \($1)") }) == 1)
        #expect(failures == ["\(FetchReplay.england): TALLY_FLICKR_API_KEY is not set: set it to your Flickr API key (flickr.com/services/apps/create)"])
        #expect(server.requests.count == asked + 2)
    }

    @Test("a fetch that fails at its second page keeps the first page and its position, nothing of the second")
    func failedPagePosition() throws {
        let first = try FetchReplay.flickr("sample_with_geo_data.json")
        let server = try FetchReplay.server { _, request in request.path.contains("&page=1&") ? .json(first) : .json(Data("{\"stat\":".utf8)) }
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        #expect(throws: APIError.self) { try fetcher(server, .photos(place: "abc"), limit: 10).fetch(into: store) { _ in } }
        #expect(try store.fetchedPlaces() == [FetchedPlace(server: server.base + "/services/rest", placeID: "abc", newestUpload: 1_383_195_989)])
        #expect(try photos(under: "abc", in: store) == 5)
    }

    @Test("a place is named by its place_id or by the name stored for it; a name two places share asks for the id")
    func placeNames() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        try fetcher(server, .places(typeID: 7)).fetch(into: store) { _ in }
        #expect(try fetcher(server, .photos(place: "england"), limit: 5).fetch(into: store) { _ in } == 5)
        #expect(server.requests.last?.path.contains("&place_id=\(FetchReplay.england)&") == true)
        #expect(try FlickrFetcher.placeID("England, GB, United Kingdom", in: store) == FetchReplay.england)
        #expect(try FlickrFetcher.placeID(FetchReplay.england, in: store) == FetchReplay.england)
        #expect(try FlickrFetcher.placeID("7.MJR8tTVrIO1EgB", in: store) == "7.MJR8tTVrIO1EgB")
        let twins = Data(#"{"places": {"total": 2, "place": [{"place_id": "aaa", "woe_name": "Springfield", "_content": "Springfield, IL"}, {"place_id": "bbb", "woe_name": "Springfield", "_content": "Springfield, MA"}]}, "stat": "ok"}"#.utf8)
        _ = try Importer(store: store, options: ImportOptions([:])).importDocument(twins, displayName: "twins.json")
        let error = #expect(throws: APIError.self) { try FlickrFetcher.placeID("springfield", in: store) }
        #expect(error?.description == "\"springfield\" names 2 stored places (aaa, bbb); name one by its place_id")
        #expect(try FlickrFetcher.placeID("Springfield, MA", in: store) == "bbb")
    }

    @Test("Flickr's {stat: fail} answer is one line naming the URL without the key and Flickr's message")
    func failure() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let error = #expect(throws: APIError.self) { try fetcher(server, .places(typeID: 7), key: "WRONG-KEY-77").fetch(into: try project.store) { _ in } }
        #expect(error?.description == server.base + "/services/rest?method=flickr.places.getTopPlacesList&place_type_id=7&format=json&nojsoncallback=1: "
                + "Flickr answered with error 100: Invalid API Key (Key has invalid format); check TALLY_FLICKR_API_KEY")
        #expect(try project.store.tableCounts()["photo_place"] == 0)
    }

    @Test("a page that fails (HTTP error, malformed body, not Flickr's answer) stops the fetch in one line without the key; the pages before it stay")
    func failures() throws {
        let first = try FetchReplay.flickr("sample_with_geo_data.json")
        let cases: [(ScriptedHTTPServer.Answer, String)] = [
            (.json(Data("{\"stat\":\"fail\"}".utf8), status: 500), "the server answered HTTP 500"),
            (.json(Data("{\"photos\": {\"photo\": [".utf8)), "the answer is not Flickr's JSON {stat, …}"),
            (.json(Data("{\"photos\": {\"photo\": [{\"title\": \"no id\"}]}, \"stat\": \"ok\"}".utf8)), "expected a photo with an `id`"),
        ]
        for (answer, reason) in cases {
            let server = try FetchReplay.server { _, request in request.path.contains("&page=1&") ? .json(first) : answer }
            defer { server.stop() }
            let project = TestProject()
            let store = try project.store
            var summaries: [ImportSummary] = []
            let error = #expect(throws: (any Error).self) { try fetcher(server, .photos(place: "abc"), limit: 10).fetch(into: store) { summaries.append($0) } }
            let message = "\(error!)"
            #expect(message.hasPrefix(server.base + "/services/rest?method=flickr.photos.search&place_id=abc&"), "\(message)")
            #expect(message.contains("&page=2&") && message.contains(reason), "\(message)")
            #expect(!message.contains("\n") && !message.contains(FetchReplay.flickrKey) && !message.contains("api_key"))
            #expect(summaries.count == 1)
            #expect(try photos(under: "abc", in: store) == 5)
        }
    }

    @Test("a 429 with Retry-After is waited out, saying so without the key, then asked again")
    func tooManyRequests() throws {
        let replay = try FetchReplay.flickrAPI()
        let asked = FetchReplay.Shared(0)
        let server = try FetchReplay.server { base, request in
            asked.value += 1
            return asked.value == 1 ? .json(Data("{}".utf8), status: 429, headers: ["Retry-After": "3"]) : replay(base, request)
        }
        defer { server.stop() }
        let project = TestProject()
        let waits = FetchReplay.WaitLog()
        #expect(try fetcher(server, .places(typeID: 7), client: FetchReplay.client(waits: waits)).fetch(into: try project.store) { _ in } == 100)
        #expect(waits.waits == [3])
        #expect(waits.notices == [server.base + "/services/rest?method=flickr.places.getTopPlacesList&place_type_id=7&format=json&nojsoncallback=1: "
                                  + "the server asks to wait (HTTP 429); waiting 3 seconds"])
    }

    @Test("the key is in no file of the project: not the store, not its journal")
    func keyNotStored() throws {
        let server = try FetchReplay.server(try FetchReplay.flickrAPI())
        defer { server.stop() }
        let project = TestProject()
        let store = try project.store
        try fetcher(server, .places(typeID: 7)).fetch(into: store) { _ in }
        try fetcher(server, .photos(place: FetchReplay.england), limit: 5).fetch(into: store) { _ in }
        #expect(server.requests.count == 2)
        var seen: [String] = []
        let walker = FileManager.default.enumerator(at: project.folder.url, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file), data.range(of: Data(FetchReplay.flickrKey.utf8)) != nil { seen.append(file.lastPathComponent) }
        }
        #expect(seen.isEmpty)
        #expect(APIClient.shown(URL(string: "https://h/r?a=1&api_key=K&b=2")!, hiding: ["api_key"]) == "https://h/r?a=1&b=2")
    }
}
