import Foundation

/// Renders and writes pages on a stage of its own while sections go on planning, so that planning
/// (one thread reading the store) and rendering (every core) overlap instead of taking turns.
///
/// Work is done in the order it was submitted, so each planner's files reach the output in its
/// page order and the build stays reproducible. At most `capacity` pages and files wait at a time, so memory stays
/// flat; a submit waits for room. The first error stops the stage: later work is dropped and the
/// error is thrown to the planner by its next `submit` or `drain`.
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

    private let condition = NSCondition()
    private var queue: [Work] = []
    private var waiting = 0
    private var busy = false
    private var stopped = false
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
    }

    /// Queues work, waiting while the stage has `capacity` pages and files to do.
    func submit(_ work: Work) throws {
        guard work.weight > 0 else { return }
        condition.lock()
        defer { condition.unlock() }
        while waiting > 0 && waiting + work.weight > capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        queue.append(work)
        waiting += work.weight
        condition.broadcast()
    }

    /// Waits until everything submitted is written; throws the stage's error, if any.
    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while (!queue.isEmpty || busy) && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Ends the stage's thread once its queue is empty (or at once after a failure, or with
    /// `dropping` the work still queued, when the build has failed), and waits for it to let go
    /// of the writer.
    func stop(dropping: Bool = false) {
        condition.lock()
        stopped = true
        if dropping {
            waiting -= queue.reduce(0) { $0 + $1.weight }
            queue.removeAll()
        }
        condition.broadcast()
        while busy || (!queue.isEmpty && failure == nil) { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopped { condition.wait() }
            guard !queue.isEmpty else {
                condition.unlock()
                return
            }
            let work = queue.removeFirst()
            let failed = failure != nil
            busy = true
            condition.unlock()
            var error: (any Error)?
            if !failed {
                do {
                    switch work {
                    case .pages(let pages, let section):
                        for var file in try renderer.renderAll(pages) {
                            if file.section.isEmpty { file.section = section }
                            try write(file)
                        }
                    case .files(let files): for file in files { try write(file) }
                    case .section(let key): enter(key)
                    }
                } catch let thrown {
                    error = thrown
                }
            }
            condition.lock()
            busy = false
            waiting -= work.weight
            if let error, failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }
    }
}
