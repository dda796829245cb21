import Foundation

/// Renders and writes pages on a stage of its own while sections go on planning, so that planning
/// (one thread reading the store) and rendering (every core) overlap instead of taking turns.
///
/// The stage renders on one thread (with every core, `PageRenderer.renderAll`) and writes on
/// another, so that the next pages render while the last ones' files are written: written where
/// they were rendered, a 20k full build's stage thread spent three fifths of its time making
/// files, while the other renderers waited for it.
///
/// Work is done in the order it was submitted, so each planner's files reach the output in its
/// page order and the build stays reproducible. At most `capacity` pages and files wait at a time,
/// rendered or not, until they are written, so memory stays flat; a submit waits for room. The
/// first error stops the stage: later work is dropped and the error is thrown to the planner by
/// its next `submit` or `drain`.
final class RenderPipeline: @unchecked Sendable {
    /// What the stage does with one item.
    enum Work: Sendable {
        /// Pages to render, then write with every file their long tables need, under `section`'s
        /// key (`OutputFile.section`) when it is not empty: sections planned at once interleave.
        case pages([SitePage], section: String = "")
        /// Files to write as they are.
        case files([OutputFile])
        /// Where a build step's work starts: what follows is written under its key
        /// (`OutputFile.section`), so the planner need not wait for the stage between steps.
        case section(String)

        var weight: Int {
            switch self {
            case .pages(let pages, _): return pages.count
            case .files(let files): return files.count
            case .section: return 1
            }
        }
    }

    /// Thrown by a submit after the stage was stopped.
    struct Stopped: Error {}

    /// At most how many pages render together: a sink's chunk (256) with the long pages before it.
    static let batchPages = 320

    /// What the writing thread does, in order.
    private enum Writing {
        /// Files to hand to `write`, each under its section already.
        case files([OutputFile])
        /// A build step's key for the files after it (`enter`).
        case enter(String)
        /// The weight of work whose files are all written by now: room for more.
        case release(Int)
    }

    private let condition = NSCondition()
    private var queue: [Work] = []
    private var waiting = 0
    private var busy = false
    private var stopped = false
    /// Rendered work for the writing thread, in order, and whether it is writing some.
    private var writes: [Writing] = []
    private var writing = false
    /// Whether the rendering thread and the writing thread have not ended yet.
    private var rendering = true
    private var writerRunning = true
    private var failure: (any Error)?
    private let capacity: Int
    private let renderer: PageRenderer
    private let write: (OutputFile) throws -> Void
    private let enter: (String) -> Void

    /// A stage that renders with `renderer` and hands every file to `write`, one at a time, on its
    /// own thread, calling `enter` with a step's key when it reaches that step's work; `capacity`
    /// bounds the pages and files waiting.
    init(renderer: PageRenderer, capacity: Int = 512, enter: @escaping (String) -> Void = { _ in }, write: @escaping (OutputFile) throws -> Void) {
        self.renderer = renderer
        self.capacity = capacity
        self.write = write
        self.enter = enter
        DispatchQueue(label: "tally.render").async { self.run() }
        DispatchQueue(label: "tally.write").async { self.runWrites() }
    }

    /// Queues work, waiting while the stage has `capacity` pages and files to do.
    func submit(_ work: Work) throws {
        guard work.weight > 0 else { return }
        condition.lock()
        defer { condition.unlock() }
        while waiting > 0 && waiting + work.weight > capacity && failure == nil && !stopped { condition.wait() }
        if let failure { throw failure }
        // Work handed over from another thread (the search's) after the build stopped is not done.
        if stopped { throw Stopped() }
        queue.append(work)
        waiting += work.weight
        condition.broadcast()
    }

    /// Waits until everything submitted is written; throws the stage's error, if any.
    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while (!queue.isEmpty || busy || !writes.isEmpty || writing) && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Ends the stage's threads once their queues are empty (or at once after a failure, or with
    /// `dropping` the work still queued or rendered, when the build has failed), and waits for
    /// them to let go of the writer.
    func stop(dropping: Bool = false) {
        condition.lock()
        stopped = true
        if dropping {
            waiting -= queue.reduce(0) { $0 + $1.weight }
            queue.removeAll()
            writes.removeAll()
        }
        condition.broadcast()
        while rendering || writerRunning { condition.wait() }
        condition.unlock()
    }

    /// The rendering thread: takes work in order, renders pages, and queues every file for the
    /// writing thread, with the work's weight after them.
    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            guard !queue.isEmpty else {
                rendering = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let batch = takeBatch()
            let failed = failure != nil
            busy = true
            condition.unlock()
            var error: (any Error)?
            var done = batch
            if !failed {
                do {
                    switch batch[0] {
                    case .pages: done = try renderPages(batch)
                    case .files(let files): hand(.files(files))
                    case .section(let key): hand(.enter(key))
                    }
                } catch let thrown {
                    error = thrown
                }
            }
            condition.lock()
            busy = false
            let weight = done.reduce(0) { $0 + $1.weight }
            if failed || error != nil { waiting -= weight } else { writes.append(.release(weight)) }
            if let error, failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Queues rendered work for the writing thread.
    private func hand(_ work: Writing) {
        condition.lock()
        writes.append(work)
        condition.broadcast()
        condition.unlock()
    }

    /// The writing thread: hands each file to `write` in the order rendered, until the rendering
    /// thread has ended and nothing is left; after a failure it writes nothing more.
    private func runWrites() {
        while true {
            condition.lock()
            while writes.isEmpty && rendering { condition.wait() }
            guard !writes.isEmpty else {
                writerRunning = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let work = writes.removeFirst()
            let failed = failure != nil
            writing = true
            condition.unlock()
            var error: (any Error)?
            if !failed {
                do {
                    switch work {
                    case .files(let files): for file in files { try write(file) }
                    case .enter(let key): enter(key)
                    case .release: break
                    }
                } catch let thrown {
                    error = thrown
                }
            }
            condition.lock()
            writing = false
            if case .release(let weight) = work { waiting -= weight }
            if let error, failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next work, with the page work queued right after it when it is pages: pages queued one
    /// after another render together, a chunk at a time on every core. Called with the lock held.
    private func takeBatch() -> [Work] {
        let work = queue.removeFirst()
        var batch = [work]
        guard case .pages(let pages, _) = work else { return batch }
        var count = pages.count
        while let next = queue.first, case .pages(let more, _) = next, count + more.count <= Self.batchPages {
            batch.append(queue.removeFirst())
            count += more.count
        }
        return batch
    }

    /// Renders and writes `batch`'s pages; returns the work done, which grows by the page work
    /// rendered ahead. Fewer pages than cores (a long page, a table of thousands of rows, comes
    /// alone) render on a thread of their own while this one renders the pages queued after them,
    /// so no core waits for the long page; every file is still written in the order submitted.
    private func renderPages(_ batch: [Work]) throws -> [Work] {
        let pages = Self.pages(of: batch)
        guard pages.count < PageRenderer.workers else {
            try write(try renderer.renderAll(pages.map(\.page)), of: pages)
            return batch
        }
        let renderer = renderer
        let first = RenderedAhead()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { try renderer.renderAll(pages.map(\.page)) }
            condition.lock()
            first.result = result
            condition.broadcast()
            condition.unlock()
        }
        var done = batch
        var later: [(files: [[OutputFile]], pages: [(page: SitePage, section: String)])] = []
        var failure: (any Error)?
        while failure == nil {
            condition.lock()
            while queue.isEmpty && first.result == nil && !stopped { condition.wait() }
            guard first.result == nil, let next = queue.first, case .pages = next else {
                condition.unlock()
                break
            }
            let ahead = takeBatch()
            condition.unlock()
            done += ahead
            let aheadPages = Self.pages(of: ahead)
            do {
                later.append((try renderer.renderAll(aheadPages.map(\.page)), aheadPages))
            } catch {
                failure = error
            }
        }
        condition.lock()
        while first.result == nil { condition.wait() }
        let result = first.result!
        condition.unlock()
        try write(try result.get(), of: pages)
        if let failure { throw failure }
        for (files, pages) in later { try write(files, of: pages) }
        return done
    }

    private static func pages(of batch: [Work]) -> [(page: SitePage, section: String)] {
        batch.flatMap { work -> [(page: SitePage, section: String)] in
            guard case .pages(let pages, let section) = work else { return [] }
            return pages.map { ($0, section) }
        }
    }

    /// Queues each page's files for the writing thread, under the page's section when they name none.
    private func write(_ files: [[OutputFile]], of pages: [(page: SitePage, section: String)]) throws {
        var all: [OutputFile] = []
        all.reserveCapacity(files.count)
        for (index, files) in files.enumerated() {
            for var file in files {
                if file.section.isEmpty { file.section = pages[index].section }
                all.append(file)
            }
        }
        hand(.files(all))
    }

    /// The pages rendered on a thread of their own, once done (guarded by the stage's condition).
    private final class RenderedAhead: @unchecked Sendable {
        var result: Result<[[OutputFile]], any Error>?
    }
}
