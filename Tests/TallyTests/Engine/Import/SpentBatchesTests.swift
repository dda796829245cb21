import Foundation
import Testing
@testable import Tally

@Suite("Batches a writing thread is done with")
struct SpentBatchesTests {
    /// A batch that notes, as it goes, the thread that let go of it last.
    private final class Batch: ImportBatch, @unchecked Sendable {
        let threads: Threads
        init(_ threads: Threads) { self.threads = threads }
        var itemCount: Int { 1 }
        func prepare() {}
        deinit { threads.note(pthread_self()) }
    }

    /// Threads noted, in order.
    private final class Threads: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [pthread_t] = []
        func note(_ thread: pthread_t) { lock.withLock { seen.append(thread) } }
        var noted: [pthread_t] { lock.withLock { seen } }
    }

    @Test("kept batches live until freed, and are freed on the thread that frees them", .timeLimit(.minutes(1)))
    func freedWhereFreed() async throws {
        let spent = SpentBatches()
        let freed = Threads(), reader = Threads()
        for _ in 0..<3 { spent.keep(Batch(freed)) }
        #expect(freed.noted.isEmpty)
        let done = DispatchSemaphore(value: 0)
        Thread {
            reader.note(pthread_self())
            spent.free()
            done.signal()
        }.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                done.wait()
                continuation.resume()
            }
        }
        let readerThread = try #require(reader.noted.first)
        #expect(freed.noted.count == 3 && freed.noted.allSatisfy { pthread_equal($0, readerThread) != 0 })
        // Nothing is kept twice: freeing again frees only what was kept since.
        spent.free()
        #expect(freed.noted.count == 3)
        spent.keep(Batch(freed))
        spent.free()
        #expect(freed.noted.count == 4)
    }
}
