import Foundation
import Testing
@testable import Tally

/// The photos pages built from files: places A–Z, photo pages, favorites, recents, the cache.
@Suite("Photos site", .serialized)
struct PhotoSiteTests {
    static let places = #"""
        {"places":{"total":3,"place":[
          {"place_id":"zur","woe_name":"Zürich","_content":"Zürich, CH","latitude":47.37,"longitude":"8.54","photo_count":"2"},
          {"place_id":"zag","woe_name":"Zagreb","_content":"Zagreb, HR","latitude":45.81,"longitude":15.98,"photo_count":1},
          {"place_id":"ale","woe_name":"Ålesund","_content":"Ålesund, NO","photo_count":1}]},"stat":"ok"}
        """#

    static func photos(base: String = "https://example.invalid") -> String {
        #"""
        {"photos":{"page":1,"pages":"1","perpage":4,"total":"4","photo":[
          {"id":"1","owner":"1@N0","ownername":"Ann","title":"","datetaken":"2020-01-02 03:04:05","latitude":47.3769,"longitude":8.5417,"place_id":"zur",
           "url_q":"\#(base)/ok/1_q.jpg","width_q":150,"height_q":"150","url_l":"\#(base)/ok/1_b.jpg","width_l":"1024","height_l":768},
          {"id":"2","owner":"2@N0","title":"<script>alert(1)</script>","latitude":0,"longitude":0,"place_id":"zur","url_q":"\#(base)/ok/2_q.jpg"},
          {"id":"3","owner":"3@N0","title":"Harbour","place_id":"ale","description":{"_content":"By the sea"},"url_q":"\#(base)/fail/3_q.jpg"},
          {"id":"4","owner":"4@N0","title":"Square","place_id":"zag","url_q":"\#(base)/ok/4_q.jpg"}]},"stat":"ok"}
        """#
    }

    static func project(base: String = "https://example.invalid") throws -> TestProject {
        let project = TestProject()
        try project.folder.write(["places.json": places, "photos.json": photos(base: base)])
        try project.importFiles(["places.json", "photos.json"])
        return project
    }

    @Test("names sort as a person expects: accents and case second, Zürich after Zagreb")
    func collation() {
        let names = ["Zürich", "zoo", "Zagreb", "Łódź", "Lyon", "Ålesund", "Île-de-France", "Aachen", "Zurich"]
        #expect(names.sorted(by: NameCollation.areInOrder) == ["Aachen", "Ålesund", "Île-de-France", "Łódź", "Lyon", "Zagreb", "zoo", "Zurich", "Zürich"])
    }

    @Test("places A–Z with counts → place page with grid and table → photo page with Untitled, owner, map link")
    func pages() throws {
        let project = try Self.project()
        try project.build()
        let places = try project.page(Routes.places)
        let order = ["Ålesund", "Zagreb", "Zürich"].map { places.range(of: ">\($0)</a>")!.lowerBound }
        #expect(order == order.sorted())
        let place = try project.page(Routes.place("zur"))
        #expect(place.contains(" src=\"https://example.invalid/ok/1_q.jpg\" alt=\"Untitled\""))
        #expect(place.contains("<th>Taken</th>") && place.contains("2020-01-02 03:04:05"))
        let untitled = try project.page(Routes.photo("1"))
        #expect(untitled.contains("<h1>Untitled</h1>") && untitled.contains("Ann") && untitled.contains("2020-01-02 03:04:05"))
        #expect(untitled.contains(" src=\"https://example.invalid/ok/1_b.jpg\""))
        #expect(untitled.contains("https://www.openstreetmap.org/?mlat=47.376900&amp;mlon=8.541700#map=15/47.376900/8.541700"))
        #expect(untitled.contains("data-page=\"photo\"") && untitled.contains("data-path=\"photos/1/index.html\""))
        let hostile = try project.page(Routes.photo("2"))
        #expect(!hostile.contains("<script>alert") && !hostile.contains("openstreetmap"))
        #expect(try project.page(Routes.photo("3")).contains("By the sea"))
        let home = try project.page(Routes.home)
        #expect(home.contains("4 photos in 3 places"))
    }

    @Test("a place is on Favorites while it has a favorite; unfavorite removes it at the next build")
    func favorites() throws {
        let project = try Self.project()
        let store = try project.store
        try store.favorite(photo: "3")
        try store.favorite(photo: "1")
        try project.build()
        var page = try project.page(Routes.favorites)
        #expect(page.contains(">Ålesund</a>") && page.contains(">Zürich</a>") && !page.contains(">Zagreb</a>"))
        #expect(try project.page(Routes.favoritePlace("ale")).contains("Harbour"))
        #expect(throws: PhotosError.unknownPhoto("nope")) { try store.favorite(photo: "nope") }
        try store.unfavorite(photo: "3")
        try project.build()
        page = try project.page(Routes.favorites)
        #expect(!page.contains(">Ålesund</a>") && page.contains(">Zürich</a>"))
        #expect(!project.folder.exists("public/" + Routes.favoritePlace("ale")))
    }

    @Test("Recents at build time: the last 48 hours, newest first, once each, with absolute times")
    func recents() throws {
        let project = try Self.project()
        let store = try project.store
        let now: Int64 = 1_700_000_000
        try store.viewed(photo: "1", at: now - 100)
        try store.viewed(photo: "3", at: now - 10)
        try store.viewed(photo: "1", at: now - 5)
        try store.viewed(photo: "4", at: now - PhotosRules.recentWindow - 1)
        try project.build(builtAt: now)
        let page = try project.page(Routes.recents)
        #expect(page.components(separatedBy: "photos/1/index.html").count == 2)
        let first = try #require(page.range(of: "Untitled")), second = try #require(page.range(of: "Harbour"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(page.contains("viewed 2023-11-14 22:13:15 UTC") && !page.contains("Square"))
        #expect(page.contains("data-page=\"recents\"") && page.contains("data-window=\"172800\""))
    }

    @Test("a rebuild with the same store makes Recents again when a view has left the 48-hour window")
    func recentsRebuild() throws {
        let project = try Self.project()
        let now: Int64 = 1_700_000_000
        try project.store.viewed(photo: "3", at: now - 10)
        try project.build(builtAt: now)
        #expect(try project.page(Routes.recents).contains("Harbour"))
        try project.build(builtAt: now + 60)
        try project.build(builtAt: now + PhotosRules.recentWindow)
        #expect(!(try project.page(Routes.recents).contains("Harbour")))
    }

    @Test("a Flickr error response fails the file with Flickr's message and stores nothing")
    func errorResponse() throws {
        let project = TestProject()
        try project.folder.write(["error.json": #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#])
        let error = try #require(throws: ImportError.self) { try project.importFiles(["error.json"]) }
        #expect("\(error)" == "error.json: line 1: Flickr answered with error 100: Invalid API Key (Key has invalid format)")
    }

    @Test("--place files a page's photos under the given place")
    func placeOption() throws {
        let project = TestProject()
        try project.folder.write(["recent.json": try String(contentsOf: Fixture.url("photos/flickr-get-recent-flickrie.json"), encoding: .utf8)])
        let importer = Importer(store: try project.store, options: ["place": "kyoto"])
        let summary = try importer.importFile(project.folder.url.appendingPathComponent("recent.json"), displayName: "recent.json")
        #expect("\(summary)".contains("100 photos new, 0 already stored (place \"kyoto\")"))
        #expect(try project.store.photos(inPlace: "kyoto").count == 100)
    }

    @Test("photos no file placed are listed last, under No place given")
    func unplaced() throws {
        let project = try Self.project()
        try project.folder.write(["recent.json": try String(contentsOf: Fixture.url("photos/flickr-get-recent-flickrie.json"), encoding: .utf8)])
        try project.importFiles(["recent.json"])
        try project.build()
        let places = try project.page(Routes.places)
        let zurich = try #require(places.range(of: ">Zürich</a>")), none = try #require(places.range(of: ">No place given</a>"))
        #expect(zurich.lowerBound < none.lowerBound)
        #expect(Routes.place(nil) == "places/-none/index.html")
        #expect(try project.page(Routes.place(nil)).contains("100 photos"))
        #expect(try project.page(Routes.photo("7309335276")).contains("<h1>Untitled</h1>"))
    }

    @Test("a place no places file names is called by its photos' position, never by its id; owners by their name")
    func unnamedPlace() throws {
        let project = try Self.project()
        try project.folder.write(["geo.json": #"""
            {"photos":{"photo":[
              {"id":"8","owner":"10229241@N04","ownername":"","owner_name":"x","title":"Bay","latitude":"37.765819","longitude":-122.242912,"place_id":"FmOEZR5UV7P7KfBdxg"},
              {"id":"9","owner":{"nsid":"9@N0","username":"jb","realname":"Jeremy Brooks"},"title":"Hill","place_id":"noWhere"}]},"stat":"ok"}
            """#])
        try project.importFiles(["geo.json"])
        try project.build()
        let places = try project.page(Routes.places)
        #expect(places.contains(">Near 37.77° N, 122.24° W</a>") && places.contains(">Unnamed place</a>"))
        #expect(!places.contains("FmOEZR5UV7P7KfBdxg<") && !places.contains(">noWhere<"))
        let place = try project.page(Routes.place("FmOEZR5UV7P7KfBdxg"))
        #expect(place.contains("<h1>Near 37.77° N, 122.24° W</h1>") && place.contains("openstreetmap"))
        #expect(try project.page(Routes.photo("9")).contains("Jeremy Brooks"))
        #expect(try project.page(Routes.photo("8")).contains("10229241@N04"), "no name in the data: the id is all there is")
        #expect(StoredPlace.unnamed(latitude: -33.86, longitude: 151.21) == "Near 33.86° S, 151.21° E")
        #expect(StoredPlace.unnamed(latitude: nil, longitude: 1) == "Unnamed place")
    }

    @Test("the build caches only favorites' images, uses the copies, drops them when unfavorited, and keeps going after a failure")
    func cache() throws {
        let server = try ImageHTTPServer()
        defer { server.stop() }
        let project = try Self.project(base: server.url(""))
        let store = try project.store
        try store.favorite(photo: "1")
        try store.favorite(photo: "3")
        var config = project.config
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        let warnings = Warnings()
        var builder = SiteBuilder(project: config)
        builder.builtAt = 1_700_000_000
        builder.warn = { warnings.add($0) }
        try builder.build()
        let cache = config.cacheURL.appendingPathComponent("photos/images")
        let thumb = ImageCache.fileName(for: server.url("/ok/1_q.jpg")), large = ImageCache.fileName(for: server.url("/ok/1_b.jpg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() == [thumb, large].sorted())
        #expect(try project.page(Routes.photo("1")).contains(" src=\"../../photos/images/\(large)\""))
        #expect(try project.folder.read("public/photos/images/\(thumb)") == "image 1_q.jpg")
        // Not a favorite: remote (upgraded to https, which the CSP allows). A failed download: remote, with a warning.
        func remote(_ path: String) -> String { server.url(path).replacingOccurrences(of: "http://", with: "https://") }
        #expect(try project.page(Routes.place("zag")).contains(remote("/ok/4_q.jpg")))
        #expect(try project.page(Routes.place("ale")).contains(remote("/fail/3_q.jpg")))
        #expect(warnings.all.count == 1 && warnings.all[0].contains("/fail/3_q.jpg") && warnings.all[0].contains("HTTP 500"))

        try store.unfavorite(photo: "1")
        try builder.build()
        #expect(!FileManager.default.fileExists(atPath: cache.appendingPathComponent(thumb).path))
        #expect(!project.folder.exists("public/photos/images/\(thumb)"))
        #expect(try project.page(Routes.photo("1")).contains(remote("/ok/1_b.jpg")))
    }
}

/// Warnings a build gave, gathered from any thread.
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ text: String) { lock.lock(); items.append(text); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

@Suite("Photos hostile data")
struct PhotoHostileTests {
    @Test("names, titles and descriptions from Flickr show as text: no markup, no links, no table cells")
    func hostile() throws {
        let project = TestProject()
        try project.folder.write([
            "places.json": #"{"places":{"total":1,"place":[{"place_id":"../../etc","woe_name":"[x](javascript:alert(1)) | <img src=x onerror=alert(1)>","_content":"*a*"}]},"stat":"ok"}"#,
            "photos.json": ##"{"photos":{"page":1,"pages":1,"total":1,"photo":[{"id":"../../x","owner":"o\" onload=\"x","title":"# [t](javascript:x) `c` | d","place_id":"../../etc","description":{"_content":"<a href=\"javascript:alert(1)\">hi</a>\n\n<script>x</script>"},"server":"../s","secret":"z","url_q":"javascript:alert(1)"}]},"stat":"ok"}"##,
        ])
        try project.importFiles(["places.json", "photos.json"])
        try project.build()
        let pages = [Routes.places, Routes.place("../../etc"), Routes.photo("../../x"), Routes.home]
        for path in pages {
            #expect(!path.contains(".."))
            let html = try project.page(path)
            #expect(!html.contains("href=\"javascript"), "\(path)")
            #expect(!html.contains("<img src=x") && !html.contains("<script>x") && !html.contains("src=\"javascript"), "\(path)")
        }
        let photo = try project.page(Routes.photo("../../x"))
        #expect(photo.contains("data-title=\"# [t](javascript:x) `c` | d\"") || photo.contains("data-title=\"# [t](javascript:x) `c` | d\"".replacingOccurrences(of: "`", with: "&#96;")))
        #expect(!photo.contains("onload=\"x"))
    }
}
