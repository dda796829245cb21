import Foundation
import Testing
@testable import Tally

/// A legacy iTunes RSS feed as text: `entries` are (id, name, artist, price label, amount, image URL, store URL).
func legacyFeedText(updated: String, entries: [(String, String, String, String, String, String?, String)]) -> String {
    let list: [[String: Any]] = entries.map { id, name, artist, label, amount, image, url in
        var entry: [String: Any] = [
            "im:name": ["label": name], "im:artist": ["label": artist, "attributes": ["href": "https://example.com/artist/\(id)"]],
            "im:price": ["label": label, "attributes": ["amount": amount, "currency": "USD"]],
            "im:contentType": ["attributes": ["term": "Application", "label": "Application"]],
            "id": ["label": url, "attributes": ["im:id": id]],
            "link": ["attributes": ["rel": "alternate", "type": "text/html", "href": url]],
            "category": ["attributes": ["label": "Games", "term": "Games"]],
            "im:releaseDate": ["label": "2020-01-02T00:00:00-07:00", "attributes": ["label": "January 2, 2020"]],
        ]
        if let image { entry["im:image"] = [["label": image, "attributes": ["height": "170"]]] }
        return entry
    }
    let feed: [String: Any] = ["feed": [
        "title": ["label": "iTunes Store: Top Free Apps"], "id": ["label": "https://itunes.apple.com/us/rss/topfreeapplications/limit=3/json"],
        "updated": ["label": updated], "entry": list,
    ]]
    return String(decoding: try! JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys]), as: UTF8.self)
}

@Suite("Chart pages, end to end")
struct ChartPagesTests {
    let project = TestProject()

    private func build(baseURL: String? = nil) throws {
        try project.folder.write([
            "week1.json": legacyFeedText(updated: "2024-01-01T00:00:00-07:00", entries: [
                ("1", "Alpha", "A Labs", "Free", "0.00000", "https://is1-ssl.mzstatic.com/a/100x150bb.png", "https://apps.apple.com/us/app/id1"),
                ("2", "Beta", "B Labs", "$0.99", "0.99000", nil, "https://apps.apple.com/us/app/id2"),
                ("3", "Gamma", "C Labs", "$4.99", "4.99000", nil, "https://apps.apple.com/us/app/id3"),
            ]),
            "week2.json": legacyFeedText(updated: "2024-01-08T00:00:00-07:00", entries: [
                ("3", "Gamma", "C Labs", "$4.99", "4.99000", nil, "https://apps.apple.com/us/app/id3"),
                ("1", "Alpha", "A Labs", "Free", "0.00000", "https://is1-ssl.mzstatic.com/a/100x150bb.png", "https://apps.apple.com/us/app/id1"),
                ("4", "<script>alert(1)</script> *Delta* [x](javascript:alert(1))", "D | Labs", "$1.99", "1.99000",
                 "javascript:alert(1)", "javascript:alert(1)"),
            ]),
        ])
        if let baseURL { try project.folder.write(["tally.toml": "base_url = \"\(baseURL)\"\n"]) }
        try project.importFiles(["week1.json", "week2.json"])
        var config = try ProjectConfig.load(folder: project.folder.url)
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: config)
        builder.builtAt = 1_700_000_000
        try builder.build()
    }

    private var chartPath: String { Routes.chart(key: "us/rss/topfreeapplications/json") }

    @Test("the Charts page has a card per chart with its top three, and the home page the charts' card")
    func cards() throws {
        try build()
        let index = try project.page(Routes.charts)
        #expect(index.contains("Top Free Apps"))
        #expect(index.contains("Apps · US · 2024-01-08 07:00 UTC · 3 items · 2 fetches"))
        // A grid of cards (charts.css): a list whose items each hold a chart's heading, facts and top three.
        #expect(index.contains("<ul>\n<li>\n<h2><a href=\"../charts/us-rss-topfreeapplications-json"), "\(index)")
        #expect(index.contains("<ol>"))
        #expect(index.contains("<link rel=\"stylesheet\" href=\"../assets/charts.css\">"))
        let home = try project.page(Routes.home)
        #expect(home.contains("<h2>Charts</h2>"))
        #expect(home.contains("href=\"charts/index.html\""))
    }

    @Test("a chart page: rank, sized lazy thumbnails, price sort keys, movement since the previous fetch")
    func chartPage() throws {
        try build()
        let page = try project.page(chartPath)
        #expect(page.contains("<img loading=\"lazy\" decoding=\"async\" width=\"100\" height=\"150\" src=\"https://is1-ssl.mzstatic.com/a/100x150bb.png\""))
        #expect(page.contains("<img loading=\"lazy\" decoding=\"async\" width=\"100\" height=\"100\" src=\"../../charts/items/3/cover.svg\""))
        #expect(page.contains("<td class=\"align-right\" data-sort=\"0.00\">Free</td>"))
        #expect(page.contains("<td class=\"align-right\" data-sort=\"4.99\">$4.99</td>"))
        #expect(page.contains("<td>▲ 2</td>"))
        #expect(page.contains("<td>▼ 1</td>"))
        #expect(page.contains("<td>new</td>"))
        #expect(page.contains("href=\"#view=grid\""))
        #expect(page.contains("<th>Move</th>"))
        #expect(page.contains("<title>Top Free Apps · US · "))
        // Hostile data is text.
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("href=\"javascript:") && !page.contains("src=\"javascript:"))
        #expect(page.contains("&lt;script&gt;"))
    }

    @Test("a chart fetched once has no Move column")
    func fetchedOnce() throws {
        try project.folder.write(["week1.json": legacyFeedText(updated: "2024-01-01T00:00:00-07:00", entries: [
            ("1", "Alpha", "A Labs", "Free", "0.00000", nil, "https://apps.apple.com/us/app/id1"),
        ])])
        try project.importFiles(["week1.json"])
        var config = try ProjectConfig.load(folder: project.folder.url)
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        try SiteBuilder(project: config).build()
        let page = try project.page(chartPath)
        #expect(page.contains("<th>Artwork</th>") && !page.contains("Move"), "\(page)")
    }

    @Test("an item's type is one of it: the feed's kind, else the media type made singular",
          arguments: [("podcasts", "Podcast", "Podcast"), ("books", "books", "Book"), ("songs", nil, "Song"), ("tv shows", nil, "TV show"),
                      ("apps", "", "App"), ("classics", "Class", "Class")])
    func itemType(mediaType: String, kind: String?, shown: String) {
        #expect(ChartText.itemType(mediaType: mediaType, kind: kind) == shown)
    }

    @Test("a release date in the site's form when the feed gives one, else its label")
    func released() {
        #expect(ChartText.released(date: "2023-05-11T00:00:00-07:00", label: "May 11, 2023") == "2023-05-11")
        #expect(ChartText.released(date: "2018-08-24", label: nil) == "2018-08-24")
        #expect(ChartText.released(date: "May 2023", label: "May 2023") == "May 2023")
        #expect(ChartText.released(date: nil, label: "Soon") == "Soon")
        #expect(ChartText.released(date: nil, label: nil) == nil)
    }

    @Test("an item page: artwork at its size, store button with the price, ranks, history plot and table, share links")
    func itemPage() throws {
        try build()
        let page = try project.page(Routes.chartItem("1"))
        #expect(page.contains("width=\"100\" height=\"150\" src=\"https://is1-ssl.mzstatic.com/a/100x150bb.png\" alt=\"Artwork for Alpha\""))
        #expect(page.contains("<a href=\"https://apps.apple.com/us/app/id1\" title=\"Opens the store\">Get · Free</a>"))
        #expect(page.contains("<a href=\"https://example.com/artist/1\">A Labs</a>"))
        // One date format, the site's, and one type, not "Applications (Application)".
        #expect(page.contains("Released: 2020-01-02") && !page.contains("January 2, 2020"))
        #expect(page.contains("Type: Application<"))
        #expect(page.contains("<h3>Top Free Apps · US</h3>") && page.contains("<title>Alpha"))
        #expect(page.contains("<td class=\"align-right\">2</td>"))
        let plot = try project.page(Routes.chartItemHistory("1", chartKey: "us/rss/topfreeapplications/json"))
        #expect(plot.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(page.contains("width=\"600\" height=\"200\" src=\"../../../charts/items/1/rank-"))
        #expect(page.contains("<td>2024-01-01 07:00</td>"))
        #expect(page.contains("<code>https://apps.apple.com/us/app/id1</code>"))
        #expect(page.contains("https://www.reddit.com/submit?url=https%3A%2F%2Fapps.apple.com%2Fus%2Fapp%2Fid1&amp;title=Alpha%20by%20A%20Labs"))
        #expect(page.contains("href=\"mailto:?subject=Alpha%20by%20A%20Labs&amp;body=https%3A%2F%2Fapps.apple.com%2Fus%2Fapp%2Fid1\""))
        #expect(page.contains("<meta property=\"og:image\" content=\"https://is1-ssl.mzstatic.com/a/400x600bb.png\">"))  // the largest Apple serves, same shape
        #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        #expect(!page.contains("og:url"))
        let paid = try project.page(Routes.chartItem("3"))
        #expect(paid.contains(">Buy · $4.99</a>"))
        // No artwork in the feed: a cover made from the title, beside the page.
        #expect(paid.contains("src=\"../../../charts/items/3/cover.svg\""))
        #expect(try project.page("charts/items/3/cover.svg").hasPrefix("<svg"))
        #expect(paid.contains("<meta name=\"twitter:card\" content=\"summary\">"))
    }

    @Test("with a base URL, item pages carry their canonical URL in Open Graph; an item without a safe store URL shares that")
    func baseURL() throws {
        try build(baseURL: "https://example.org/dash/")
        let page = try project.page(Routes.chartItem("1"))
        #expect(page.contains("<meta property=\"og:url\" content=\"https://example.org/dash/charts/items/1/\">"))
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/dash/charts/items/1/\">"))
        let hostile = try project.page(Routes.chartItem("4"))
        #expect(!hostile.contains("href=\"javascript:") && !hostile.contains("src=\"javascript:"))
        #expect(!hostile.contains("Opens the store"))
        #expect(hostile.contains("<code>https://example.org/dash/charts/items/4/</code>"))
    }

    @Test("the sample content has six or more charts over six or more media types with 50+ items each")
    func sampleContent() throws {
        let data = Fixture.repository.appendingPathComponent("content/data")
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasPrefix("chart-") }
        #expect(!files.isEmpty)
        let store = try project.store
        let importer = Importer(store: store)
        for file in files.sorted() { _ = try importer.importFile(data.appendingPathComponent(file)) }
        let charts = try store.charts()
        #expect(charts.count >= 6)
        #expect(Set(charts.map(\.mediaType)).count >= 6)
        #expect(charts.allSatisfy { $0.itemCount >= 50 && $0.title.contains("sample data") })
    }

    @Test("image sizes and sort keys come only from template syntax, and only as numbers")
    func rendererMarkers() {
        let html = MarkdownRenderer.html("""
            ![](https://e.com/a.png#size=12x34) ![](https://e.com/b.png#size=1x2"onerror=x)

            | a |
            | - |
            | x `sort:1.5` |
            | y `sort:1"x` |
            | \(MarkdownEscaping.escape("z `sort:9`")) |
            """)
        #expect(html.contains("<img loading=\"lazy\" decoding=\"async\" width=\"12\" height=\"34\" src=\"https://e.com/a.png\""))
        #expect(!html.contains("width=\"1\"") && html.contains("%22onerror=x\""))
        #expect(html.contains("<td data-sort=\"1.5\">x</td>"))
        #expect(!html.contains("data-sort=\"1\\\"x"))
        #expect(!html.contains("data-sort=\"9\""))
    }
}
