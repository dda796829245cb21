import Testing
@testable import Tally

/// Models that walk themselves give the walk their `Encodable` conformance gives.
@Suite("Shape walker")
struct ShapeWalkerTests {
    /// Every part of the two walks, compared, each made into a page's fragment table of its own:
    /// the fragments and shared parts they placed there too.
    static func expectSame(_ model: some ShapeWalkable, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ownTable = HTMLFragment.Table(), encodedTable = HTMLFragment.Table()
        let walked = try HTMLFragment.$table.withValue(ownTable) { try ShapeWalker.walk(model) }
        let encoded = try #require(try HTMLFragment.$table.withValue(encodedTable) { try TemplateSkeletons.Walk(encoding: model) },
                                   sourceLocation: sourceLocation)
        #expect(walked.hasher == encoded.hasher, sourceLocation: sourceLocation)
        #expect(walked.values == encoded.values, sourceLocation: sourceLocation)
        #expect(walked.runs == encoded.runs, sourceLocation: sourceLocation)
        #expect(walked.decisions == encoded.decisions, sourceLocation: sourceLocation)
        #expect(walked.fragmentsPastCheck == encoded.fragmentsPastCheck, sourceLocation: sourceLocation)
        #expect(walked.longLists == encoded.longLists, sourceLocation: sourceLocation)
        #expect(ownTable.count == encodedTable.count && ownTable.placesParts == encodedTable.placesParts, sourceLocation: sourceLocation)
    }

    private struct Model: Encodable, Sendable {}

    @Test("a page's layout walks itself as it encodes: home, plain, scripted, with a feed, the 404 page's own start")
    func layout() throws {
        let navigation = [SiteInfo.home] + (1...9).map { NavigationEntry(id: "s\($0)", title: "Section \($0)", path: "s\($0)/index.html") }
        let fetched = SiteInfo(title: "Site & <title>", baseURL: "https://example.org/dash/", builtAt: 1_700_000_000,
                               fetchedAsOf: 1_600_000_000, navigation: navigation)
        let plain = SiteInfo(title: "T", baseURL: nil, builtAt: 0)
        var home = SitePage(path: Routes.home, template: "home", title: "Home", section: "home", model: Model(),
                            meta: [.property("og:type", "website"), .name("description", "A <dashboard>")])
        home.scripts = ["assets/a.js", "assets/b.js"]
        var scripted = SitePage(path: "s3/x/index.html", template: "t", title: "A page", section: "s3", model: Model(),
                                script: PageScript(asset: "table.js", data: [(name: "rows", value: "12")], stylesheet: "table.css"))
        scripted.feed = (path: "s3/x/feed.xml", title: "Feed of x")
        var missing = SitePage(path: Routes.notFound, template: "404", title: "Not found", section: "", model: Model())
        missing.linkRoot = "/dash/"
        for site in [fetched, plain] {
            for page in [home, scripted, missing] {
                try Self.expectSame(LayoutContext(page: page, body: "<p>Body of \(page.path)</p>", site: site))
            }
        }
        // Ten sections, none current, are a run of the navigation's items; with one current, none.
        let elsewhere = SitePage(path: "x/index.html", template: "t", title: "X", section: "x", model: Model())
        try Self.expectSame(LayoutContext(page: elsewhere, body: "", site: fetched))
        #expect(try ShapeWalker.walk(LayoutContext(page: elsewhere, body: "", site: fetched)).decisions.first == true)
        #expect(try ShapeWalker.walk(LayoutContext(page: scripted, body: "", site: fetched)).decisions.first == false)
    }
}
