import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a project folder with tally.toml, content/ and the default theme.")

        @Argument(help: "The folder to create.")
        var folder: String

        @Option(help: "The dashboard's title (default: the folder's name).")
        var title: String?

        func run() throws {
            do {
                let url = URL(fileURLWithPath: folder)
                let files = try ProjectScaffold.create(at: url, title: title)
                print("Created \(folder) with \(files.count) files.")
                print(ProjectScaffold.nextSteps(folder: folder))
            } catch let error as ScaffoldError {
                throw fail(error.description)
            }
        }
    }
}
