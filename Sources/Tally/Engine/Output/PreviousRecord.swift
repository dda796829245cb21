/// What the previous build recorded for this one (`SiteOutput.previousRecord`): the sources'
/// states, and the largest of them (long tables' rows) left where they are in the state file.
public struct PreviousRecord: Sendable {
    /// The states held in memory, by source id.
    public var states: [String: [UInt8]]
    /// States read from the state file only when asked (`RecordSpill` views), by key: a rebuild
    /// at 100,000 posts copied its 9 MB of table rows into a temporary file before planning.
    var views: [String: RecordSpill] = [:]

    public init(states: [String: [UInt8]]) {
        self.states = states
    }
}
