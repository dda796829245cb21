import Foundation

extension PageRenderer {
    /// How many threads render at once: the machine's cores, at most 8. Read once: asking the
    /// system each time was 1 % of a 100k rebuild (`SharedParts.add` runs once per list page).
    static let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
}
