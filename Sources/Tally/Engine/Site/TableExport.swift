/// A table written beside its page as CSV or JSON, so it can be taken elsewhere.
public struct TableExport: Sendable, Equatable {
    public enum Format: String, Sendable { case csv, json }

    public var path: String
    public var format: Format
    public var columns: [String]
    /// Each row's cells: text or a whole number.
    public var rows: [[Cell]]

    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(Int)
    }
}
