import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove older searches and what only they needed, then give the space back.",
            discussion: """
                Keeps the newest searches (as many as the history page lists), their popularity and posts, \
                and what those posts' pages show (authors, the posts they repost or quote); posts no \
                search found (timelines, archives, exports) are always kept. Older searches go even when a kept \
                post was also found by them; kept searches' popularity data stays the same, byte for byte.
                """
        )

        @OptionGroup var options: ProjectOptions

        @Option(name: .customLong("keep-searches"), help: "How many of the newest searches to keep (default: the history page's 100).")
        var keepSearches: Int?

        @Flag(name: .customLong("dry-run"), help: "Only report what would be removed.")
        var dryRun = false

        func validate() throws {
            if let keepSearches, keepSearches < 0 { throw ValidationError("--keep-searches must be 0 or more") }
        }

        func run() throws {
            do {
                let path = try options.load(needs: [.store]).storeURL.path
                guard FileManager.default.fileExists(atPath: path) else { throw fail("\(path): no store here to prune") }
                let store = try Store(path: path)
                print(try store.prune(PrunePlan(limits: keepSearches.map { ["searches": $0] } ?? [:], dryRun: dryRun)))
            } catch let error as ExitCode {
                throw error
            } catch {
                throw fail("\(error)")
            }
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what the store holds: counts per source and kind, size, newest data, schema version."
        )

        @OptionGroup var options: ProjectOptions

        @Flag(help: "Print JSON, for scripts.")
        var json = false

        func run() throws {
            do {
                let path = try options.load(needs: [.store]).storeURL.path
                guard FileManager.default.fileExists(atPath: path) else { throw fail("\(path): no store here yet; tally import FILE… makes one") }
                let stats = try Store(path: path).stats()
                print(json ? try stats.json() : stats.description)
            } catch let error as ExitCode {
                throw error
            } catch {
                throw fail("\(error)")
            }
        }
    }

    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the store to FILE, consistently, even while an import is running.",
            discussion: "FILE must not exist. The copy is one self-contained SQLite file, checked before it is put in place."
        )

        @OptionGroup var options: ProjectOptions

        @Argument(help: "The new file to write.")
        var file: String

        func run() throws {
            do {
                let path = try options.load(needs: [.store]).storeURL.path
                guard FileManager.default.fileExists(atPath: path) else { throw fail("\(path): no store here to back up") }
                print(try Store(path: path).backup(to: URL(fileURLWithPath: file).standardizedFileURL.path))
            } catch let error as ExitCode {
                throw error
            } catch {
                throw fail("\(error)")
            }
        }
    }
}
