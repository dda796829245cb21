/// What a publish changed at its target.
public struct PublishReport: Sendable, Equatable, CustomStringConvertible {
    public var target: String
    public var added: Int
    public var changed: Int
    public var removed: Int
    public var unchanged: Int
    /// The commit made, for a git target; nil when nothing changed or for a folder.
    public var commit: String?
    /// Where it was pushed, if anywhere.
    public var pushedTo: String?

    public var description: String {
        var line = added + changed + removed == 0
            ? "Published to \(target): nothing changed (\(unchanged) files)"
            : "Published to \(target): \(added) added, \(changed) changed, \(removed) removed, \(unchanged) unchanged"
        if let commit { line += "; commit \(commit.prefix(12))" }
        if let pushedTo { line += "; pushed to \(pushedTo)" }
        return line
    }
}

/// A publish could not be done; the target is as it was, or (for a folder) holds some of the new
/// files, which the next publish completes.
public struct PublishError: Error, Sendable, CustomStringConvertible {
    public var target: String
    public var reason: String
    public var description: String { "publish to \(target): \(reason)" }
}
