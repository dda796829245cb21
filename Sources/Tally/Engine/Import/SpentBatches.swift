import Foundation

/// Batches the store's writing thread is done with, handed back to the reading thread to be freed.
///
/// A large file's import is bound by the one thread that writes the store, while the thread that
/// reads the file has time to spare. Freeing a batch (a page's posts, each with its texts, people
/// and entities) was that writing thread's work: releasing every string it held. Kept here instead,
/// each is freed by the reading thread before it hands over its next batch: JSON Lines of 100,000
/// posts took a median of 1.615 s against 1.75 s (10 runs alternating, tmpfs). Only a few batches
/// wait here at once (the channel holds four); the writing thread frees what is left itself
/// before the import's last steps, so none is held while those run.
final class SpentBatches: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [any ImportBatch] = []

    /// Keeps a batch the writing thread is done with.
    func keep(_ batch: any ImportBatch) {
        lock.withLock { batches.append(batch) }
    }

    /// Frees the batches kept so far, on the calling thread.
    func free() {
        let spent = lock.withLock {
            defer { batches = [] }
            return batches
        }
        // The last references: the batches are freed here, as `spent` goes.
        withExtendedLifetime(spent) {}
    }
}
