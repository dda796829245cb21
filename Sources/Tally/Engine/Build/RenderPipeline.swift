import Foundation

/// Renders and writes pages on threads of their own while sections go on planning, so that
/// planning (reading the store) and rendering (every core) overlap instead of taking turns.
///
/// Each of `PageRenderer.workers` threads takes the next page submitted, renders it and puts its
/// files in the page's place; one writer thread hands the files to `write` in the order submitted,
/// so each planner's files reach the output in its page order and the build stays reproducible.
/// No thread waits for another's batch: a long page (a table of thousands of rows) keeps one
/// thread while the others render the pages after it, and writing a page's files overlaps
/// rendering the next (the writer alone was a fifth of a 100k build's render stage, in which the
/// other core waited). At most `capacity` pages and files wait at a time, rendered or not, so
/// memory stays flat; a submit waits for room. The first error stops the stage: later work is
/// dropped and the error is thrown to the planner by its next `submit` or `drain`.
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

    /// What the writer does at one place in the order: write files, or enter a step.
    private enum Ready {
        case files([OutputFile])
        case section(String)
    }

    private let condition = NSCondition()
    /// Pages not yet taken by a renderer, with their places in the order; `head` is the next.
    private var pages: [(place: Int, page: SitePage, section: String)] = []
    private var head = 0
    /// What is ready to write, by place, with its weight.
    private var ready: [Int: (item: Ready, weight: Int)] = [:]
    /// The next place to hand out, and the next the writer writes.
    private var placed = 0
    private var written = 0
    private var waiting = 0
    private var running = 0
    private var stopped = false
    private var dropped = false
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
        running = PageRenderer.workers + 1
        for _ in 0..<PageRenderer.workers { start { $0.renderPages() } }
        start { $0.writeInOrder() }
    }

    private func start(_ body: @escaping @Sendable (RenderPipeline) -> Void) {
        let thread = Thread { [self] in body(self) }
        // Rendering recurses through templates and Markdown: a main thread's stack, not a pool's.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues work, waiting while the stage has `capacity` pages and files to do.
    func submit(_ work: Work) throws {
        guard work.weight > 0 else { return }
        condition.lock()
        defer { condition.unlock() }
        while waiting > 0 && waiting + work.weight > capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        switch work {
        case .pages(let submitted, let section):
            for page in submitted {
                pages.append((placed, page, section))
                placed += 1
            }
        case .files(let files):
            ready[placed] = (.files(files), files.count)
            placed += 1
        case .section(let key):
            ready[placed] = (.section(key), 1)
            placed += 1
        }
        waiting += work.weight
        condition.broadcast()
    }

    /// Waits until everything submitted is written; throws the stage's error, if any.
    func drain() throws {
        condition.lock()
        defer { condition.unlock() }
        while written < placed && failure == nil { condition.wait() }
        if let failure { throw failure }
    }

    /// Ends the stage's threads once everything submitted is written (or at once after a failure,
    /// or with `dropping` the work still queued, when the build has failed), and waits for them to
    /// let go of the writer.
    func stop(dropping: Bool = false) {
        condition.lock()
        stopped = true
        if dropping {
            dropped = true
            pages.removeAll()
            head = 0
        }
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    /// A renderer's thread: takes the next page, renders it, and leaves its files for the writer.
    private func renderPages() {
        condition.lock()
        while true {
            while head == pages.count && !stopped && failure == nil { condition.wait() }
            guard head < pages.count, failure == nil, !dropped else { break }
            let (place, page, section) = pages[head]
            head += 1
            if head >= 1024 && head * 2 >= pages.count {
                pages.removeFirst(head)
                head = 0
            }
            condition.unlock()
            let result = Result { try renderer.renderFiles(page) }
            condition.lock()
            switch result {
            case .success(var files):
                // A page's own files name no section: they are written under the page's.
                for index in files.indices where files[index].section.isEmpty { files[index].section = section }
                ready[place] = (.files(files), 1)
                // Only the writer waits for a rendered page, and only for the next in order:
                // waking every thread for each of 100,000 pages cost more than it rendered.
                if place == written { condition.broadcast() }
            case .failure(let error):
                if failure == nil { failure = error }
                condition.broadcast()
            }
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The writer's thread: writes what is ready, in the order it was submitted.
    private func writeInOrder() {
        condition.lock()
        while true {
            while ready[written] == nil && failure == nil && !dropped && !(stopped && written == placed) { condition.wait() }
            guard failure == nil, !dropped, ready[written] != nil else { break }
            // Everything ready in order, written before the planners are woken once.
            var items: [Ready] = []
            var weight = 0
            while weight < capacity / 4, let (item, itemWeight) = ready.removeValue(forKey: written + items.count) {
                items.append(item)
                weight += itemWeight
            }
            condition.unlock()
            var error: (any Error)?
            var done = 0
            do {
                for item in items {
                    switch item {
                    case .files(let files): for file in files { try write(file) }
                    case .section(let key): enter(key)
                    }
                    done += 1
                }
            } catch let thrown {
                error = thrown
            }
            condition.lock()
            written += done
            waiting -= weight
            if let error, failure == nil { failure = error }
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
