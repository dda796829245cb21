import GRDB
import GRDBSQLite

/// A GRDB-prepared statement run through SQLite's C API, for the inserts an import repeats per
/// row: binding values directly avoids building `StatementArguments` for every row.
struct RawStatement {
    private let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }
    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`), so Swift strings can go away after binding.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    func bind(_ index: Int32, _ text: String?) {
        guard var text else { sqlite3_bind_null(handle, index); return }
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), Self.transient) }
        }
    }

    /// Binds `count` bytes of UTF-8 that SQLite reads where they are (`SQLITE_STATIC`): they
    /// must stay there until the statement has run (`run()` clears its bindings).
    func bindInPlace(_ index: Int32, _ bytes: UnsafePointer<CChar>, count: Int) {
        sqlite3_bind_text(handle, index, bytes, Int32(count), nil)
    }

    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, index, value)
    }

    func bind(_ index: Int32, _ value: Int64?) {
        guard let value else { sqlite3_bind_null(handle, index); return }
        sqlite3_bind_int64(handle, index, value)
    }

    /// Runs a query with the values bound and returns its first column as text, row by row.
    func strings() throws -> [String] {
        try rows { handle in Self.text(handle, 0) }
    }

    /// Runs a query and returns its rows, each read from the columns it is given.
    func rows<Row>(_ read: (Columns) -> Row) throws -> [Row] {
        try rows { handle in read(Columns(handle: handle)) }
    }

    /// The columns of the row a query stands on.
    struct Columns {
        fileprivate let handle: OpaquePointer

        func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
        func text(_ column: Int32) -> String { RawStatement.text(handle, column) }
    }

    /// Steps through every row, reading each with `read`, then resets for the next use.
    private func rows<Row>(_ read: (OpaquePointer) -> Row) throws -> [Row] {
        var result: [Row] = []
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return result }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
                                    sql: statement.sql)
            }
            result.append(read(handle))
        }
    }

    private static func text(_ handle: OpaquePointer, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// Runs the statement with the values bound, then clears them for the next row.
    func run() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
                                sql: statement.sql)
        }
    }
}
