import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    /// `tally fetch <source>`: downloads data and imports it.
    struct Fetch: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download data from the web and import it.",
            discussion: DataSources.all.compactMap(\.refetchSummary).map { "`tally fetch --again` fetches \($0)." }.joined(separator: " "),
            // Each source's fetches (`tally fetch <name>`), from the registry.
            subcommands: DataSources.all.flatMap(\.fetchCommands)
        )

        @OptionGroup var options: ProjectOptions

        @Flag(help: "Fetch every search fetched before again, adding only what is new.")
        var again = false

        @OptionGroup var network: NetworkFetchOptions

        func run() throws {
            guard again else { throw CleanExit.helpRequest(self) }
            let store: Store
            do { store = try options.openStore() } catch { throw fail("\(error)") }
            for source in DataSources.all { try source.refetch(store, network: network) }
        }
    }
}
