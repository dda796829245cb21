import Foundation

/// A value made on another thread while this one goes on with other work; `value` waits for it.
///
/// A rebuild parses the previous manifest (160,000 lines at 100,000 posts, a tenth of a second)
/// while its first section plans, which needs none of it.
final class MadeAside<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Written once by the making thread before it signals `done`.
    private var made: Value?
    private var waited = false

    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            made = make()
            done.signal()
        }
    }

    /// The value, once made.
    var value: Value {
        lock.withLock {
            if !waited {
                done.wait()
                waited = true
            }
            return made!
        }
    }

    /// The value, once made, handed over: this keeps it no longer, so it is freed with its
    /// taker's copy. For a value used once; `value` and `take()` may not be asked after it.
    func take() -> Value {
        lock.withLock {
            if !waited {
                done.wait()
                waited = true
            }
            defer { made = nil }
            return made!
        }
    }
}
