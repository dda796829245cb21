import ArgumentParser
import Foundation
import Tally

/// `tally`: import stored social data into one SQLite store and build a static dashboard from it.
@main
struct TallyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: "Turn stored tweets into a static dashboard that works straight from disk.",
        subcommands: [Init.self, Import.self, Build.self, Favorite.self, Unfavorite.self, Viewed.self]
    )
}

/// Options every command that works on a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: "The project folder (with tally.toml).")
    var project: String = "."

    @Option(name: .long, help: "The SQLite store (default: the project's, tally.sqlite).")
    var store: String?

    func load() throws -> ProjectConfig {
        var config = try ProjectConfig.load(folder: URL(fileURLWithPath: project))
        if let store {
            config.store = URL(fileURLWithPath: store).standardizedFileURL.path
        }
        return config
    }
}

/// Prints an error the way every command does: one line on stderr, then a non-zero exit.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("tally: \(message)\n".utf8))
    return ExitCode.failure
}
