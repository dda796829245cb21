import ArgumentParser
import Foundation
import Tally

/// `tally`: import stored social data into one SQLite store and build a static dashboard from it.
@main
struct TallyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tally",
        abstract: DataSources.abstract,
        discussion: "Start with `tally init DIR`, then `tally import FILE…`, `tally build` and `tally serve`.",
        version: TallyVersion.description,
        // The sources' own commands (`favorite`…) come from the registry, between the shared ones.
        subcommands: [Init.self, Import.self, Fetch.self, Build.self, Serve.self, Publish.self] + DataSources.all.flatMap(\.commands)
            + [Prune.self, Stats.self, Backup.self, Version.self]
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
