import Foundation
import GRDB
import Testing
@testable import Tally

// The test-only source itself, NotesSource, is in Tests/TallyTests/Notes/, laid out as every source is.

@Suite("A source plugs in without touching the engine")
struct DataSourceContractTests {
    @Test("a test-only source adds a format, a table, a page and a home card")
    func testSourcePlugsIn() throws {
        let project = TestProject()
        let sources = DataSources.all + [NotesSource()]
        try project.folder.write([
            "notes.json": #"{"notes": [{"id": "b", "text": "second <script>x</script>"}, {"id": "a", "text": "*first*"}]}"#,
            "search.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#x")]),
        ])
        let store = try Store(path: project.config.storeURL.path, sources: sources)
        let importer = Importer(store: store)
        let summary = try importer.importFile(project.folder.url.appendingPathComponent("notes.json"), displayName: "notes.json")
        #expect("\(summary)" == "notes.json [Notes list]: 2 notes added")
        _ = try importer.importFile(project.folder.url.appendingPathComponent("search.json"), displayName: "search.json")
        #expect(try store.tableCounts()["note"] == 2)

        var config = project.config
        config.templates = try NotesSource.theme(in: project)
        var builder = SiteBuilder(project: config, sources: sources)
        builder.builtAt = 1_700_000_000
        let report = try builder.build()
        // Twitter adds the list of all tweets, People, the one author's page and the gallery; and the search page.
        #expect(report.pages == 1 + 1 + 2 + 1 + 1 + 3 + 1 + 1)

        let notes = try project.page("notes/index.html")
        #expect(notes.contains("<li>a: *first*</li>") && notes.contains("second &lt;script&gt;x&lt;/script&gt;"))
        #expect(notes.contains("<a href=\"../notes/index.html\" aria-current=\"true\">Notes</a>"))
        let home = try project.page("index.html")
        #expect(home.contains("<h2>Notes</h2>") && home.contains("<a href=\"notes/index.html\">2 notes</a>"))
        #expect(home.contains("<h2>Posts</h2>"))
        // Every page's header now lists the new section, the Twitter ones included.
        #expect(try project.page("searches/q/index.html").contains("<a href=\"../../notes/index.html\">Notes</a>"))
    }

    @Test("a second page for one path (two names whose slugs met) leaves the first in place, warns, and the build goes on")
    func duplicatePath() throws {
        let project = TestProject()
        let sources = DataSources.all + [NotesSource(twice: true)]
        try project.folder.write(["notes.json": #"{"notes": [{"id": "a", "text": "first"}]}"#])
        let store = try Store(path: project.config.storeURL.path, sources: sources)
        _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("notes.json"), displayName: "notes.json")
        var config = project.config
        config.templates = try NotesSource.theme(in: project)
        var builder = SiteBuilder(project: config, sources: sources)
        builder.builtAt = 1_700_000_000
        let warnings = Warnings()
        builder.warn = { warnings.add($0) }
        try builder.build()
        #expect(warnings.all == ["notes/index.html: two pages share this path; the first was kept, the other left out"])
        let notes = try project.page("notes/index.html")
        #expect(notes.contains("<li>a: first</li>") && !notes.contains("the other"))
    }

    @Test("without the source its file is claimed by nobody, and the message lists every source's formats")
    func unregistered() throws {
        let project = TestProject()
        try project.folder.write(["notes.json": #"{"notes": []}"#])
        #expect { try project.importFiles(["notes.json"]) } throws: { "\($0)".contains("found an object with keys notes") }
        let store = try Store(path: project.folder.url.appendingPathComponent("other.sqlite").path, sources: DataSources.all + [NotesSource()])
        let summary = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("notes.json"), displayName: "x.json")
        #expect(summary.formats == ["Notes list"])
        #expect(FormatDetector(sources: DataSources.all + [NotesSource()]).expected.hasSuffix("; Notes: list {notes: [{id, text}]})"))
    }

    @Test("a store holds only sources that have data: an empty store builds a home page and the (empty) search page")
    func emptyStore() throws {
        let project = TestProject()
        _ = try project.store
        let report = try project.build()
        #expect(report.pages == 2)
        #expect(try project.page("search/index.js").contains("\"documents\":0"))
        let home = try project.page("index.html")
        #expect(home.contains("Nothing imported yet"))
        #expect(!home.contains(">Searches</a>"))
    }

    @Test("a new project with no store yet builds its empty site and is left without a store")
    func noStoreYet() throws {
        let project = TestProject()
        let storePath = project.config.storeURL.path
        #expect(!FileManager.default.fileExists(atPath: storePath))
        let report = try project.build()
        #expect(report.pages == 2)
        #expect(try project.page("index.html").contains("Nothing imported yet"))
        #expect(!FileManager.default.fileExists(atPath: storePath))
        // Nor does it keep counts for the store made for that build alone.
        #expect(!FileManager.default.fileExists(atPath: project.config.cacheURL.appendingPathComponent("twitter").path))
    }

    @Test("the build can write to memory instead of a folder")
    func memoryOutput() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "7", text: "#x")])])
        try project.importFiles(["a.json"])
        var config = project.config
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        var builder = SiteBuilder(project: config)
        builder.builtAt = 1_700_000_000
        let memory = MemoryOutput()
        builder.output = memory
        let report = try builder.build()
        #expect(report.files == memory.files.count && report.pages == 8 + 1 + 1)  // … the gallery and the search page
        #expect(memory.file("tweets/7/index.html").map { String(decoding: $0, as: UTF8.self).contains("#x") } == true)
        #expect(!project.folder.exists("public"))
    }
}
