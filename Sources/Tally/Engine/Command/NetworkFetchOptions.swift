import ArgumentParser
import Foundation

/// The options every fetch from a web API takes, and the fetch's printing.
public struct NetworkFetchOptions: ParsableArguments {
    @Option(help: "At most this many items.")
    public var limit = 200

    @Option(help: "Seconds to wait for each request.")
    public var timeout: Double = 30

    public init() {}

    public func client() -> APIClient {
        APIClient(timeout: timeout, notice: { line in
            Self.clearProgress()
            FileHandle.standardError.write(Data((line + "\n").utf8))
        })
    }

    /// Whether a progress line is shown: only when the output is a terminal (and so is the error
    /// stream it is drawn on); otherwise the lines are only one per page, as `import` prints.
    static let showsProgress = isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1

    /// On a terminal, one line redrawn with each request (`fetching URL…`), cleared before any
    /// other line is printed.
    public func progress() -> (@Sendable (String) -> Void)? {
        guard Self.showsProgress else { return nil }
        return { url in
            let shown = url.count > 100 ? String(url.prefix(99)) + "…" : url
            FileHandle.standardError.write(Data("\r\u{1B}[Kfetching \(shown.escapingControls())…".utf8))
        }
    }

    /// Clears the progress line, if one is drawn, so the next line starts clean.
    public static func clearProgress() {
        if showsProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// Runs one fetch into the project's store, printing a line per page as it lands; any error
    /// ends the command with one line.
    public func run(_ options: ProjectOptions, _ fetch: (Store, (ImportSummary) -> Void) throws -> (server: URL, count: Int)) throws {
        do {
            let store = try options.openStore()
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
