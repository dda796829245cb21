import GRDB

/// A row of two values, by position: what a query answers when it pairs a key with a count, or a
/// post with a search, and no record type would say more.
struct ValuePair<First: DatabaseValueConvertible & StatementColumnConvertible,
                 Second: DatabaseValueConvertible & StatementColumnConvertible>: FetchableRecord {
    var first: First
    var second: Second

    init(row: Row) {
        first = row[0]
        second = row[1]
    }
}
