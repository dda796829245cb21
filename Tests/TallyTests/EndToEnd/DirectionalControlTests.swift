import Foundation
import Testing
@testable import Tally

/// A right-to-left override (U+202E) and an isolate (U+2066) in every name field of every source:
/// person names, bios and locations, tweet text, chart item names and categories, place names,
/// photo titles. One rule drops them wherever such text is shown: pages, titles, meta tags,
/// `data-` attributes, the search index, contact cards.
@Suite("Directional controls from data are dropped everywhere a name is shown")
struct DirectionalControlTests {
    static let override = "\u{202E}"
    static let isolate = "\u{2066}"

    private func build() throws -> TestProject {
        let project = TestProject()
        let mark = Self.override + Self.isolate
        let search: [String: Any] = [
            "statuses": [[
                "id_str": "11", "id": 11, "text": "hello \(mark)world #tag", "created_at": "Fri Dec 20 16:52:25 +0000 2013",
                "user": ["id_str": "u1", "screen_name": "alice", "name": "Al\(mark)ice", "description": "bio \(mark)text",
                         "location": "Lo\(mark)cation"],
                "entities": ["hashtags": [["text": "tag", "indices": [20, 24]]], "user_mentions": [], "urls": []],
            ]],
            "search_metadata": ["query": "tag", "count": 1],
        ]
        let places = #"""
            {"places":{"total":1,"place":[{"place_id":"zur","woe_name":"Zü\#(mark)rich","_content":"Zürich, CH","photo_count":"1"}]},"stat":"ok"}
            """#
        let photos = #"""
            {"photos":{"page":1,"pages":"1","perpage":1,"total":"1","photo":[
              {"id":"1","owner":"1@N0","ownername":"A\#(mark)nn","title":"Sq\#(mark)uare","place_id":"zur","url_q":"https://example.invalid/1_q.jpg"}]},"stat":"ok"}
            """#
        let chart = legacyFeedText(updated: "2024-01-01T00:00:00-07:00", entries: [
            ("1", "Al\(mark)pha", "A \(mark)Labs", "Free", "0.00000", nil, "https://apps.apple.com/us/app/id1"),
        ]).replacingOccurrences(of: "Games", with: "Ga\(mark)mes")
        try project.folder.write([
            "search.json": String(decoding: try JSONSerialization.data(withJSONObject: search), as: UTF8.self),
            "places.json": places, "photos.json": photos, "chart.json": chart,
            "tally.toml": "base_url = \"https://example.org/\"\n",
        ])
        try project.importFiles(["search.json", "places.json", "photos.json", "chart.json"])
        var config = try ProjectConfig.load(folder: project.folder.url)
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: config)
        builder.builtAt = 1_700_000_000
        try builder.build()
        return project
    }

    @Test("no page, title, meta tag, attribute, search record or contact card keeps an override or isolate")
    func dropped() throws {
        let project = try build()
        // The JSON and CSV beside a page are its data, as stored; everything shown is checked.
        let shown = project.outputFiles().filter { path in ["html", "js", "vcf", "svg", "xml", "txt"].contains { path.hasSuffix("." + $0) } }
        #expect(shown.contains { $0.hasSuffix(".vcf") } && shown.contains { $0.hasPrefix("search/") })
        for path in shown {
            let text = try project.page(path)
            #expect(!text.unicodeScalars.contains(where: String.isDirectionalControl), "\(path) keeps a directional control")
        }
        let card = try project.page(Routes.contactCard("alice"))
        #expect(card.contains("FN:Alice\r\n") && card.contains("NOTE:bio text\r\n"))
        let item = try project.page(Routes.chartItem("1"))
        #expect(item.contains("<meta name=\"twitter:title\" content=\"Alpha by A Labs\">"), "\(item)")
        #expect(item.contains("· Games"))
        #expect(try project.page(Routes.photo("1")).contains("data-place=\"Zürich\""))
        let search = try shown.filter { $0.hasPrefix("search/") }.map { try project.page($0) }.joined()
        #expect(search.contains("Alice") && search.contains("hello world"))
    }

    @Test("the rule drops embeddings, overrides and isolates, and keeps the marks right-to-left names need")
    func rule() {
        let controls = (0x202A...0x202E).map { String(UnicodeScalar($0)!) } + (0x2066...0x2069).map { String(UnicodeScalar($0)!) }
        #expect(("a" + controls.joined() + "b").removingDirectionalControls == "ab")
        #expect("\u{200F}שלום\u{200E}".removingDirectionalControls == "\u{200F}שלום\u{200E}")
        #expect(MarkdownEscaping.escape("x\u{202E}y") == "xy")
    }
}
