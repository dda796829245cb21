import ArgumentParser
import Foundation
import Tally

/// The options every network fetch takes.
struct NetworkFetchOptions: ParsableArguments {
    @Option(help: "At most this many posts.")
    var limit = 200

    @Option(help: "Seconds to wait for each request.")
    var timeout: Double = 30

    func client() -> APIClient {
        APIClient(timeout: timeout, notice: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// The Bluesky handle and app password from the environment, if both are set.
    static func blueskyLogin() -> (handle: String, password: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard let handle = environment["TALLY_BLUESKY_HANDLE"], !handle.isEmpty,
              let password = environment["TALLY_BLUESKY_APP_PASSWORD"], !password.isEmpty else { return nil }
        return (handle, password)
    }

    /// A line per request on a terminal.
    func progress() -> (@Sendable (String) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { FileHandle.standardError.write(Data("fetching \($0)\n".utf8)) }
    }

    /// Runs one fetch into the project's store, printing a line per page as it lands; any error
    /// ends the command with one line.
    func run(_ options: ProjectOptions, _ fetch: (Store, (ImportSummary) -> Void) throws -> (server: URL, count: Int)) throws {
        do {
            let store = try Store(path: try options.load(needs: [.store]).storeURL.path)
            let (server, count) = try fetch(store) { print($0) }
            if count == 0 { print("\(server.absoluteString): nothing new") }
        } catch {
            throw fail("\(error)")
        }
    }
}
