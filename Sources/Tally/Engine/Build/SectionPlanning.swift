import Foundation

/// Plans a build's sections on up to `width` threads at once, starting them in the build's order.
///
/// Planning (reading the store and making page models) on one thread was the bound of a full
/// build: the render stage waited for pages and a 2-core machine did 1.5 cores' work. Sections
/// read through the store's pool of connections side by side, hand their pages to the one render
/// stage tagged with their keys (`RenderPipeline.Work`), and the manifest lists each section's
/// files together (`ManifestWriter`), so the site does not depend on which thread was first.
final class SectionPlanning: @unchecked Sendable {
    /// What a section throws when it stops because another failed (`checkStopped`).
    struct Stopped: Error {}

    /// The first section that failed, and why: what every section's wait throws once one has.
    struct Failed: Error {
        var index: Int
        var error: any Error
    }

    private let condition = NSCondition()
    private var outcomes: [Result<Void, any Error>?]
    private var failed: Failed?
    private var started = 0
    private var running = 0
    private var stopped = false
    private let width: Int
    // Runs one section, on that section's thread; let go of once planning stops, as the sections'
    // sinks it reaches hold this planning.
    private var plan: ((Int) throws -> Void)?

    /// Will plan sections `0..<count` with `plan`, `width` at a time, once started.
    init(count: Int, width: Int, plan: @escaping (Int) throws -> Void) {
        outcomes = Array(repeating: nil, count: count)
        self.width = max(1, width)
        self.plan = plan
    }

    /// Starts planning.
    func start() {
        condition.lock()
        startMore()
        condition.unlock()
    }

    /// Throws `Stopped` once a section failed or planning stopped: a section still running calls
    /// it at each page it hands over, and ends there, as nothing of the build is kept.
    func checkStopped() throws {
        if condition.withLock({ stopped }) { throw Stopped() }
    }

    /// Waits until section `index` is planned. Throws `Failed` with the first section that failed
    /// and its own error, also from a section that only stopped because of it. A section that was
    /// planned whole returns, even when a later one failed before this wait began: what a wait
    /// says of its section must not depend on how soon it was asked.
    func wait(_ index: Int) throws {
        condition.lock()
        defer { condition.unlock() }
        while outcomes[index] == nil && !(stopped && index >= started) { condition.wait() }
        if case .success? = outcomes[index] { return }
        if let failed { throw failed }
        guard let outcome = outcomes[index] else { throw Stopped() }
        try outcome.get()
    }

    /// Starts no more sections and waits for those running to end: the build's writer must
    /// not be let go while a section still hands it pages.
    func stop() {
        condition.lock()
        stopped = true
        while running > 0 { condition.wait() }
        plan = nil
        condition.unlock()
    }

    /// Starts sections while there is room; the lock is held.
    private func startMore() {
        while !stopped && running < width && started < outcomes.count {
            let index = started
            started += 1
            running += 1
            // A thread of the main thread's stack size: a section renders its cards' templates
            // as it plans, as the main thread did.
            let thread = Thread { [self] in finish(index, Result { try run(index) }) }
            thread.stackSize = 8 << 20
            thread.name = "tally.section.\(index)"
            thread.start()
        }
    }

    /// Plans section `index`; `plan` is there while any section runs (`stop` waits for them).
    private func run(_ index: Int) throws {
        try condition.withLock { plan }!(index)
    }

    private func finish(_ index: Int, _ outcome: Result<Void, any Error>) {
        condition.lock()
        outcomes[index] = outcome
        running -= 1
        if case .failure(let error) = outcome {
            stopped = true
            // A section that stopped for another's failure is not the cause.
            if failed == nil, !(error is Stopped) { failed = Failed(index: index, error: error) }
        }
        startMore()
        condition.broadcast()
        condition.unlock()
    }
}
