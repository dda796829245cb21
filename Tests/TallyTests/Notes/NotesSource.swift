import ArgumentParser
import GRDB
@testable import Tally

/// A source that exists only in the tests, laid out as every source is: one format
/// (`{"notes": [{id, text}]}`) in `Formats/`, one table in `Store/`, one section with one page in
/// `Site/`, a home card, a `tally.toml` setting (`notes_heading`) and a command (`tally note ID
/// TEXT`) in `Commands/`. It plugs in with this folder and one registry line
/// (`DataSources.all + [NotesSource()]`), without a line of the engine changing.
struct NotesSource: DataSource {
    /// Hands the list page over a second time, with other notes, as two names whose slugs met would.
    var twice = false
    var id: String { "notes" }
    var title: String { "Notes" }
    var formats: [any DocumentFormat] { [NotesFormat()] }
    var settings: [SourceSetting] { [SourceSetting(NotesSection.headingKey)] }
    var commands: [any ParsableCommand.Type] { [NoteCommand.self] }

    func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("notes-1-note") { db in
            try db.execute(sql: "CREATE TABLE note (id TEXT PRIMARY KEY NOT NULL, text TEXT NOT NULL)")
        }
    }

    func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink { NotesSink(db: db) }

    func sections(_ context: SiteContext) throws -> [any SiteSection] {
        [NotesSection(notes: try context.store.notes(), heading: context.settings[NotesSection.headingKey]?.list.first ?? "Notes", twice: twice)]
    }

    func homeCard(_ context: SiteContext) throws -> HomeCard? {
        let notes = try context.store.notes()
        guard !notes.isEmpty else { return nil }
        return HomeCard(title: title, newest: nil, template: "notes/card",
                        model: NotesCard(count: notes.count, href: Routes.relative(from: Routes.home, to: NotesSection.path)))
    }
}
