import ArgumentParser
import Foundation
import Tally

/// `tally`: import stored social data into one SQLite store and build a static dashboard from it.
@main
struct TallyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: "Turn posts from Twitter, Mastodon and Bluesky, music and app charts, and Flickr photos into a static dashboard that works straight from disk.",
        discussion: "Start with `tally init DIR`, then `tally import FILE…`, `tally build` and `tally serve`.",
        version: TallyVersion.description,
        subcommands: [Init.self, Import.self, Fetch.self, Build.self, Serve.self, Publish.self, Favorite.self, Unfavorite.self, Viewed.self,
                      Prune.self, Stats.self, Backup.self, Version.self]
    )

    /// Parses as `AsyncParsableCommand.main` does, after catching a misspelt subcommand, which the
    /// parser would only call an "unexpected argument".
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, !first.hasPrefix("-") {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName ?? $0._commandName } + ["help"]
            if !names.contains(first) {
                var message = "unknown command '\(first)'"
                if let near = CommandSuggestion.closest(to: first, among: names) { message += "; did you mean \(near)?" }
                message += "\nCommands: \(names.joined(separator: ", ")). See `tally help`."
                complain(message)
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        }
        do {
            var command = try parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// Options every command that works on a project shares.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: "The project folder (with tally.toml; default: the nearest one here or above).")
    var project: String?

    @Option(name: .long, help: "The SQLite store (default: the project's, tally.sqlite).")
    var store: String?

    /// The project's settings with `--store` (and `output`) applied; outside a project, an error
    /// unless every path the command `needs` was given.
    func load(output: String? = nil, needs: [ProjectConfig.Need]) throws -> ProjectConfig {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try ProjectConfig.resolve(explicit: project, from: here, store: store, output: output, needs: needs)
    }
}

/// Prints an error the way every command does: one line on stderr, then a non-zero exit.
func fail(_ message: String) -> ExitCode {
    complain(message)
    return ExitCode.failure
}

/// Writes `tally: MESSAGE` on stderr, control characters from data escaped.
func complain(_ message: String) {
    FileHandle.standardError.write(Data("tally: \(message.escapingControls(keepingLineBreaks: true))\n".utf8))
}
