import Foundation

/// Collects results computed on several threads, in order.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.withLock { slots[index] = result }
    }

    /// The values in order, or the first error.
    func values() throws -> [Value] {
        try lock.withLock { try slots.map { try $0!.get() } }
    }
}
