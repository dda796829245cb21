import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import tweet files (v1.1 search or timeline, v2 pages or JSON Lines, archive tweets.js) into the store.",
            discussion: """
                Each file imports whole or not at all. The format is read from the content, not the name. \
                A folder imports every .json, .jsonl, .ndjson and .js file inside it, recursively and in name order, \
                and lists the files it skipped.
                """
        )

        @OptionGroup var options: ProjectOptions

        @Option(help: "Count the tweets for this search term, instead of the one the file records.")
        var term: String?

        @Argument(help: "The files or folders to import.")
        var files: [String]

        func run() throws {
            let config: ProjectConfig
            do { config = try options.load(needs: [.store]) } catch { throw fail("\(error)") }
            let inputs = ImportInputs.expand(files, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            for skipped in inputs.skipped { print("\(skipped): skipped (not a file tally reads)") }
            var failures = inputs.missing.map { "\($0.path): \($0.reason)" }
            for failure in failures { FileHandle.standardError.write(Data("tally: \(failure)\n".utf8)) }
            if inputs.files.isEmpty {
                throw fail(failures.isEmpty ? "nothing to import: no file tally reads in \(files.joined(separator: ", "))" : "nothing imported")
            }
            let store: Store
            do { store = try Store(path: config.storeURL.path) } catch { throw fail("\(error)") }
            let terminal = isatty(STDERR_FILENO) == 1
            var importer = Importer(store: store, options: ImportOptions(term.map { ["term": $0] } ?? [:]))
            if terminal {
                importer.progress = { file, items in
                    FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(items) items…".utf8))
                }
            }
            for file in inputs.files {
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
                // Each failure was reported as it happened; the end only counts them.
                let total = inputs.files.count + inputs.missing.count
                throw fail("\(failures.count) of \(total) files were not imported (nothing of them was stored); see above")
            }
        }
    }
}
