import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    /// `tally fetch <source>`: downloads data and imports it.
    struct Fetch: ParsableCommand {
        /// What every source fetches again, in registry order.
        private static var words: [RefetchWords] { DataSources.all.compactMap(\.refetchWords) }

        static let configuration = CommandConfiguration(
            abstract: "Download data from the web and import it.",
            discussion: "`tally fetch --again` fetches \(words.map(\.summary).joined(separator: " and ")) fetched before, each from where it stopped.",
            // Each source's fetches (`tally fetch <name>`), from the registry.
            subcommands: DataSources.all.flatMap(\.fetchCommands)
        )

        @OptionGroup var options: ProjectOptions

        @Flag(help: ArgumentHelp("Fetch every \(Fetch.words.map(\.item).joined(separator: " and ")) fetched before again, adding only what is new."))
        var again = false

        @OptionGroup var network: NetworkFetchOptions

        func run() throws {
            guard again else { throw CleanExit.helpRequest(self) }
            let store: Store
            do { store = try options.openStore() } catch { throw fail("\(error)") }
            var failures = 0
            var count = 0
            let report = { (summary: ImportSummary) in
                NetworkFetchOptions.clearProgress()
                print(summary)
            }
            do {
                for source in DataSources.all {
                    count += try source.refetch(store, network: network, report: report, failed: { error in
                        NetworkFetchOptions.clearProgress()
                        failures += 1
                        complain("\(error)")
                    })
                }
            } catch {
                NetworkFetchOptions.clearProgress()
                throw fail("\(error)")
            }
            NetworkFetchOptions.clearProgress()
            let words = Self.words
            if count == 0 { print("nothing was fetched before; fetch \(words.map(\.hint).joined(separator: ", or "))") }
            if failures > 0 {
                throw fail("\(failures) of \(count) \(words.map(\.items).joined(separator: " and ")) could not be fetched again (the pages fetched before each error are imported); see above")
            }
        }
    }
}
