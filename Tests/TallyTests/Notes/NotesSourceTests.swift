import ArgumentParser
import Foundation
import Testing
@testable import Tally

/// `tally` as the registry with the test-only source would make it: the shared commands aside,
/// every command a source declares.
private struct NotesRoot: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tally", subcommands: NotesSourceTests.sources.flatMap(\.commands))
}

/// The test-only source's own setting and command reach it through the registry alone.
@Suite("A test-only source plugs in with one folder and one registry line, its setting and command included")
struct NotesSourceTests {
    /// The registry with the test-only source: its one line.
    static let sources = DataSources.all + [NotesSource()]

    @Test("its `tally.toml` key is read for it and reaches its page; without it the key is unknown")
    func setting() throws {
        let project = TestProject()
        try project.folder.write(["tally.toml": "notes_heading = \"Things to remember\"\n",
                                  "notes.json": #"{"notes": [{"id": "a", "text": "first"}]}"#])
        #expect { try ProjectConfig.load(folder: project.folder.url) } throws: { "\($0)".contains("notes_heading: unknown setting") }
        var config = try ProjectConfig.load(folder: project.folder.url, sources: Self.sources)
        #expect(config.settings[NotesSection.headingKey] == .text("Things to remember"))
        let store = try Store(path: config.storeURL.path, sources: Self.sources)
        _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("notes.json"), displayName: "notes.json")
        config.templates = try NotesSource.theme(in: project)
        var builder = SiteBuilder(project: config, sources: Self.sources)
        builder.builtAt = 1_700_000_000
        try builder.build()
        let page = try project.page("notes/index.html")
        #expect(page.contains("<h1>Things to remember</h1>") && page.contains("<li>a: first</li>"))
    }

    @Test("its command is among tally's commands, beside the sources' own, and runs on the project's store")
    func command() throws {
        let names = NotesRoot.configuration.subcommands.map { $0.configuration.commandName ?? $0._commandName }
        #expect(names == ["favorite", "unfavorite", "viewed", "note"])
        let project = TestProject()
        let path = project.folder.url.appendingPathComponent("notes.sqlite").path
        var command = try NotesRoot.parseAsRoot(["note", "--store", path, "b", "from the command line"])
        #expect(command is NoteCommand)
        try command.run()
        #expect(try Store(path: path, sources: Self.sources).notes().map(\.text) == ["from the command line"])
        // A misspelt argument is the parser's error, as for every command.
        #expect(throws: (any Error).self) { try NotesRoot.parseAsRoot(["note", "--store", path]) }
    }
}
