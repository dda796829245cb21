import Foundation
import Testing
@testable import Tally

@Suite("Planning sections side by side")
struct SectionPlanningTests {
    /// What the sections did, from their threads.
    final class Trace: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var most = 0
        private(set) var started: [Int] = []
        private(set) var finished: [Int] = []

        func begin(_ index: Int) {
            lock.withLock {
                running += 1
                most = max(most, running)
                started.append(index)
            }
        }

        func end(_ index: Int) {
            lock.withLock {
                running -= 1
                finished.append(index)
            }
        }
    }

    struct Failure: Error, Equatable { var index: Int }

    @Test("every section is planned once, never more than `width` at a time; waits return in order", arguments: [1, 2, 3])
    func all(width: Int) throws {
        let trace = Trace()
        let planning = SectionPlanning(count: 12, width: width) { index in
            trace.begin(index)
            // Some work, so that sections overlap where they may.
            var sum = 0
            for value in 0..<20_000 { sum &+= value * index }
            withExtendedLifetime(sum) {}
            trace.end(index)
        }
        planning.start()
        for index in 0..<12 { try planning.wait(index) }
        planning.stop()
        #expect(trace.started.sorted() == Array(0..<12))
        #expect(trace.finished.sorted() == Array(0..<12))
        #expect(trace.most <= width)
        // One at a time, in the build's order.
        if width == 1 { #expect(trace.started == Array(0..<12)) }
    }

    /// The failure `wait` threw: which section, and its own error.
    private func failure(_ wait: () throws -> Void) -> (index: Int, error: Failure?)? {
        do {
            try wait()
            return nil
        } catch let failed as SectionPlanning.Failed {
            return (failed.index, failed.error as? Failure)
        } catch {
            return (-1, nil)
        }
    }

    @Test("a failed section's error comes back from its wait and every later one; one at a time, the sections after it never start")
    func failure() throws {
        let trace = Trace()
        let planning = SectionPlanning(count: 4, width: 1) { index in
            trace.begin(index)
            defer { trace.end(index) }
            if index == 1 { throw Failure(index: 1) }
        }
        planning.start()
        try planning.wait(0)
        #expect(failure { try planning.wait(1) }?.index == 1)
        #expect(failure { try planning.wait(1) }?.error == Failure(index: 1))
        #expect(failure { try planning.wait(2) }?.index == 1)
        #expect(throws: SectionPlanning.Stopped.self) { try planning.checkStopped() }
        // Section 0 was planned whole: its wait returns, asked after the failure too (a fresh
        // clone's CI once called the first wait only after section 1 had failed).
        try planning.wait(0)
        planning.stop()
        #expect(trace.started == [0, 1])
    }

    /// Lets a section's work reach the planning that runs it.
    final class Reach: @unchecked Sendable {
        var planning: SectionPlanning?
    }

    @Test("a section that stops because a later one failed reports that one's error, not its own stop")
    func stoppedByAnother() {
        let reach = Reach()
        let planning = SectionPlanning(count: 2, width: 2) { index in
            if index == 1 { throw Failure(index: 1) }
            // Section 0 plans on until it is told to stop, as a sink asks at each page.
            while true {
                try reach.planning!.checkStopped()
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        reach.planning = planning
        planning.start()
        let first = failure { try planning.wait(0) }
        #expect(first?.index == 1)
        #expect(first?.error == Failure(index: 1))
        planning.stop()
    }

    @Test("stopping waits for the sections already running and starts no more")
    func stopping() {
        let trace = Trace()
        let planning = SectionPlanning(count: 50, width: 2) { index in
            trace.begin(index)
            var sum = 0
            for value in 0..<50_000 { sum &+= value }
            withExtendedLifetime(sum) {}
            trace.end(index)
        }
        planning.start()
        planning.stop()
        // Whatever had started has ended by now, and nothing starts after.
        let started = trace.started
        #expect(started.sorted() == trace.finished.sorted())
        #expect(!started.isEmpty && started.count <= 50)
        #expect(throws: SectionPlanning.Stopped.self) { try planning.checkStopped() }
        #expect(trace.started.count == started.count)
    }
}
