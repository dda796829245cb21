/// A source's word, in a build that updates a site, that its search documents of one weight
/// continue the previous build's: its first `count` documents of that weight are the ones that
/// build had, unchanged and in the same order, and it will hand over only those after them.
///
/// The build then carries the block over from the previous site's index files
/// (`CarriedSearchBlock`) instead of tokenising every document again: after an import, the
/// index costs what the import added. When the previous files do not hold such a block, the
/// source is told so (`DataSource.searchDocuments(_:continuing:_:)` gets an empty set) and hands
/// over everything.
public struct SearchContinuation: Sendable, Equatable {
    public var weight: Int
    public var count: Int

    public init(weight: Int, count: Int) {
        self.weight = weight
        self.count = count
    }
}
