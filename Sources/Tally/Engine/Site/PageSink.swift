/// Where sections hand their planned pages and data files during a build.
///
/// The build renders pages in chunks on every core as they arrive and writes them straight to the
/// output, so at most one chunk of pages is held at a time.
public final class PageSink {
    private let chunkSize: Int
    private let flushPages: ([SitePage]) throws -> Void
    private let writeFiles: ([OutputFile]) throws -> Void
    private var pending: [SitePage] = []
    /// Files waiting to be handed over, all before the pages waiting: a file goes ahead of the
    /// pages still held when it came, as it did when each was handed over alone. Handed over one
    /// at a time, a person's card and feed woke the render stage for each (11,000 times in a 20k
    /// full build).
    private var pendingFiles: [OutputFile] = []
    /// How many pages were handed over.
    public private(set) var pageCount = 0

    /// A sink that renders pages `chunkSize` at a time with `render` and writes files, up to
    /// `chunkSize` at a time, with `write`.
    public init(chunkSize: Int = 1024, render: @escaping ([SitePage]) throws -> Void, write: @escaping ([OutputFile]) throws -> Void) {
        self.chunkSize = chunkSize
        self.flushPages = render
        self.writeFiles = write
        pending.reserveCapacity(chunkSize)
    }

    /// Adds a page to render.
    public func page(_ page: SitePage) throws {
        pending.append(page)
        pageCount += 1
        if pending.count >= chunkSize { try flush() }
    }

    /// Adds a page that takes long to render (a table of thousands of rows) and hands it to the
    /// renderer at once with the pages before it, so that it renders while the section plans on:
    /// held for a chunk, it waited for the section's last page and then rendered alone, which
    /// was half of a rebuild's time.
    public func longPage(_ page: SitePage) throws {
        try self.page(page)
        try flush()
    }

    /// Adds a file that needs no rendering (a table as CSV or JSON, a data script).
    public func file(_ file: OutputFile) throws {
        pendingFiles.append(file)
        if pendingFiles.count >= chunkSize { try flushFiles() }
    }

    /// Hands over the files waiting, then renders and writes the pages waiting.
    public func flush() throws {
        try flushFiles()
        guard !pending.isEmpty else { return }
        let chunk = pending
        pending.removeAll(keepingCapacity: true)
        try flushPages(chunk)
    }

    private func flushFiles() throws {
        guard !pendingFiles.isEmpty else { return }
        let files = pendingFiles
        pendingFiles.removeAll(keepingCapacity: true)
        try writeFiles(files)
    }
}
