import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import tweet files (v1.1 search or timeline, v2 pages or JSON Lines, archive tweets.js) into the store.",
            discussion: "Each file imports whole or not at all. The format is read from the content, not the name."
        )

        @OptionGroup var options: ProjectOptions

        @Option(help: "Count the tweets for this search term, instead of the one the file records.")
        var term: String?

        @Argument(help: "The files to import.")
        var files: [String]

        func run() throws {
            let config = try loadConfig()
            let store: Store
            do { store = try Store(path: config.storeURL.path) } catch { throw fail("\(error)") }
            let terminal = isatty(STDERR_FILENO) == 1
            var importer = Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:]))
            if terminal {
                importer.progress = { file, items in
                    FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(items) items…".utf8))
                }
            }
            var failures: [String] = []
            for file in files {
                do {
                    let summary = try importer.importFile(URL(fileURLWithPath: file), displayName: file)
                    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                    print(summary)
                } catch {
                    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                    failures.append("\(error)")
                    FileHandle.standardError.write(Data("tally: \(error)\n".utf8))
                }
            }
            if !failures.isEmpty {
                let list = failures.map { "  \($0)" }.joined(separator: "\n")
                throw fail("\(failures.count) of \(files.count) files were not imported (nothing of them was stored):\n\(list)")
            }
        }

        private func loadConfig() throws -> ProjectConfig {
            do { return try options.load() } catch { throw fail("\(error)") }
        }
    }
}
