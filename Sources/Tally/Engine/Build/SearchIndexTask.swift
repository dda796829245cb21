import Foundation

/// Gathers the site search's documents on a thread of its own, over a store connection of its
/// own, while the sections plan and render.
///
/// Tokenising every document was a build's longest step that used one core (1.5 s of a 100k-post
/// rebuild's 3.6 s of CPU, measured with `--verbose`), and the sections wait for nothing it makes.
/// Its files are handed over by the thread too, once it is given where to (`write(into:)`): made
/// at the build's `index search` step, after the sections, they were 17 ms of a 20k rebuild's
/// 230 on one core, while the sections' pages were still being written on the other.
final class SearchIndexTask: @unchecked Sendable {
    // Written by the thread before it signals `done`; read after waiting for it.
    private var result: Result<Void, any Error>?
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopped = false
    private var finished = false
    /// Where the index's files go, once given; the thread waits for it (or for `stop`) once the
    /// documents are in.
    private var destination: (([OutputFile]) throws -> Void)?
    private let destinationGiven = DispatchSemaphore(value: 0)
    /// What the thread carried over from the previous site's index, once it read it.
    private var carriedSections: [String] = []
    private var carriedCount = 0
    private let carriedRead = DispatchSemaphore(value: 0)
    private var carriedWaited = false

    /// Raised inside the gathering thread when the build stopped before it needed the index.
    private struct Stopped: Error {}

    /// How many files, and at most about how many bytes, the thread hands over at once.
    static let filesAtOnce = 64
    static let bytesAtOnce = 4 << 20

    /// Starts gathering every source's documents, in registry order, with `context` (whose store
    /// should be a connection of its own: `Store.reader()`, closed when the thread ends). In a build
    /// that updates a site, the blocks that continue the previous build's are read back first with
    /// `read` (a file of the previous site), on the thread too: at 100,000 posts that reading was a
    /// tenth of a rebuild's planning thread.
    init(sources: [any DataSource], context: SiteContext, read: @escaping (String) -> [UInt8]?) {
        nonisolated(unsafe) let read = read
        let thread = Thread { [self] in
            do {
                var carried: Carried
                do {
                    defer { carriedRead.signal() }
                    carried = try Self.carried(sources: sources, context: context, read: read)
                    lock.withLock {
                        carriedSections = carried.keptSections
                        carriedCount = carried.documents
                    }
                }
                var index: SearchIndexWriter
                do {
                    index = try gather(sources: sources, context: context, carrying: &carried)
                } catch is CarriedSearchBlock.Unreadable {
                    // A revisited block's record file was not as written: everything is gathered
                    // again, nothing carried (no file was handed over yet).
                    var none = Carried()
                    index = try gather(sources: sources, context: context, carrying: &none)
                }
                // What the update keeps is known now: a revisited block that ended shorter has
                // all its files written again.
                lock.withLock {
                    carriedSections = index.keptSections
                    carriedCount = index.carriedDocuments
                }
                destinationGiven.wait()
                guard let emit = lock.withLock({ stopped ? nil : destination }) else { throw Stopped() }
                // Handed over many at a time, up to a few megabytes: a file at a time woke the
                // render stage for each of a 100k build's thousands of shards and records.
                var files: [OutputFile] = []
                var bytes = 0
                try index.write { file in
                    if lock.withLock({ stopped }) { throw Stopped() }
                    files.append(file)
                    bytes += file.bytes.count
                    if files.count >= Self.filesAtOnce || bytes >= Self.bytesAtOnce {
                        try emit(files)
                        files.removeAll(keepingCapacity: true)
                        bytes = 0
                    }
                }
                if !files.isEmpty { try emit(files) }
                result = .success(())
            } catch {
                result = .failure(error)
            }
            done.signal()
        }
        thread.name = "tally search index"
        thread.start()
    }

    /// Gathers every source's documents into an index that carries `carried` over (its blocks
    /// are let go once in), and seals it.
    private func gather(sources: [any DataSource], context: SiteContext, carrying carried: inout Carried) throws -> SearchIndexWriter {
        var index = SearchIndexWriter()
        // Blocks read back are let go as soon as they are in the index: they are several
        // times the postings they become, and the build's peak is later.
        for block in carried.blocks { index.carry(block) }
        carried.blocks = []
        let weights = carried.weights
        for (number, source) in sources.enumerated() {
            try source.searchDocuments(context, continuing: weights[number] ?? []) { document in
                if lock.withLock({ stopped }) { throw Stopped() }
                index.add(document, source: number)
            }
        }
        try index.seal()
        return index
    }

    /// The record files' keys (`OutputFile.section`) of the blocks carried over from the previous
    /// site's index, which an update keeps, and how many documents were carried rather than
    /// tokenised again; final once the index's files are written (`written()`), and until then
    /// what was read back (none when reading it failed: the build then fails at the index).
    var carriedOver: (sections: [String], documents: Int) {
        lock.withLock {
            if !carriedWaited {
                carriedRead.wait()
                carriedWaited = true
            }
            return (carriedSections, carriedCount)
        }
    }

    /// The blocks a rebuild carries over from the previous site's index, and the weights each
    /// source (by place in the registry) continues.
    struct Carried {
        var blocks: [CarriedSearchBlock] = []
        var weights: [Int: Set<Int>] = [:]

        /// The record files' keys (`OutputFile.section`) the update keeps: the carried blocks'.
        var keptSections: [String] { blocks.map { SearchIndexWriter.recordSection($0.block) } }
        /// How many documents the blocks hold.
        var documents: Int { blocks.reduce(0) { $0 + $1.count } }
    }

    /// In a build that updates a site: asks each source which of its blocks continue the
    /// previous build's, and reads those blocks back from the previous site's files (`read`).
    /// All or none: when one cannot be read, every document is gathered again.
    private static func carried(sources: [any DataSource], context: SiteContext, read: @escaping (String) -> [UInt8]?) throws -> Carried {
        guard context.memory.updates else { return Carried() }
        var wanted: [Int32: Int] = [:]
        var revisited = Set<Int32>()
        var weights: [Int: Set<Int>] = [:]
        for (number, source) in sources.enumerated() {
            for continuation in try source.searchContinuations(context) where continuation.count > 0 {
                let block = SearchIndexWriter.block(weight: continuation.weight, source: number)
                wanted[block] = continuation.count
                if continuation.revisits { revisited.insert(block) }
                weights[number, default: []].insert(continuation.weight)
            }
        }
        guard let blocks = CarriedSearchBlock.read(wanted, revisited: revisited, chunkSize: SearchIndexWriter().chunkSize, read: read) else { return Carried() }
        return Carried(blocks: blocks, weights: weights)
    }

    /// Has the thread hand the index's files to `emit` (shards first, then the result records,
    /// then `search/index.js`, as `SearchIndexWriter.write` does), many at a time
    /// (`filesAtOnce`, `bytesAtOnce`), once its documents are in.
    /// `emit` is called on the thread; a file whose section (`OutputFile.section`) is empty
    /// should be written under the search step's key.
    func write(into emit: @escaping ([OutputFile]) throws -> Void) {
        lock.withLock { destination = emit }
        destinationGiven.signal()
    }

    /// Waits until every file of the index was handed over, or throws the error that stopped it.
    func written() throws {
        wait()
        try result!.get()
    }

    /// Stops the gathering (the build failed) and waits for the thread to let go of the store
    /// and of where it was writing.
    func stop() {
        lock.withLock { stopped = true }
        destinationGiven.signal()
        wait()
    }

    private func wait() {
        guard !lock.withLock({ finished }) else { return }
        done.wait()
        lock.withLock { finished = true }
    }
}
