import ArgumentParser
import Tally

extension TallyCommand {
    struct Version: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print tally's version and the store schema it writes.")

        func run() throws {
            print("tally \(TallyVersion.current)")
            print("store schema: \(Store.schemaVersion(for: DataSources.all))")
        }
    }
}
