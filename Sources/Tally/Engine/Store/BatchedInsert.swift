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

    private let db: Database
    private let head: String
    private let tuple: String
    private let many: RawStatement
    /// Statements for fewer rows than `many`, by their number of rows, made as `flush()` needs them.
    private var fewer: [Int: RawStatement] = [:]
    private let columns: Int
    private let rowsPerStatement: Int
    private var waiting: [Value] = []
    /// The waiting rows' texts, one after another, while their statement runs.
    private var texts: [UInt8] = []

    /// `head` is the statement up to `VALUES` (`INSERT OR IGNORE INTO t (a, b)`).
    init(_ db: Database, head: String, columns: Int, rowsPerStatement: Int = 64) throws {
        self.db = db
        self.head = head
        tuple = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        many = try RawStatement(db, sql: Self.sql(head: head, tuple: tuple, rows: rowsPerStatement))
        waiting.reserveCapacity(columns * rowsPerStatement)
    }

    private static func sql(head: String, tuple: String, rows: Int) -> String {
        head + " VALUES " + Array(repeating: tuple, count: rows).joined(separator: ", ")
    }

    /// Rows waiting for their statement.
    var waitingRows: Int { waiting.count / columns }

    /// Adds a row of three values, inserting a statement's worth once they have come. Three
    /// parameters, not a variadic list: that list was an array made and freed once a row.
    func add(_ first: Value, _ second: Value, _ third: Value) throws {
        precondition(columns == 3)
        waiting.append(first)
        waiting.append(second)
        waiting.append(third)
        if waiting.count == columns * rowsPerStatement { try runMany() }
    }

    /// Adds the next value of a row of any width; `endRow()` completes the row.
    func append(_ value: Value) {
        waiting.append(value)
    }

    /// Completes the row `append` filled, inserting a statement's worth once they have come.
    func endRow() throws {
        precondition(waiting.count % columns == 0, "a row of \(columns) values")
        if waiting.count == columns * rowsPerStatement { try runMany() }
    }

    private func runMany() throws {
        defer { waiting.removeAll(keepingCapacity: true) }
        try run(many, waiting)
    }

    /// Inserts the rows still waiting, in one statement of as many rows (each such statement is
    /// made once per `BatchedInsert`, then kept).
    func flush() throws {
        guard !waiting.isEmpty else { return }
        precondition(waiting.count % columns == 0, "a row of \(columns) values")
        let rows = waiting.count / columns
        let statement: RawStatement
        if let made = fewer[rows] {
            statement = made
        } else {
            statement = try RawStatement(db, sql: Self.sql(head: head, tuple: tuple, rows: rows))
            fewer[rows] = statement
        }
        defer { waiting.removeAll(keepingCapacity: true) }
        try run(statement, waiting)
    }

    /// Binds the values and runs the statement. The texts are copied into one buffer, which
    /// SQLite reads in place (`SQLITE_STATIC`) until the statement has run: bound one by one as
    /// copies of its own, each text cost SQLite an allocation, a copy and a free.
    private func run(_ statement: RawStatement, _ values: [Value]) throws {
        texts.removeAll(keepingCapacity: true)
        for value in values {
            if case .text(var text?) = value { text.withUTF8 { texts.append(contentsOf: $0) } }
        }
        texts.append(0)  // never empty, so the buffer has an address even when every text is empty
        try texts.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { bytes in
                var start = 0
                for (offset, value) in values.enumerated() {
                    switch value {
                    case .text(let text?):
                        let count = text.utf8.count
                        statement.bindInPlace(Int32(offset + 1), bytes.baseAddress! + start, count: count)
                        start += count
                    case .text(nil): statement.bind(Int32(offset + 1), nil as String?)
                    case .int(let number): statement.bind(Int32(offset + 1), number)
                    }
                }
                try statement.run()
            }
        }
    }
}
