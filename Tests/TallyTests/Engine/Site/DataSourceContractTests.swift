import Foundation
import GRDB
import Testing
@testable import Tally

/// A source that exists only in the tests: one format (`{"notes": [{id, text}]}`), one table, one
/// section with one page, and a home card. It plugs in without a line of the engine changing.
struct NotesSource: DataSource {
    /// Hands the list page over a second time, with other notes, as two names whose slugs met would.
    var twice = false
    var id: String { "notes" }
    var title: String { "Notes" }
    var formats: [any DocumentFormat] { [NotesFormat()] }

    func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("notes-1-note") { db in
            try db.execute(sql: "CREATE TABLE note (id TEXT PRIMARY KEY NOT NULL, text TEXT NOT NULL)")
        }
    }

    func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink { NotesSink(db: db) }

    func sections(_ context: SiteContext) throws -> [any SiteSection] { [NotesSection(notes: try Self.notes(context.store), twice: twice)] }

    func homeCard(_ context: SiteContext) throws -> HomeCard? {
        let notes = try Self.notes(context.store)
        guard !notes.isEmpty else { return nil }
        return HomeCard(title: title, newest: nil, template: "notes/card",
                        model: NotesCard(count: notes.count, href: Routes.relative(from: Routes.home, to: NotesSection.path)))
    }

    static func notes(_ store: Store) throws -> [Note] {
        try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, text FROM note ORDER BY id").map { Note(id: $0["id"], text: $0["text"]) }
        }
    }
}

struct Note: Encodable, Sendable {
    var id: String
    var text: String
}

struct NotesBatch: ImportBatch {
    var notes: [Note]
    var itemCount: Int { notes.count }
}

struct NotesFormat: DocumentFormat {
    var name: String { "Notes list" }
    var shape: String { "{notes: [{id, text}]}" }

    func claims(_ root: JSONValue) -> Bool { root.kind == .object && root["notes"]?.kind == .array }

    func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        var notes: [Note] = []
        for (index, item) in root["notes"]!.array!.enumerated() {
            guard let id = item["id"]?.string, let text = item["text"]?.string else {
                throw ShapeError(path: "\(path).notes[\(index)]", reason: "expected an object with string `id` and `text`")
            }
            notes.append(Note(id: id, text: text))
        }
        return NotesBatch(notes: notes)
    }
}

struct NotesReport: ImportReport {
    var added = 0
    var description: String { "\(added) notes added" }
}

final class NotesSink: ImportSink {
    let db: Database
    var report = NotesReport()

    init(db: Database) { self.db = db }

    func add(_ batch: any ImportBatch, format: any DocumentFormat) throws {
        for note in (batch as! NotesBatch).notes {
            try db.execute(sql: "INSERT OR IGNORE INTO note (id, text) VALUES (?, ?)", arguments: [note.id, note.text])
            report.added += db.changesCount
        }
    }

    func finish() throws -> any ImportReport { report }
}

struct NotesCard: Encodable, Sendable {
    var count: Int
    var href: String
}

struct NotesPage: Encodable, Sendable {
    var notes: [Note]
}

struct NotesSection: SiteSection {
    static let path = "notes/index.html"
    let notes: [Note]
    var twice = false

    var navigation: NavigationEntry? { NavigationEntry(id: "notes", title: "Notes", path: Self.path) }

    func plan(into sink: PageSink) throws {
        try sink.page(SitePage(path: Self.path, template: "notes/list", title: "Notes", section: "notes", model: NotesPage(notes: notes)))
        if twice {
            try sink.page(SitePage(path: Self.path, template: "notes/list", title: "Notes", section: "notes",
                                   model: NotesPage(notes: [Note(id: "z", text: "the other")])))
        }
    }
}

@Suite("A source plugs in without touching the engine")
struct DataSourceContractTests {
    /// The repository's theme plus the test source's two templates.
    private func theme(in project: TestProject) throws -> String {
        let folder = project.folder.url.appendingPathComponent("theme")
        for (path, bytes) in try Theme.readFiles(in: Fixture.repository.appendingPathComponent("templates")) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try project.folder.write([
            "theme/notes/list.md": "# Notes\n\n{{#notes}}\n- {{id}}: {{text}}\n{{/notes}}\n",
            "theme/notes/card.md": "## Notes\n\n[{{count}} notes]({{{href}}})\n",
        ])
        return folder.path
    }

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
        config.templates = try theme(in: project)
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
        config.templates = try theme(in: project)
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
