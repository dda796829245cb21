/// What a build produced.
public struct BuildReport: Sendable, Equatable, CustomStringConvertible {
    public var pages: Int
    public var files: Int
    public var changed: Int
    public var removed: Int
    public var output: String
    /// Nothing the pages are made from changed since the last build: only the files that carry
    /// the build time were written.
    public var unchanged = false
    /// The previous site was updated in place: `pages` counts only the pages planned again.
    public var updated = false
    /// Search documents carried over from the previous site's index rather than read again
    /// (`SearchContinuation`): the rebuild tokenised only the documents after them.
    public var carriedSearchDocuments = 0

    public init(pages: Int, files: Int, changed: Int, removed: Int, output: String, unchanged: Bool = false, updated: Bool = false) {
        self.pages = pages
        self.files = files
        self.changed = changed
        self.removed = removed
        self.output = output
        self.unchanged = unchanged
        self.updated = updated
    }

    public var description: String {
        let line = "\(updated ? "Updated" : "Built") \(pages) \(pages == 1 ? "page" : "pages") (\(files) files, \(changed) changed, \(removed) removed) into \(output)"
        return unchanged ? line + "; nothing else changed since the last build" : line
    }
}
