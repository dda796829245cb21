import Foundation
import GRDB
import Testing
@testable import Tally

/// The photos store: import upserts, `--place`, favorites and recents rules.
@Suite("Photos store")
struct PhotoStoreTests {
    static func database() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let queue = try DatabaseQueue(configuration: configuration)
        var migrator = DatabaseMigrator()
        PhotosSchema.registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        return queue
    }

    static func photo(_ id: String, place: String? = nil, title: String = "", taken: String? = nil) -> FlickrPhoto {
        FlickrPhoto(id: id, owner: "o", title: title, taken: taken, placeID: place,
                    images: [FlickrImage(size: "q", url: "https://example.org/\(id)_q.jpg", width: 150, height: 150)])
    }

    static let places = [FlickrPlace(id: "zag", name: "Zagreb", fullName: "Zagreb, Croatia"),
                         FlickrPlace(id: "zur", name: "Zürich", fullName: "Zürich, Switzerland")]

    @Test("importing again updates in place; --place files every photo of the file; no place means unplaced")
    func importing() throws {
        let db = try Self.database()
        let report = try db.write { db -> PhotosImportReport in
            let sink = PhotoSink(db: db, place: nil)
            try sink.add(places: Self.places)
            try sink.add(photos: [Self.photo("1", place: "zur"), Self.photo("2")])
            return sink.report
        }
        #expect(report.description == "2 places new, 0 already stored; 2 photos new, 0 already stored")
        let again = try db.write { db -> PhotosImportReport in
            let sink = PhotoSink(db: db, place: "zag")
            try sink.add(photos: [Self.photo("2", title: "Now titled"), Self.photo("3")])
            return sink.report
        }
        #expect(again.description == "1 photo new, 1 already stored (place \"zag\")")
        #expect(try db.read { try PhotosQueries.photo($0, id: "2")?.title } == "Now titled")
        #expect(try db.read { try PhotosQueries.photos($0, place: "zag").map(\.id) } == ["2", "3"])
        #expect(try db.read { try PhotosQueries.photos($0, place: "zur").map(\.id) } == ["1"])
        let places = try db.read { try PhotosQueries.places($0).sorted { ($0.id ?? "") < ($1.id ?? "") } }
        #expect(places.map(\.photoCount) == [2, 1])
        // A later file without a place keeps the place a photo has.
        try db.write { db in try PhotoSink(db: db, place: nil).add(photos: [Self.photo("1")]) }
        #expect(try db.read { try PhotosQueries.photo($0, id: "1")?.placeID } == "zur")
    }

    @Test("a place leaves the favorites when its last favorite goes")
    func lastFavorite() throws {
        let db = try Self.database()
        try db.write { db in
            let sink = PhotoSink(db: db, place: nil)
            try sink.add(places: Self.places)
            try sink.add(photos: [Self.photo("1", place: "zur"), Self.photo("2", place: "zur"), Self.photo("3", place: "zag")])
            try PhotoMarks.favorite(db, photo: "1", at: 10)
            try PhotoMarks.favorite(db, photo: "2", at: 11)
            try PhotoMarks.favorite(db, photo: "2", at: 12)
        }
        let favoritePlaces = try db.read { try PhotosQueries.places($0, favorites: true) }
        #expect(favoritePlaces.map(\.name) == ["Zürich"] && favoritePlaces.first?.photoCount == 2)
        #expect(try db.read { try PhotosQueries.photos($0, place: "zur", favoritesOnly: true).count } == 2)
        #expect(try db.write { try PhotoMarks.unfavorite($0, photo: "1") })
        #expect(try db.read { try PhotosQueries.places($0, favorites: true).map(\.name) } == ["Zürich"])
        #expect(try db.write { try PhotoMarks.unfavorite($0, photo: "2") })
        #expect(try db.write { try !PhotoMarks.unfavorite($0, photo: "2") })
        #expect(try db.read { try PhotosQueries.places($0, favorites: true) }.isEmpty)
    }

    @Test("favorite, unfavorite and viewed refuse an unknown photo")
    func unknownPhoto() throws {
        let db = try Self.database()
        #expect(throws: PhotosError.unknownPhoto("42")) { try db.write { try PhotoMarks.favorite($0, photo: "42", at: 1) } }
        #expect(throws: PhotosError.unknownPhoto("42")) { try db.write { try PhotoMarks.unfavorite($0, photo: "42") } }
        #expect(throws: PhotosError.unknownPhoto("42")) { try db.write { try PhotoMarks.viewed($0, photo: "42", at: 1) } }
    }

    @Test("recents: viewed within 48 hours (the edge included), newest first, each photo once")
    func recents() throws {
        let db = try Self.database()
        let now: Int64 = 1_700_000_000
        let window = PhotosRules.recentWindow
        #expect(window == 48 * 3600)
        try db.write { db in
            try PhotoSink(db: db, place: nil).add(photos: ["a", "b", "c", "d"].map { Self.photo($0) })
            try PhotoMarks.viewed(db, photo: "a", at: now - window)        // exactly 48 h: in
            try PhotoMarks.viewed(db, photo: "b", at: now - window - 1)    // 48 h and a second: out
            try PhotoMarks.viewed(db, photo: "c", at: now - 100)
            try PhotoMarks.viewed(db, photo: "c", at: now - 10)            // seen twice: once, at its latest
            try PhotoMarks.viewed(db, photo: "c", at: now - 10)
            try PhotoMarks.viewed(db, photo: "d", at: now - 50)
            try PhotoMarks.viewed(db, photo: "b", at: now - 3 * window)
        }
        let recents = try db.read { try PhotosQueries.recents($0, since: now - window) }
        #expect(recents.map(\.photo.id) == ["c", "d", "a"])
        #expect(recents.map(\.viewedAt) == [now - 10, now - 50, now - window])
    }
}
