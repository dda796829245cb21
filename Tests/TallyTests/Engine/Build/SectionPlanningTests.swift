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
        // Started in the build's order.
        #expect(trace.started.first == 0)
    }

    @Test("a failed section's error comes back from its wait; one at a time, the sections after it never start")
    func failure() throws {
        let trace = Trace()
        let planning = SectionPlanning(count: 4, width: 1) { index in
            trace.begin(index)
            defer { trace.end(index) }
            if index == 1 { throw Failure(index: 1) }
        }
        planning.start()
        try planning.wait(0)
        #expect(throws: Failure(index: 1)) { try planning.wait(1) }
        #expect(throws: CancellationError.self) { try planning.wait(2) }
        #expect(planning.isStopped)
        planning.stop()
        #expect(trace.started == [0, 1])
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
        #expect(planning.isStopped)
        #expect(trace.started.count == started.count)
    }
}
