import ArgumentParser
@testable import Tally

/// `tally note ID TEXT`: adds a note to the project's store.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Add a note to the store.")

    @OptionGroup var options: ProjectOptions

    @Argument(help: "The note's id.")
    var id: String

    @Argument(help: "What it says.")
    var text: String

    func run() throws {
        let config = try options.load(needs: [.store])
        try Store(path: config.storeURL.path, sources: DataSources.all + [NotesSource()]).addNote(Note(id: id, text: text))
    }
}
