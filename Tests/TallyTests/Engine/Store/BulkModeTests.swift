import Foundation
import GRDB
import Testing
@testable import Tally
#if canImport(Glibc)
import Glibc
#endif

/// A transaction whose input is at least the store's size (`BulkMode`) keeps a rollback journal
/// instead of the write-ahead log while it holds the store's opening lock, and leaves the store in
/// the log; a store another connection holds open stays in the log.
@Suite("Large imports' journal")
struct BulkModeTests {
    /// A store of one search page, with another page (`more.json`) beside it.
    private func storeOfOnePage() throws -> (TestProject, Store) {
        let project = TestProject()
        func page(_ first: Int) -> String {
            Synthetic.searchPage(query: "#swift", (first..<first + 40).map { id in
                TweetSpec(id: "\(id)", text: "post \(id) with #Swift and @bob\(id % 3)", user: "user\(id % 5)")
            })
        }
        try project.folder.write(["first.json": page(1_000), "more.json": page(2_000)])
        try project.importFiles(["first.json"])
        return (project, try project.store)
    }

    /// Whether another open file description can take the store's opening lock now, without waiting.
    private func lockIsFree(_ store: Store) -> Bool {
        let descriptor = open(store.path + ".lock", O_RDWR | O_CLOEXEC)
        defer { close(descriptor) }
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(descriptor, LOCK_UN)
        return true
    }

    private func pragma(_ name: String, _ db: Database) throws -> String {
        try String.fetchOne(db, sql: "PRAGMA \(name)") ?? ""
    }

    @Test("inside, the journal is a rollback journal and the opening lock is held; after, the store is back in the log and the lock free")
    func leavesTheLogMeanwhile() throws {
        let (project, store) = try storeOfOnePage()
        #expect(lockIsFree(store))
        var inside: [String] = []
        var lockFreeInside = true
        try store.groupingImports(deferIndexes: { _ in true }) { _ in
            _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("more.json"), displayName: "more.json", memo: ImportMemo())
            inside = try store.importing { db in [try pragma("journal_mode", db), try pragma("synchronous", db)] }
            lockFreeInside = lockIsFree(store)
        }
        #expect(inside == ["delete", "2"], "a rollback journal, synced in full")
        #expect(!lockFreeInside, "a store opening meanwhile waits for the transaction")
        #expect(lockIsFree(store))
        #expect(try store.queue.read { db in [try pragma("journal_mode", db), try pragma("synchronous", db), try pragma("foreign_keys", db)] }
                == ["wal", "1", "1"])
        #expect(try store.tableCounts()["tweet"] == 80)
        #expect(try store.integrityCheck() == "ok")
        #expect(!FileManager.default.fileExists(atPath: store.path + "-journal"))
    }

    @Test("a failed transaction rolls back through the journal and leaves the store in the log")
    func failedRollsBack() throws {
        let (project, store) = try storeOfOnePage()
        let rows = try store.dumpRows()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.groupingImports(deferIndexes: { _ in true }) { _ in
                _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("more.json"), displayName: "more.json", memo: ImportMemo())
                throw Stop()
            }
        }
        #expect(try store.dumpRows() == rows)
        #expect(try store.queue.read { db in try pragma("journal_mode", db) } == "wal")
        #expect(lockIsFree(store))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a store another connection holds open stays in the log, and the import still lands")
    func openElsewhereKeepsTheLog() throws {
        let (project, store) = try storeOfOnePage()
        let other = try store.reader()
        #expect(try other.tableCounts()["tweet"] == 40)
        var inside = ""
        try store.groupingImports(deferIndexes: { _ in true }) { _ in
            _ = try Importer(store: store).importFile(project.folder.url.appendingPathComponent("more.json"), displayName: "more.json", memo: ImportMemo())
            inside = try store.importing { db in try pragma("journal_mode", db) }
        }
        #expect(inside == "wal")
        #expect(try other.tableCounts()["tweet"] == 80, "the other connection reads what committed")
        #expect(try store.queue.read { db in try pragma("journal_mode", db) } == "wal")
        #expect(lockIsFree(store))
    }
}
