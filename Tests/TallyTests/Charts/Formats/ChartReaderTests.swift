import Foundation
import Testing
@testable import Tally

/// Reads a chart file with whichever chart format claims it.
func readChart(_ url: URL) throws -> (format: String, feed: ChartFeed) {
    // Values borrow from their parser: it must live until the feed is read.
    let parser = JSONParser()
    return try withExtendedLifetime(parser) {
        let root = try parser.parse([UInt8](Data(contentsOf: url)))
        if ITunesRSSFormat().claims(root) { return ("iTunes RSS", try ITunesRSSFormat().read(root, path: "$")) }
        if AppleRSSFormat().claims(root) { return ("Apple RSS", try AppleRSSFormat().read(root, path: "$")) }
        throw ShapeError(path: "$", reason: "no chart format claims \(url.lastPathComponent)")
    }
}

/// Reads a chart document given as text.
func readChart(text: String) throws -> ChartFeed {
    let parser = JSONParser()
    return try withExtendedLifetime(parser) {
        let root = try parser.parse(Array(text.utf8))
        if ITunesRSSFormat().claims(root) { return try ITunesRSSFormat().read(root, path: "$") }
        if AppleRSSFormat().claims(root) { return try AppleRSSFormat().read(root, path: "$") }
        throw ShapeError(path: "$", reason: "no chart format claims it")
    }
}

private let shared = FileManager.default.fileExists(atPath: Fixture.shared.appendingPathComponent("itunes_rss_legacy").path)
private func sharedChart(_ name: String) throws -> (format: String, feed: ChartFeed) {
    try readChart(Fixture.shared.appendingPathComponent(name))
}

@Suite("Chart readers on real and hand-made feeds")
struct ChartReaderTests {
    @Test("every chart file in the shared fixtures is claimed by one chart format and reads", .enabled(if: shared))
    func everySharedFixture() throws {
        for folder in ["itunes_rss_legacy", "apple_rss_v2"] {
            let url = Fixture.shared.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json") {
                let (format, feed) = try readChart(url.appendingPathComponent(name))
                #expect(format == (folder == "apple_rss_v2" ? "Apple RSS" : "iTunes RSS"), "\(name)")
                #expect(!feed.entries.isEmpty, "\(name)")
                #expect(feed.entries.map(\.rank) == Array(1...feed.entries.count), "\(name)")
                #expect(feed.updatedAt != nil, "\(name)")
                #expect(feed.mediaType != "unknown", "\(name)")
            }
        }
    }

    @Test("no chart format claims a Twitter document, and Twitter detection claims no chart", .enabled(if: shared))
    func strictDetection() throws {
        let parser = JSONParser()
        defer { withExtendedLifetime(parser) {} }
        for name in ["v1-search-freebandnames.json", "v2-search.json", "v1-status-quote.json", "v1-timeline-2007.json"] {
            let root = try parser.parse([UInt8](Data(contentsOf: Fixture.url(name))))
            #expect(!ITunesRSSFormat().claims(root) && !AppleRSSFormat().claims(root), "\(name)")
        }
        for path in ["itunes_rss_legacy/testData.json", "apple_rss_v2/FullAlbumStub.json"] {
            let root = try parser.parse([UInt8](Data(contentsOf: Fixture.shared.appendingPathComponent(path))))
            #expect(TwitterSource().formats.allSatisfy { !$0.claims(root) }, "\(path)")
        }
    }

    @Test("legacy apps: 'Free' priced 0, '$6.99' with its amount, three image sizes, bundle id ignored", .enabled(if: shared))
    func legacyApps() throws {
        let feed = try sharedChart("itunes_rss_legacy/TopApps.json").feed
        #expect(feed.title == "Top Grossing iPad Apps")
        #expect(feed.mediaType == "apps")
        #expect(feed.country == "us")
        #expect(feed.key == "us/rss/topgrossingipadapplications/json")
        #expect(feed.updatedAt == 1_409_569_572)  // 2014-09-01T04:06:12-07:00
        #expect(feed.entries.count == 25)
        let first = feed.entries[0]
        #expect(first.name == "Clash of Clans")
        #expect(first.price == ChartPrice(label: "Free", amount: 0, currency: "USD"))
        #expect(first.images.map(\.height) == [53, 75, 100])
        #expect(first.images.last?.width == 100)
        #expect(first.summary?.contains("\u{201C}This game is phenomenal\u{201D}") == true)
        #expect(first.summary?.contains("\n\n") == true)
        let paid = try #require(feed.entries.first { $0.price?.label == "$6.99" })
        #expect(paid.price?.amount == 6.99)
    }

    @Test("legacy songs: link as an array (alternate chosen, enclosure ignored), nested content type, album", .enabled(if: shared))
    func legacySongs() throws {
        let feed = try sharedChart("itunes_rss_legacy/feed_sample.json").feed
        #expect(feed.title == "Top Songs")
        #expect(feed.mediaType == "songs")
        #expect(feed.country == "us")  // from the store link's cc=us: the feed URL has no country
        let africa = feed.entries[0]
        #expect(africa.name == "Africa")
        #expect(africa.artist == "Weezer")
        #expect(africa.kind == "Track")
        #expect(africa.collection == "Africa - Single")
        #expect(africa.price?.amount == 1.29)
        #expect(africa.storeURL?.hasPrefix("https://itunes.apple.com/us/album/africa/") == true)
        #expect(africa.images.map(\.width) == [55, 60, 170])
    }

    @Test("legacy albums without the outer feed wrapper; artist without href", .enabled(if: shared))
    func legacyWithoutWrapper() throws {
        let feed = try sharedChart("itunes_rss_legacy/testData.json").feed
        #expect(feed.title == "Top Albums")
        #expect(feed.mediaType == "albums")
        #expect(feed.entries.count == 20)
        #expect(feed.entries[0].trackCount == 51)
        #expect(feed.entries[0].price == ChartPrice(label: "$19.99", amount: 19.99, currency: "USD"))
        let noHref = feed.entries.filter { $0.artist != nil && $0.artistURL == nil }
        #expect(noHref.count == 4)
        // A shorter fetch of the same chart is the same chart.
        #expect(try sharedChart("itunes_rss_legacy/topalbums.json").feed.key == feed.key)
    }

    @Test("legacy podcasts: 'Get' priced 0, rights and artist href often missing", .enabled(if: shared))
    func legacyPodcasts() throws {
        let feed = try sharedChart("itunes_rss_legacy/podcast.json").feed
        #expect(feed.title == "Top Podcasts in Music")
        #expect(feed.mediaType == "podcasts")
        #expect(feed.entries.count == 100)
        #expect(feed.entries[0].price == ChartPrice(label: "Get", amount: 0, currency: "USD"))
        #expect(feed.entries.filter { $0.rights == nil }.count == 11)
        #expect(feed.entries.filter { $0.artistURL == nil }.count == 75)
        #expect(feed.entries[0].category != nil)
    }

    @Test("legacy: one entry as an object, one link as an object, rental price, poster sizes from the URL")
    func legacySingleEntry() throws {
        let feed = try readChart(Fixture.url("charts/itunes-legacy-single-movie.json")).feed
        #expect(feed.mediaType == "movies")
        #expect(feed.storeURL?.contains("viewTop") == true)
        #expect(feed.entries.count == 1)
        let movie = feed.entries[0]
        #expect(movie.rank == 1)
        #expect(movie.artistURL == nil)
        #expect(movie.rentalPrice == ChartPrice(label: "$5.99", amount: 5.99, currency: "USD"))
        #expect(movie.price?.amount == 14.99)
        #expect(movie.releaseDate == "2019-03-01")
        #expect(movie.releaseLabel == "March 1, 2019")
        #expect(movie.category == "Drama")
        #expect(movie.largestImage == ChartImage(url: "https://is1-ssl.mzstatic.com/image/thumb/Video/v4/aa/bb/cc/poster.jpg/113x170bb-85.jpg", width: 113, height: 170))
        #expect(movie.storeURL == "https://itunes.apple.com/us/movie/the-quiet-harbour/id900000001?uo=2")
    }

    @Test("legacy: values may be numbers instead of strings, prices may lack an amount")
    func legacyLooseValues() throws {
        let feed = try readChart(text: """
            {"feed": {"title": {"label": "iTunes Store: Top Paid Apps"}, "id": {"label": "https://itunes.apple.com/fr/rss/toppaidapplications/limit=1/json"},
             "entry": [{"im:name": {"label": "Carnet"}, "id": {"label": "https://apps.apple.com/fr/app/id42", "attributes": {"im:id": 42}},
                        "im:price": {"label": "0,99 €"}, "im:image": [{"label": "https://example.com/a.png", "attributes": {"height": 75}}],
                        "im:contentType": {"attributes": {"term": "Application", "label": "Application"}}}]}}
            """)
        #expect(feed.country == "fr")
        #expect(feed.updatedAt == nil)
        #expect(feed.entries[0].id == "42")
        #expect(feed.entries[0].images == [ChartImage(url: "https://example.com/a.png", width: 75, height: 75)])
        #expect(feed.entries[0].price?.label == "0,99 €")
    }

    @Test("legacy: an entry without a name names its place")
    func legacyMissingName() throws {
        let error = try #require(throws: ShapeError.self) {
            try readChart(text: #"{"feed": {"title": {"label": "Top"}, "entry": [{"im:name": {"label": "A"}, "id": {"label": "x"}}, {"id": {"label": "y"}}]}}"#)
        }
        #expect(error.path == #"$.feed.entry[1]["im:name"]"#)
    }

    @Test("v1 generator: singular kind, ISO updated with milliseconds, artwork size from its URL", .enabled(if: shared))
    func appleV1() throws {
        let feed = try sharedChart("apple_rss_v2/FullAlbumStub.json").feed
        #expect(feed.title == "Top Albums")
        #expect(feed.mediaType == "albums")
        #expect(feed.country == "us")
        #expect(feed.key == "api/v1/us/apple-music/top-albums/all/explicit.json")
        #expect(feed.updatedAt == 1_585_818_309)  // 2020-04-02T02:05:09.000-07:00
        #expect(feed.entries.count == 100)
        #expect(feed.entries[0].images == [ChartImage(url: "https://is2-ssl.mzstatic.com/image/thumb/Music124/v4/dd/25/8c/dd258c8a-f804-785f-1268-ad3cac0db873/20UMGIM04591.rgb.jpg/200x200bb.png", width: 200, height: 200)])
        #expect(feed.entries[0].category == "Hip-Hop/Rap")
        #expect(feed.entries[0].artistURL != nil)
        #expect(feed.entries.filter { $0.advisory == "Explicit" }.count == 81)
        #expect(feed.entries.allSatisfy { $0.price == nil })
    }

    @Test("v1 generator: hand-edited items missing genres or url still read", .enabled(if: shared))
    func appleMissingFields() throws {
        let feed = try sharedChart("apple_rss_v2/MissingAlbumDataStub.json").feed
        #expect(feed.entries.count == 3)
        #expect(feed.entries.contains { $0.category == nil })
        #expect(feed.entries.contains { $0.storeURL == nil })
    }

    @Test("v1 generator: songs with their album, coming-soon albums with future dates", .enabled(if: shared))
    func appleSongsAndComingSoon() throws {
        let songs = try sharedChart("apple_rss_v2/music_songs_us_11-04-17.json").feed
        #expect(songs.mediaType == "songs")
        #expect(songs.entries.count == 200)
        #expect(songs.entries[0].collection == "Without Warning")
        let soon = try sharedChart("apple_rss_v2/AlbumsDataExample.json").feed
        #expect(soon.title == "Coming Soon")
        #expect(soon.entries.count == 40)
        #expect(soon.entries[0].releaseDate == "2020-10-23")
    }

    @Test("v1 generator: iTunes U courses (copied fixture)")
    func appleCourses() throws {
        let feed = try readChart(Fixture.url("charts/apple-v1-itunes-u-courses.json")).feed
        #expect(feed.mediaType == "courses")
        #expect(feed.entries.count == 10)
        #expect(feed.entries[0].name == "Swift Playgrounds: Learn to Code 1&2")
        #expect(feed.entries[0].category == "Computer Science")
        #expect(feed.rights?.contains("Apple") == true)
    }

    @Test("current feeds: plural kind, RFC 2822 updated, 'Explict', empty genres, unsafe artwork dropped")
    func appleCurrent() throws {
        let feed = try readChart(Fixture.url("charts/apple-v2-current-songs.json")).feed
        #expect(feed.mediaType == "songs")
        #expect(feed.country == "gb")
        #expect(feed.updatedAt == 1_651_049_366)  // Wed, 27 Apr 2022 08:49:26 +0000
        #expect(feed.key == "api/v2/gb/music/most-played/songs.json")
        #expect(feed.entries[0].advisory == "Explicit")
        #expect(feed.entries[0].category == nil)
        #expect(feed.entries[0].images.first?.width == 100)
        #expect(feed.entries[2].images.isEmpty)
        #expect(feed.entries[2].storeURL != nil)
    }

    @Test("current feeds: a result without an id names its place")
    func appleMissingID() throws {
        let error = try #require(throws: ShapeError.self) {
            try readChart(text: #"{"feed": {"title": "Top", "results": [{"id": "1", "name": "A"}, {"name": "B"}]}}"#)
        }
        #expect(error.path == "$.feed.results[1].id")
    }

    @Test("dates: RFC 2822 and ISO 8601 with offsets", arguments: [
        ("Wed, 27 Apr 2022 08:49:26 +0000", Int64(1_651_049_366)),
        ("27 Apr 2022 10:49:26 +0200", Int64(1_651_049_366)),
        ("2022-04-27T01:49:26-07:00", Int64(1_651_049_366)),
        ("2022-04-27T01:49:26.000-07:00", Int64(1_651_049_366)),
    ])
    func dates(text: String, expected: Int64) {
        #expect(ChartFields.timestamp(text) == expected)
    }
}

@Suite("Chart readers on hostile values")
struct ChartHostileValueTests {
    @Test("huge, infinite or NaN numbers are dropped, not trapped on")
    func hugeNumbers() throws {
        let feed = try readChart(text: """
            {"feed": {"title": {"label": "Top"}, "entry": {"im:name": {"label": "A"}, "id": {"label": "x", "attributes": {"im:id": "1"}},
             "im:image": [{"label": "https://example.com/a.png", "attributes": {"height": 1e300}}, {"label": "https://example.com/b.png", "attributes": {"height": "nan"}}],
             "im:price": {"label": "$1", "attributes": {"amount": "inf"}}, "im:itemCount": {"label": "99999999999999999999"}}}}
            """)
        #expect(feed.entries[0].images.map(\.height) == [100, 100])
        #expect(feed.entries[0].price?.amount == 1)
        #expect(feed.entries[0].trackCount == nil)
    }
}
