/// A source's word, in a build that updates a site, that its search documents of one weight
/// continue the previous build's: its first `count` documents of that weight are the ones that
/// build had, unchanged and in the same order, and it will hand over only those after them.
///
/// The build then carries the block over from the previous site's index files
/// (`CarriedSearchBlock`) instead of tokenising every document again: after an import, the
/// index costs what the import added. When the previous files do not hold such a block, the
/// source is told so (`DataSource.searchDocuments(_:continuing:_:)` gets an empty set) and hands
/// over everything.
///
/// A block whose documents change in place (a person's newest post, a renamed hashtag) is
/// `revisits`: its source then hands over every document of the block from its first, each one
/// either `SearchDocument.unchanged`, or made again and marked with how it stands against the
/// previous build's at its place (`SearchDocument.previous`), then the new ones; the block may
/// also end shorter than it was. The index then reads and tokenises only what changed.
public struct SearchContinuation: Sendable, Equatable {
    public var weight: Int
    public var count: Int
    public var revisits: Bool

    public init(weight: Int, count: Int, revisits: Bool = false) {
        self.weight = weight
        self.count = count
        self.revisits = revisits
    }
}
