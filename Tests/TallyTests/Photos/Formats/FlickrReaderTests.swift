import Foundation
import Testing
@testable import Tally

/// The Flickr readers against real responses: the MIT one in Fixtures/photos, the GPL ones from
/// the shared fixture folder when it is present (see Fixtures/CREDITS.md).
@Suite("Flickr readers on real files")
struct FlickrReaderTests {
    static let shared = Fixture.shared.appendingPathComponent("flickr")
    static let sharedPresent = FileManager.default.fileExists(atPath: shared.path)

    private func parse<T>(_ url: URL, _ body: (JSONValue) throws -> T) throws -> T {
        let parser = JSONParser()
        let root = try parser.parse([UInt8](try Data(contentsOf: url)))
        return try body(root)
    }

    private func parse<T>(text: String, _ body: (JSONValue) throws -> T) throws -> T {
        let parser = JSONParser()
        return try body(try parser.parse(Array(text.utf8)))
    }

    @Test("getRecent with no extras: 100 photos, empty titles kept, image URLs made from farm/server/secret")
    func flickrieRecent() throws {
        let page = try parse(Fixture.url("photos/flickr-get-recent-flickrie.json")) { try FlickrReader.photos($0, path: "$") }
        #expect(page.photos.count == 100)
        #expect(page.total == 1000 && page.pages == 10 && page.page == 1)
        #expect(page.photos.filter { $0.title.isEmpty }.count == 9)
        #expect(page.photos.contains { $0.title == "カメラロール-2884" })
        #expect(page.photos.contains { $0.title == "Sin título" })
        let first = try #require(page.photos.first)
        #expect(first.id == "7309334848" && first.owner == "23881764@N02")
        #expect(first.ownerName == nil && first.taken == nil && first.latitude == nil && first.placeID == nil)
        #expect(first.thumbnail?.url == "https://live.staticflickr.com/7222/7309334848_8f1532d17f_q.jpg")
        #expect(first.largest?.url == "https://live.staticflickr.com/7222/7309334848_8f1532d17f_z.jpg")
    }

    @Test("a failure response fails with Flickr's code and message")
    func failure() throws {
        let text = #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#
        for read in [{ (root: JSONValue) throws -> Void in _ = try FlickrReader.photos(root, path: "$") },
                     { (root: JSONValue) throws -> Void in _ = try FlickrReader.places(root, path: "$") }] {
            let error = try #require(throws: ShapeError.self) { try parse(text: text, read) }
            #expect(error.reason == "Flickr answered with error 100: Invalid API Key (Key has invalid format)")
        }
        #expect(try parse(text: text) { FlickrReader.isFailure($0) })
    }

    @Test("a photo without an id names its place in the file")
    func missingID() throws {
        let text = #"{"photos":{"page":1,"pages":1,"perpage":2,"total":"2","photo":[{"id":"1","owner":"a","title":"x"},{"owner":"b","title":"y"}]},"stat":"ok"}"#
        let error = try #require(throws: ShapeError.self) { try parse(text: text) { try FlickrReader.photos($0, path: "$") } }
        #expect(error.path == "$.photos.photo[1]")
    }

    @Test("coordinates 0,0 mean unknown; numbers written as strings are read", arguments: [
        (#"{"id":"1","owner":"o","title":"","latitude":0,"longitude":0}"#, nil as Double?),
        (#"{"id":"1","owner":"o","title":"","latitude":"47.37","longitude":"8.54"}"#, 47.37),
        (#"{"id":"1","owner":"o","title":"","latitude":47.37,"longitude":8.54}"#, 47.37),
        (#"{"id":"1","owner":"o","title":"","latitude":"NaN","longitude":"8.54"}"#, nil),
    ])
    func coordinates(text: String, latitude: Double?) throws {
        let photo = try parse(text: text) { try FlickrReader.photo($0, path: "$") }
        #expect(photo.latitude == latitude)
        #expect((photo.longitude == nil) == (latitude == nil))
    }

    @Test("title and description may be Flickr's {_content} wrappers; owner may be an object")
    func wrappers() throws {
        let text = #"{"id":"9","owner":{"nsid":"1@N0","username":"Ann"},"title":{"_content":" Zürich "},"description":{"_content":"a\nb"}}"#
        let photo = try parse(text: text) { try FlickrReader.photo($0, path: "$") }
        #expect(photo.title == "Zürich" && photo.description == "a\nb" && photo.owner == "1@N0" && photo.ownerName == "Ann")
    }

    @Test("getTopPlacesList: photo_count as number or string, longitude as string, timezone missing",
          .enabled(if: sharedPresent))
    func topPlaces() throws {
        let places = try parse(Self.shared.appendingPathComponent("sample_get_top_places_list.json")) { try FlickrReader.places($0, path: "$") }
        #expect(places.count == 100)
        #expect(places.allSatisfy { $0.photoCount != nil && $0.latitude != nil && $0.longitude != nil })
        let england = try #require(places.first)
        #expect(england == FlickrPlace(id: "2eIY2QFTVr_DwWZNLg", name: "England", fullName: "England, GB, United Kingdom",
                                       placeType: "region", latitude: 52.883, longitude: -1.974, photoCount: 3406,
                                       timezone: "Europe/London"))
        let taoyuan = try #require(places.first { $0.name == "Taoyuan City" })
        #expect(taoyuan.longitude == 121.166)
        #expect(places.filter { $0.timezone == nil }.count == 14)
    }

    @Test("placesForUser: neighbourhoods with numeric photo counts", .enabled(if: sharedPresent))
    func placesForUser() throws {
        let places = try parse(Self.shared.appendingPathComponent("sample_places_for_user.json")) { try FlickrReader.places($0, path: "$") }
        #expect(places.count == 70)
        #expect(places[0].name == "Richmond Annex" && places[0].photoCount == 66 && places[0].placeType == "neighbourhood")
    }

    @Test("photos.search with every extra: string totals, sizes as numbers or strings, empty title",
          .enabled(if: sharedPresent))
    func search() throws {
        let page = try parse(Self.shared.appendingPathComponent("sample_search.json")) { try FlickrReader.photos($0, path: "$") }
        #expect(page.pages == 160 && page.total == 799 && page.photos.count == 5)
        let first = page.photos[0]
        #expect(first.title == "San Francisco Spirit" && first.description == "San Francisco")
        #expect(first.ownerName == "a.k.a. Flash" && first.taken == "2014-05-23 00:00:03" && first.uploaded == 1401160084)
        #expect(first.latitude == nil && first.longitude == nil)
        #expect(first.images.map(\.size) == ["sq", "t", "s", "q", "m", "n", "z", "c", "l", "o"])
        #expect(first.images.first { $0.size == "s" } == FlickrImage(size: "s", url: "https://farm4.staticflickr.com/3744/14256698876_2b00fa5537_m.jpg", width: 198, height: 240))
        #expect(first.largest?.size == "o" && first.largest?.width == 1098)
        #expect(first.thumbnail?.size == "q")
        #expect(page.photos[1].title.isEmpty)
    }

    @Test("getRecent: url_o missing on one photo, the largest listed size is used", .enabled(if: sharedPresent))
    func recent() throws {
        let page = try parse(Self.shared.appendingPathComponent("sample_get_recent.json")) { try FlickrReader.photos($0, path: "$") }
        #expect(page.photos.count == 5 && page.total == 1000)
        let withoutOriginal = try #require(page.photos.first { !$0.images.contains { $0.size == "o" } })
        #expect(withoutOriginal.largest?.size == "l")
    }

    @Test("getWithGeoData: place_id and coordinates", .enabled(if: sharedPresent))
    func geoData() throws {
        let page = try parse(Self.shared.appendingPathComponent("sample_with_geo_data.json")) { try FlickrReader.photos($0, path: "$") }
        #expect(page.photos.allSatisfy { $0.placeID != nil && $0.latitude != nil })
        #expect(page.photos[0].placeID == "FmOEZR5UV7P7KfBdxg" && page.photos[0].latitude == 37.765819)
    }

    @Test("every shared Flickr fixture reads", .enabled(if: sharedPresent))
    func everyShared() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.shared.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 6)
        for name in names {
            let count = try parse(Self.shared.appendingPathComponent(name)) { root -> Int in
                root["places"] != nil ? try FlickrReader.places(root, path: "$").count : try FlickrReader.photos(root, path: "$").photos.count
            }
            #expect(count > 0, "\(name)")
        }
    }
}
