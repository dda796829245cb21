import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build the static site from the store into the output folder.")

        @OptionGroup var options: ProjectOptions

        @Option(help: "The output folder (default: the project's, public).")
        var output: String?

        @Option(name: .customLong("base-url"), help: "The site's public URL, for canonical links (overrides tally.toml).")
        var baseURL: String?

        @Flag(help: "Print each build step with its time.")
        var verbose = false

        func run() throws {
            do {
                var config = try options.load()
                if let output { config.output = URL(fileURLWithPath: output).standardizedFileURL.path }
                if let baseURL { config.baseURL = baseURL }
                var builder = SiteBuilder(project: config, log: verbose ? { print($0) } : nil)
                let terminal = isatty(STDERR_FILENO) == 1
                builder.warn = { message in
                    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                    FileHandle.standardError.write(Data("tally: warning: \(message)\n".utf8))
                }
                if terminal {
                    builder.progress = { line in FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8)) }
                }
                defer { if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
                print(try builder.build())
            } catch {
                throw fail("\(error)")
            }
        }
    }
}
