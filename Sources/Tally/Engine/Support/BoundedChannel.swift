import Foundation

/// A blocking first-in first-out channel of limited capacity between two threads: the producer
/// waits when it is full (so memory stays flat), the consumer when it is empty. Either side can
/// end it: the producer with `finish(throwing:)`, the consumer with `cancel()`.
final class BoundedChannel<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private let capacity: Int
    private var finished = false
    private var cancelled = false
    private var failure: (any Error)?

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds an element, waiting for room; false when the consumer has cancelled.
    func send(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// Ends the stream, with the producer's error if it failed.
    func finish(throwing error: (any Error)? = nil) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the producer to stop.
    func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// The next element, nil at the end; rethrows the producer's error once it is reached.
    func receive() throws -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        if !items.isEmpty {
            let element = items.removeFirst()
            condition.broadcast()
            return element
        }
        if let failure { throw failure }
        return nil
    }
}
