import Foundation

extension PageRenderer {
    /// How many threads render at once: the machine's cores, at most 8. Read once: asking the
    /// system each time was 1 % of a 100k rebuild (`SharedParts.add` runs once per list page).
    static let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))

    /// Renders every page, spread over the machine's cores in contiguous chunks: each page's
    /// files, in page order.
    ///
    /// Pages are independent values and templates are parsed once and shared, so chunks need no
    /// coordination beyond collecting their results; each chunk keeps its pages in flight.
    func renderAll(_ pages: [SitePage]) throws -> [[OutputFile]] {
        let workers = Self.workers
        let chunkSize = max(64, (pages.count + workers * 4 - 1) / (workers * 4))
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map { $0..<min($0 + chunkSize, pages.count) }
        let results = ConcurrentResults<[[OutputFile]]>(count: chunks.count)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
            do {
                let files = try chunks[index].map { try renderFiles(pages[$0]) }
                results.set(index, .success(files))
            } catch {
                results.set(index, .failure(error))
            }
        }
        return try results.values().flatMap { $0 }
    }
}
