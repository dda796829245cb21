import ArgumentParser
import Foundation
import Tally

/// The options every network fetch takes.
struct NetworkFetchOptions: ParsableArguments {
    @Option(help: "At most this many posts (or photos).")
    var limit = 200

    @Option(help: "Seconds to wait for each request.")
    var timeout: Double = 30

    func client() -> APIClient {
        APIClient(timeout: timeout, notice: { line in
            Self.clearProgress()
            FileHandle.standardError.write(Data((line + "\n").utf8))
        })
    }

    /// The Bluesky handle and app password from the environment, if both are set.
    static func blueskyLogin() -> (handle: String, password: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard let handle = environment["TALLY_BLUESKY_HANDLE"], !handle.isEmpty,
              let password = environment["TALLY_BLUESKY_APP_PASSWORD"], !password.isEmpty else { return nil }
        return (handle, password)
    }

    /// Whether a progress line is shown: only when the output is a terminal (and so is the error
    /// stream it is drawn on); otherwise the lines are only one per page, as `import` prints.
    static let showsProgress = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1

    /// On a terminal, one line redrawn with each request (`fetching URL…`), cleared before any
    /// other line is printed.
    func progress() -> (@Sendable (String) -> Void)? {
        guard Self.showsProgress else { return nil }
        return { url in
            let shown = url.count > 100 ? String(url.prefix(99)) + "…" : url
            FileHandle.standardError.write(Data("\r\u{1B}[Kfetching \(shown.escapingControls())…".utf8))
        }
    }

    /// Clears the progress line, if one is drawn, so the next line starts clean.
    static func clearProgress() {
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// Runs one fetch into the project's store, printing a line per page as it lands; any error
    /// ends the command with one line.
    func run(_ options: ProjectOptions, _ fetch: (Store, (ImportSummary) -> Void) throws -> (server: URL, count: Int)) throws {
        do {
            let store = try Store(path: try options.load(needs: [.store]).storeURL.path)
            let (server, count) = try fetch(store) {
                Self.clearProgress()
                print($0)
            }
            Self.clearProgress()
            if count == 0 { print("\(server.absoluteString): nothing new") }
        } catch {
            Self.clearProgress()
            throw fail("\(error)")
        }
    }
}
