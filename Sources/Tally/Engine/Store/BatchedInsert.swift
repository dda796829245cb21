import GRDB

/// Inserts rows many to a statement (`INSERT … VALUES (?, ?), (?, ?), …`), for the tables an
/// import adds most rows to. One statement runs the insert of all its rows with its cursors kept
/// open, where a statement per row starts and resets them each time.
///
/// Rows wait until a statement's worth has come, or `flush()`; each is inserted in the order
/// given, with the statement's conflict clause applying to each row as it would alone.
final class BatchedInsert {
    /// A value to bind.
    enum Value {
        case text(String?)
        case int(Int64)
    }

    private let single: RawStatement
    private let many: RawStatement
    private let columns: Int
    private let rowsPerStatement: Int
    private var waiting: [Value] = []

    /// `head` is the statement up to `VALUES` (`INSERT OR IGNORE INTO t (a, b)`).
    init(_ db: Database, head: String, columns: Int, rowsPerStatement: Int = 64) throws {
        let tuple = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        single = try RawStatement(db, sql: head + " VALUES " + tuple)
        many = try RawStatement(db, sql: head + " VALUES " + Array(repeating: tuple, count: rowsPerStatement).joined(separator: ", "))
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        waiting.reserveCapacity(columns * rowsPerStatement)
    }

    /// Adds a row of three values (the tables it serves so far have three columns), inserting a
    /// statement's worth once they have come. Three parameters, not a variadic list: that list
    /// was an array made and freed once a row.
    func add(_ first: Value, _ second: Value, _ third: Value) throws {
        precondition(columns == 3)
        waiting.append(first)
        waiting.append(second)
        waiting.append(third)
        if waiting.count == columns * rowsPerStatement { try runMany() }
    }

    private func runMany() throws {
        bind(many, waiting)
        waiting.removeAll(keepingCapacity: true)
        try many.run()
    }

    /// Inserts the rows still waiting, one statement each.
    func flush() throws {
        defer { waiting.removeAll(keepingCapacity: true) }
        var start = 0
        while start < waiting.count {
            bind(single, waiting[start..<start + columns])
            try single.run()
            start += columns
        }
    }

    private func bind(_ statement: RawStatement, _ values: some Collection<Value>) {
        for (offset, value) in values.enumerated() {
            switch value {
            case .text(let text): statement.bind(Int32(offset + 1), text)
            case .int(let number): statement.bind(Int32(offset + 1), number)
            }
        }
    }
}
