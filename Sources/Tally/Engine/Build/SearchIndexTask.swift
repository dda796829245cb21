import Foundation

/// Gathers the site search's documents on a thread of its own, over a store connection of its
/// own, while the sections plan and render.
///
/// Tokenising every document was a build's longest step that used one core (1.5 s of a 100k-post
/// rebuild's 3.6 s of CPU, measured with `--verbose`), and the sections wait for nothing it makes:
/// only writing its files waits, at the build's `index search` step.
final class SearchIndexTask: @unchecked Sendable {
    // Written by the thread before it signals `done`; read after waiting for it.
    private var result: Result<SearchIndexWriter, any Error>?
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false
    private var finished = false

    /// Raised inside the gathering thread when the build stopped before it needed the index.
    private struct Stopped: Error {}

    /// Starts gathering every source's documents, in registry order, with `context` (whose store
    /// should be a connection of its own: `Store.reader()`, closed when the thread ends).
    init(sources: [any DataSource], context: SiteContext) {
        let thread = Thread { [self] in
            var index = SearchIndexWriter()
            do {
                for (number, source) in sources.enumerated() {
                    try source.searchDocuments(context) { document in
                        if lock.withLock({ stopped }) { throw Stopped() }
                        index.add(document, source: number)
                    }
                }
                index.seal()
                result = .success(index)
            } catch {
                result = .failure(error)
            }
            done.signal()
        }
        thread.name = "tally search index"
        thread.start()
    }

    /// Waits for the documents and hands over the index, or the error that stopped it.
    func index() throws -> SearchIndexWriter {
        wait()
        return try result!.get()
    }

    /// Stops the gathering (the build failed) and waits for the thread to let go of the store.
    func stop() {
        lock.withLock { stopped = true }
        wait()
    }

    private func wait() {
        guard !lock.withLock({ finished }) else { return }
        done.wait()
        lock.withLock { finished = true }
    }
}
