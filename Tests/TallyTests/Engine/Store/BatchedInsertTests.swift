import GRDB
import Testing
@testable import Tally

/// Rows inserted many to a statement (`BatchedInsert`): every row lands as a statement of one row
/// would land it, in order, whatever the row's width and however many are left for `flush()`.
@Suite("Rows inserted many to a statement")
struct BatchedInsertTests {
    private func database() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE parent (id TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                CREATE TABLE wide (n INTEGER PRIMARY KEY, parent TEXT REFERENCES parent(id), a TEXT, b INTEGER, c TEXT NOT NULL);
                INSERT INTO parent (id) VALUES ('p');
                """)
        }
        return queue
    }

    private func rows(_ queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT n, parent, a, b, c FROM wide ORDER BY rowid").map { row in
                let n: Int64? = row["n"], b: Int64? = row["b"]
                let texts: [String?] = [n.map(String.init), row["parent"], row["a"], b.map(String.init), row["c"]]
                return texts.map { $0 ?? "NULL" }.joined(separator: "|")
            }
        }
    }

    @Test("rows of five columns, over two full statements and a remainder, land in order with their NULLs")
    func wideRows() throws {
        let queue = try database()
        try queue.write { db in
            let insert = try BatchedInsert(db, head: "INSERT INTO wide (n, parent, a, b, c)", columns: 5, rowsPerStatement: 4)
            for n in 1...11 {
                insert.append(.int(Int64(n)))
                insert.append(.text(n % 2 == 0 ? "p" : nil))
                insert.append(.text("a\(n)"))
                insert.append(n % 3 == 0 ? .text(nil) : .int(Int64(n * 10)))
                insert.append(.text("c"))
                try insert.endRow()
                // Two statements' worth ran at rows 4 and 8; three wait.
                if n == 9 { #expect(insert.waitingRows == 1) }
            }
            #expect(insert.waitingRows == 3)
            try insert.flush()
            #expect(insert.waitingRows == 0)
            try insert.flush()
        }
        #expect(try rows(queue) == (1...11).map { n in
            "\(n)|\(n % 2 == 0 ? "p" : "NULL")|a\(n)|\(n % 3 == 0 ? "NULL" : "\(n * 10)")|c"
        })
    }

    @Test("texts land byte for byte from the one buffer they are bound from: empty (not NULL), long, non-ASCII, a statement of empty texts only")
    func textsInPlace() throws {
        let queue = try database()
        let texts = ["", "café 🐦 #zürich", String(repeating: "long text ", count: 500), "K\u{212A}", ""]
        try queue.write { db in
            let insert = try BatchedInsert(db, head: "INSERT INTO wide (n, parent, a, b, c)", columns: 5, rowsPerStatement: 2)
            for (n, text) in texts.enumerated() {
                try insert.add5(Int64(n), text, text)
            }
            try insert.flush()
        }
        let stored = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT a, c, a IS NULL FROM wide ORDER BY n").map { row -> [String] in [row[0], row[1], "\(row[2] as Int64)"] }
        }
        #expect(stored == texts.map { [$0, $0, "0"] })
        #expect(stored.map { Array($0[0].utf8) } == texts.map { Array($0.utf8) }, "the bytes, not only equal strings")
    }

    @Test("the statement's conflict clause applies to each row, in a full statement and in the remainder")
    func conflictClause() throws {
        let queue = try database()
        try queue.write { db in
            let insert = try BatchedInsert(db, head: "INSERT OR IGNORE INTO wide (n, a, c)", columns: 3, rowsPerStatement: 3)
            for (n, a) in [(1, "first"), (2, "x"), (1, "again"), (3, "y"), (3, "again")] {
                try insert.add(.int(Int64(n)), .text(a), .text("c"))
            }
            try insert.flush()
        }
        #expect(try rows(queue) == ["1|NULL|first|NULL|c", "2|NULL|x|NULL|c", "3|NULL|y|NULL|c"])
    }

    @Test("an upsert's clause after the rows applies to each row: a key already stored and a key twice in one statement are summed, the rows left inserted together or a row at a time",
          arguments: [false, true])
    func upsertTail(remainderByRow: Bool) throws {
        let queue = try database()
        try queue.write { db in
            try db.execute(sql: "INSERT INTO wide (n, b, c) VALUES (1, 10, 'c')")
            let insert = try BatchedInsert(db, head: "INSERT INTO wide (n, b, c)", columns: 3,
                                           tail: "ON CONFLICT(n) DO UPDATE SET b = b + excluded.b", rowsPerStatement: 3,
                                           remainderByRow: remainderByRow)
            for (n, b) in [(1, 5), (2, 1), (2, 2), (3, 7), (1, 100)] {
                try insert.add(.int(Int64(n)), .int(Int64(b)), .text("c"))
            }
            // One full statement ran (1, 2, 2); the remainder (3, 1) waits for `flush()`.
            #expect(insert.waitingRows == 2)
            try insert.flush()
        }
        #expect(try rows(queue) == ["1|NULL|NULL|115|c", "2|NULL|NULL|3|c", "3|NULL|NULL|7|c"])
    }

    @Test("a row that breaks a constraint fails its statement, whose other rows are not kept; earlier statements' are")
    func failingRow() throws {
        let queue = try database()
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                let insert = try BatchedInsert(db, head: "INSERT INTO wide (n, parent, c)", columns: 3, rowsPerStatement: 2)
                try insert.add(.int(1), .text("p"), .text("c"))
                try insert.add(.int(2), .text("p"), .text("c"))
                try db.execute(sql: "SAVEPOINT rest")
                try insert.add(.int(3), .text("p"), .text("c"))
                do {
                    // A parent that does not exist.
                    try insert.add(.int(4), .text("missing"), .text("c"))
                } catch {
                    try db.execute(sql: "RELEASE rest")
                    #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM wide") == 2)
                    throw error
                }
            }
        }
        #expect(try rows(queue).isEmpty)
    }
}

private extension BatchedInsert {
    /// A row of `wide`: its number, no parent, `a` and `c` as given, no `b`.
    func add5(_ n: Int64, _ a: String, _ c: String) throws {
        append(.int(n))
        append(.text(nil))
        append(.text(a))
        append(.text(nil))
        append(.text(c))
        try endRow()
    }
}
