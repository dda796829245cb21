/// The history of searches, newest first, at most 100.
public struct SearchesPage: Encodable, Sendable {
    public var rows: [SearchRow]
    public var hasRows: Bool
    /// How many older searches the history leaves out.
    public var olderCount: Int
    public var hasOlder: Bool
}
