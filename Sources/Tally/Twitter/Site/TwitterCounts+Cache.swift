import Foundation

/// The counts kept in the project's cache folder (`.tally/cache/twitter/`), a file per store.
extension TwitterCounts {
    /// Where the counts of the store at `store` (its path) are kept in the cache folder `folder`.
    static func file(in folder: URL, store: String) -> URL {
        folder.appendingPathComponent("twitter", isDirectory: true)
            .appendingPathComponent("counts-" + String(StateBytes.digest([store]), radix: 16))
    }

    /// The counts kept at `url` that a build of the store at `store`, its clock at `clock`, can
    /// go on from: read from that store by this binary, with no prune since and no newer than it.
    static func kept(at url: URL, store: String, clock: TwitterClock) -> TwitterCounts? {
        guard !clock.origin.isEmpty, let data = FileManager.default.contents(atPath: url.path),
              let counts = TwitterCounts(decoding: Array(data)), counts.store == store, counts.binary == thisBinary,
              counts.clock.origin == clock.origin, counts.clock.removals == clock.removals, counts.clock.seq <= clock.seq else { return nil }
        return counts
    }

    /// Keeps the counts at `url`, written beside it and moved over it, so that a reader finds
    /// the old file or the new one whole; false when it could not be (the next build then
    /// counts everything).
    @discardableResult
    func keep(at url: URL) -> Bool {
        guard !clock.origin.isEmpty else { return false }
        let manager = FileManager.default
        try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let written = url.appendingPathExtension("\(getpid()).part")
        guard manager.createFile(atPath: written.path, contents: Data(encoded)) else { return false }
        guard rename(written.path, url.path) == 0 else {
            try? manager.removeItem(at: written)
            return false
        }
        return true
    }
}
