import Foundation
import GRDB
import Testing
@testable import Tally

/// A chart of `ids` in rank order, fetched at `time`.
func syntheticChart(_ ids: [String], at time: Int64?, key: String = "us/rss/topsongs/json", title: String = "Top Songs") -> ChartFeed {
    ChartFeed(key: key, feedURL: "https://itunes.apple.com/\(key)", title: title, mediaType: "songs", country: "us",
              updatedAt: time, updatedText: time.map { "t\($0)" },
              entries: ids.enumerated().map { index, id in
                  ChartEntry(id: id, rank: index + 1, name: "Song \(id)", artist: "Artist \(id)",
                             price: ChartPrice(label: "$1.29", amount: 1.29, currency: "USD"),
                             storeURL: "https://music.apple.com/us/song/\(id)",
                             images: [ChartImage(url: "https://example.com/\(id)/170x170bb.png", width: 170, height: 170)])
              })
}

extension Store {
    func chartCounts() throws -> [String: Int] {
        try queue.read { db in
            var counts: [String: Int] = [:]
            for table in ChartSchema.tables { counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") }
            return counts
        }
    }
}

@Suite("Chart store: fetches, current ranking and history")
struct ChartStoreTests {
    let project = TestProject()

    @Test("importing the same fetch again changes nothing")
    func sameFetchTwice() throws {
        let store = try project.store
        let feed = syntheticChart(["a", "b", "c"], at: 1000)
        let first = try store.importCharts([feed])
        #expect(first.fetches.first?.outcome == .current)
        #expect(first.fetches.first?.newItems == 3)
        let counts = try store.chartCounts()
        let again = try store.importCharts([feed])
        #expect(again.fetches.first?.outcome == .alreadyStored)
        #expect(again.description.contains("already stored, nothing changed"))
        #expect(try store.chartCounts() == counts)
        #expect(counts == ["chart": 1, "chart_fetch": 1, "chart_item": 3, "chart_rank": 3])
    }

    @Test("a newer fetch replaces the current ranking and keeps the history; movement since the previous fetch")
    func newerFetch() throws {
        let store = try project.store
        try store.importCharts([syntheticChart(["a", "b", "c", "d"], at: 1000)])
        let report = try store.importCharts([syntheticChart(["c", "a", "e", "b"], at: 2000)])
        #expect(report.fetches.first?.outcome == .current)
        #expect(report.fetches.first?.newItems == 1)
        let chart = try #require(try store.charts().first)
        #expect(chart.updatedAt == 2000)
        #expect(chart.fetchCount == 2)
        #expect(chart.top.map(\.item.id) == ["c", "a", "e"])
        let ranking = try store.chartRanking(chart.id)
        #expect(ranking.map(\.item.id) == ["c", "a", "e", "b"])
        #expect(ranking.map(\.movement) == [2, -1, nil, -2])
        #expect(ranking.map(\.isNew) == [false, false, true, false])
        // d left the chart but keeps its page and its history.
        #expect(try store.chartItem("d") != nil)
        #expect(try store.chartPlacements(of: "d").isEmpty)
        let history = try store.chartHistory(of: "d")
        #expect(history.first?.points == [.init(updatedAt: 1000, rank: 4), .init(updatedAt: 2000, rank: nil)])
        #expect(try store.chartHistory(of: "a").first?.points.map(\.rank) == [1, 2])
    }

    @Test("an older fetch imported later joins the history without replacing the current ranking")
    func olderFetchLater() throws {
        let store = try project.store
        try store.importCharts([syntheticChart(["c", "a", "b"], at: 2000)])
        let report = try store.importCharts([syntheticChart(["a", "b", "c"], at: 1000)])
        #expect(report.fetches.first?.outcome == .history)
        let chart = try #require(try store.charts().first)
        #expect(chart.updatedAt == 2000)
        #expect(try store.chartRanking(chart.id).map(\.movement) == [2, -1, -1])
        #expect(try store.chartHistory(of: "c").first?.points.map(\.rank) == [3, 1])
    }

    @Test("an item's details follow the newest fetch that lists it")
    func detailsFollowNewest() throws {
        let store = try project.store
        var newer = syntheticChart(["a"], at: 2000)
        newer.entries[0].price = ChartPrice(label: "$0.99", amount: 0.99, currency: "USD")
        try store.importCharts([newer])
        try store.importCharts([syntheticChart(["a"], at: 1000)])
        #expect(try store.chartItem("a")?.price?.label == "$0.99")
    }

    @Test("one item in two charts has its rank in each")
    func twoCharts() throws {
        let store = try project.store
        try store.importCharts([syntheticChart(["a", "b"], at: 1000),
                                syntheticChart(["x", "y", "a"], at: 1000, key: "us/rss/topfree/json", title: "Top Free")])
        let placements = try store.chartPlacements(of: "a")
        #expect(placements.map(\.rank) == [1, 3])
        #expect(Set(placements.map(\.title)) == ["Top Songs", "Top Free"])
        #expect(try store.chartTotals() == ChartTotals(charts: 2, items: 4, fetches: 2, newest: 1000))
    }

    @Test("real fetches of one chart at two dates: the later file is current, the shorter earlier one history", .enabled(if: FileManager.default.fileExists(atPath: Fixture.shared.appendingPathComponent("itunes_rss_legacy").path)))
    func realFetches() throws {
        let store = try project.store
        let newer = try readChart(Fixture.shared.appendingPathComponent("itunes_rss_legacy/testData.json")).feed
        let older = try readChart(Fixture.shared.appendingPathComponent("itunes_rss_legacy/topalbums.json")).feed
        try store.importCharts([newer])
        try store.importCharts([older])
        let chart = try #require(try store.charts().first)
        #expect(try store.charts().count == 1)
        #expect(chart.itemCount == 20)
        #expect(chart.fetchCount == 2)
        #expect(try store.chartTotals().items == 21)
    }

    @Test("a failing feed in a transaction leaves the chart tables as they were")
    func rollback() throws {
        let store = try project.store
        try store.importCharts([syntheticChart(["a"], at: 1000)])
        let counts = try store.chartCounts()
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try store.queue.write { db in
                let sink = ChartSink(db: db)
                try sink.add(syntheticChart(["b", "c"], at: 2000))
                throw Boom()
            }
        }
        #expect(try store.chartCounts() == counts)
    }

    @Test("importing a broken chart file names the file and the place, and leaves the store as it was")
    func brokenFile() throws {
        try project.folder.write([
            "good.json": legacyFeedText(updated: "2024-01-01T00:00:00-07:00", entries: [
                ("1", "Alpha", "A Labs", "Free", "0.00000", nil, "https://apps.apple.com/us/app/id1")]),
            "broken.json": #"{"feed": {"title": "Top", "results": [{"id": "7", "name": "Ok"}, {"id": "8"}]}}"#,
        ])
        try project.importFiles(["good.json"])
        let counts = try project.store.tableCounts()
        let error = try #require(throws: ImportError.self) { try project.importFiles(["broken.json"]) }
        #expect(error.description == "broken.json: line 1, $.feed.results[1].name: expected the item's name as a string")
        #expect(try project.store.tableCounts() == counts)
        let summary = try project.importFiles(["good.json"])
        #expect(summary.first?.description.contains("already stored, nothing changed") == true)
        #expect(try project.store.tableCounts() == counts)
    }
}
