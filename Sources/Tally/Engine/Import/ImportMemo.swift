/// What a source's sinks may remember from one file to the next while the store's transaction
/// stays open: ids of rows they looked up or wrote, so that a crawl's files do not each look up
/// the same hashtags, people and terms again. The importer forgets everything whenever a file is
/// rolled back or a transaction ends, so a remembered row is always one that is there.
public final class ImportMemo {
    private var values: [String: AnyObject] = [:]

    public init() {}

    /// The source's remembered value, made on first use (or after the importer forgot it).
    public func value<Value: AnyObject>(for source: String, make: () -> Value) -> Value {
        if let value = values[source] as? Value { return value }
        let value = make()
        values[source] = value
        return value
    }

    /// Drops everything remembered.
    func forget() {
        values.removeAll()
    }
}
