import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import posts (Twitter: v1.1 search or timeline, v2 pages or JSON Lines, a whole archive as .zip or folder; Mastodon: REST statuses, an outbox, a whole export as .zip, .tar.gz or folder; Bluesky: feeds, searchPosts, quotes, threads), chart feeds and the rest into the store.",
            discussion: """
                Each file imports whole or not at all. The format is read from the content, not the name. \
                A folder imports every .json, .jsonl, .ndjson and .js file inside it, recursively and in name order, \
                and lists the files it skipped; a link, FIFO, socket or device inside it stops the import before anything is stored. \
                A Twitter archive or a Mastodon export imports as one, from its folder or its .zip (an export also from its .tar.gz).
                """
        )

        @OptionGroup var options: ProjectOptions

        /// Each source's own options (`--term`, `--place`…), from the registry.
        @OptionGroup var sources: SourceImportOptions

        @Argument(help: "The files or folders to import; a Twitter archive or a Mastodon export may be given as its .zip (or .tar.gz) or its unpacked folder.")
        var files: [String]

        func run() throws {
            let config: ProjectConfig
            do { config = try options.load(needs: [.store]) } catch { throw fail("\(error)") }
            let inputs = ImportInputs.expand(files, in: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                                             wholeFolder: { url in DataSources.all.contains { $0.claimsFolder(at: url) } })
            for skipped in inputs.skipped { print("\(skipped): skipped (not a file tally reads)") }
            var failures = inputs.missing.map { "\($0.path): \($0.reason)" }
            for failure in failures { complain(failure) }
            // A link or a special file among the inputs stops the whole command before the store opens.
            for refused in inputs.refused { complain("\(refused.path): \(refused.reason)") }
            if !inputs.refused.isEmpty {
                throw fail("nothing imported, the store is unchanged: \(inputs.refused.count) of the paths above are not regular files; remove them or name the files to import")
            }
            if inputs.files.isEmpty {
                throw fail(failures.isEmpty ? "nothing to import: no file tally reads in \(files.joined(separator: ", "))" : "nothing imported")
            }
            let store: Store
            do { store = try Store(path: config.storeURL.path) } catch { throw fail("\(error)") }
            let terminal = isatty(STDERR_FILENO) == 1
            var importer = Importer(store: store, options: ImportOptions(sources.values))
            if terminal {
                importer.progress = { file, items in
                    FileHandle.standardError.write(Data("\r\u{1B}[K\(file): \(items) items…".utf8))
                }
            }
            // Each file is reported once it is stored for good (small files commit in groups).
            importer.importAll(inputs.files.map { (URL(fileURLWithPath: $0), $0) }) { _, result in
                if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                switch result {
                case .success(let summaries):
                    for summary in summaries { print(summary) }
                case .failure(let error):
                    failures.append("\(error)")
                    complain("\(error)")
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
