import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Build the static site from the store into the output folder.")

        @OptionGroup var options: ProjectOptions

        @Option(help: "The output folder (default: the project's, public).")
        var output: String?

        @Option(name: .customLong("base-url"), help: "The site's public http(s) URL, for canonical links and sitemap.xml (overrides tally.toml).")
        var baseURL: String?

        @Flag(help: "Print each build step with its time.")
        var verbose = false

        func run() throws {
            do {
                var config = try options.load(output: output, needs: [.store, .output])
                if let baseURL { config.baseURL = try BaseURL(validating: baseURL).string }
                var builder = SiteBuilder(project: config, log: verbose ? { print($0) } : nil)
                let terminal = isatty(STDERR_FILENO) == 1
                builder.warn = { message in
                    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                    complain("warning: " + message)
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
