import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the site and preview it on a local address, rebuilding and reloading open pages on changes.",
            discussion: """
                Watches content/, templates/, tally.toml and the store. The preview is built into a temporary \
                folder (never into the output), and Ctrl-C removes it.
                """
        )

        @OptionGroup var options: ProjectOptions

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on (0 picks a free one).")
        var port = 8000

        @Option(name: .customLong("idle-timeout"), help: "Seconds a connection may stay idle or a request incomplete before it is closed.")
        var idleTimeout: Double = 15

        func validate() throws {
            guard idleTimeout > 0, idleTimeout <= 86_400 else { throw ValidationError("--idle-timeout must be between 0 and 86400 seconds") }
        }

        func run() async throws {
            do {
                let config = try options.load(needs: [.store])
                let options = self.options
                var server = PreviewServer(project: config, host: host, port: port, reload: { try options.load(needs: [.store]) }) { line in
                    // Unbuffered, so the address shows at once even when stdout is a pipe.
                    FileHandle.standardOutput.write(Data((line + "\n").utf8))
                }
                server.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
                try await server.run()
            } catch {
                throw fail("\(error)")
            }
        }
    }
}
