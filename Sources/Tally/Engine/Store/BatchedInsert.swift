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
    private let tail: String
    private let tuple: String
    private let many: RawStatement
    /// Statements for fewer rows than `many`, by their number of rows, made as `flush()` needs them.
    private var fewer: [Int: RawStatement] = [:]
    private let columns: Int
    private let rowsPerStatement: Int
    /// Whether `flush()` inserts what is left a row at a time (see `init`).
    private let remainderByRow: Bool
    private var waiting: [Value] = []
    /// The waiting rows' texts, one after another, while their statement runs.
    private var texts: [UInt8] = []

    /// `head` is the statement up to `VALUES` (`INSERT OR IGNORE INTO t (a, b)`); `tail` what
    /// follows the rows, such as an upsert's `ON CONFLICT (…) DO UPDATE …`, which applies to each
    /// row as it is inserted, as it would to a statement of that row alone. `remainderByRow` makes
    /// `flush()` insert what is left a row at a time, with one statement, instead of making a
    /// statement for each count of rows left: for inserts that flush rarely but with any count
    /// left, where each such statement would stay in the connection's cache for nothing.
    init(_ db: Database, head: String, columns: Int, tail: String = "", rowsPerStatement: Int = 64, remainderByRow: Bool = false) throws {
        self.db = db
        self.head = head
        self.tail = tail
        self.remainderByRow = remainderByRow
        tuple = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        self.columns = columns
        self.rowsPerStatement = rowsPerStatement
        many = try RawStatement(db, sql: Self.sql(head: head, tuple: tuple, rows: rowsPerStatement, tail: tail))
        waiting.reserveCapacity(columns * rowsPerStatement)
    }

    private static func sql(head: String, tuple: String, rows: Int, tail: String) -> String {
        head + " VALUES " + Array(repeating: tuple, count: rows).joined(separator: ", ") + (tail.isEmpty ? "" : " " + tail)
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
    /// made once per `BatchedInsert`, then kept), or a row at a time (`remainderByRow`).
    func flush() throws {
        guard !waiting.isEmpty else { return }
        precondition(waiting.count % columns == 0, "a row of \(columns) values")
        defer { waiting.removeAll(keepingCapacity: true) }
        if remainderByRow {
            let one = try statement(rows: 1)
            for start in stride(from: 0, to: waiting.count, by: columns) {
                try run(one, Array(waiting[start..<start + columns]))
            }
        } else {
            try run(try statement(rows: waiting.count / columns), waiting)
        }
    }

    /// The statement for `rows` rows, made on first use.
    private func statement(rows: Int) throws -> RawStatement {
        if let made = fewer[rows] { return made }
        let made = try RawStatement(db, sql: Self.sql(head: head, tuple: tuple, rows: rows, tail: tail))
        fewer[rows] = made
        return made
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
