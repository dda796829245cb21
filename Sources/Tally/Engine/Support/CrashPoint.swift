import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Named moments at which a test can have the process killed (SIGKILL, as by `kill -9`), to check
/// what a kill at exactly that moment leaves: deterministic, where a timer would race the work.
///
/// Inactive unless the environment sets `TALLY_CRASH_AT=NAME:N`, which kills the process the
/// N-th time (1-based) it reaches the moment `NAME`. Nothing else reads it.
enum CrashPoint {
    private static let wanted: (name: String, count: Int)? = {
        guard let text = ProcessInfo.processInfo.environment["TALLY_CRASH_AT"] else { return nil }
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let count = Int(parts[1]), count > 0 else { return nil }
        return (String(parts[0]), count)
    }()

    private static let reached = ReachedCount()

    /// Kills the process here if the environment asks for this moment's turn.
    static func reach(_ name: String) {
        guard let wanted, wanted.name == name, reached.next() == wanted.count else { return }
        kill(getpid(), SIGKILL)
        // SIGKILL cannot be caught; this only waits for it to land.
        while true { pause() }
    }

    /// How many times the wanted moment was reached.
    private final class ReachedCount: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
