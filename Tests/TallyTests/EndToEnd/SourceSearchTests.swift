import Foundation
import Testing
@testable import Tally

@Suite("End to end: chart items, photos and places in the site search")
struct SourceSearchTests {
    @Test("the sample's chart items, photos and places are found, each opening its own page")
    func chartsAndPhotos() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path)
            .filter { ($0.hasPrefix("chart-") || $0.hasPrefix("flickr-")) && $0.hasSuffix(".json") }.sorted()
        #expect(names.contains("chart-albums.json") && names.contains("flickr-places.json"))
        let importer = Importer(store: try project.store)
        for name in names { _ = try importer.importFile(data.appendingPathComponent(name), displayName: name) }
        try project.build()
        let index = try BuiltSearchIndex(site: project.folder.url.appendingPathComponent("public"))
        #expect(Set(index.records.map(\.kind)) == ["Chart item", "Photo", "Place"])

        // A chart item: its name is the title; artist, chart and category are in the body.
        let boats = try #require(try project.store.chartItems(after: nil, limit: 10_000).first { $0.name == "Morning Boats" })
        let item = try #require(index.records.firstIndex { $0.kind == "Chart item" && $0.title == "Morning Boats" })
        #expect(index.records[item].path == Routes.chartItem(boats.id))
        #expect(index.records[item].body.contains("Copper & Vine"))
        #expect(index.records[item].body.contains("Top Albums"))
        #expect(index.records[item].body.contains("Rock"))
        #expect(index.find("morning boats").contains(Int32(item)))
        #expect(index.find("copper vine rock").contains(Int32(item)))

        // A photo, under its title's words, opening its page.
        let lizard = try #require(index.records.firstIndex { $0.kind == "Photo" && $0.title == "lizard" })
        #expect(index.records[lizard].path == Routes.photo("7309335090"))
        #expect(index.find("Lizard").contains(Int32(lizard)))
        #expect(index.find("Guatemala dress").contains { index.records[Int($0)].path == Routes.photo("7309335418") })
        // Every stored photo is there once; an empty title shows as "Untitled".
        var photos = 0
        try project.store.forEachPhotoChunk { photos += $0.count }
        #expect(index.records.filter { $0.kind == "Photo" }.count == photos)
        #expect(!index.records.contains { $0.kind == "Photo" && $0.title.isEmpty })

        // A place, found without its accent, before the photos that match as well.
        let zurich = try #require(index.records.firstIndex { $0.kind == "Place" && $0.title == "Zürich" })
        #expect(index.records[zurich].path == Routes.place("sample-zurich"))
        #expect(index.find("zurich").contains(Int32(zurich)))
        #expect(!index.records.contains { $0.kind == "Place" && $0.path == Routes.place(nil) })

        for record in index.records {
            #expect(project.folder.exists("public/" + record.path), "\(record.kind) \(record.title): \(record.path)")
        }
    }
}
