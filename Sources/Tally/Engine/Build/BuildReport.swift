/// What a build produced.
public struct BuildReport: Sendable, Equatable, CustomStringConvertible {
    public var pages: Int
    public var files: Int
    public var changed: Int
    public var removed: Int
    public var output: String

    public var description: String {
        "Built \(pages) pages (\(files) files, \(changed) changed, \(removed) removed) into \(output)"
    }
}
