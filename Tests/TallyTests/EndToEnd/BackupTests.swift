import Foundation
import GRDB
import Testing
@testable import Tally

/// `tally backup`: a consistent copy, even while another process imports.
@Suite("Backup: a consistent copy at any moment")
struct BackupTests {
    @Test("a backup of the sample store holds the same data, opens, and is one self-contained file")
    func sampleStore() throws {
        let project = TestProject()
        try project.importSampleContent()
        let copy = project.folder.url.appendingPathComponent("backups/copy.sqlite")
        let report = try project.store.backup(to: copy.path)
        #expect(report.bytes > 0)
        #expect(!FileManager.default.fileExists(atPath: copy.path + "-wal"))
        let restored = try Store(path: copy.path)
        #expect(try restored.tableCounts() == project.store.tableCounts())
        #expect(try restored.integrityCheck() == "ok")
        // Never over an existing file.
        #expect(throws: StoreError.self) { try project.store.backup(to: copy.path) }
        let cli = try CommandLineTool.output(["backup", "--store", project.config.storeURL.path, copy.path], in: project.folder.url)
        #expect(cli.status != 0 && cli.stderr.contains("already exists"))
    }

    @Test("backups taken while another process imports are consistent: sound, and every count equals its links")
    func duringImport() throws {
        let project = TestProject()
        var names: [String] = []
        for file in 0..<36 {
            let tweets = (0..<1500).map { n in
                TweetSpec(id: "\(file * 10_000 + n + 1)", text: "#tag\(n % 40) #all @user\(n % 25) tweet \(n)", user: "u\(n % 300)")
            }
            names.append("f\(file).json")
            try project.folder.write([names.last!: Synthetic.searchPage(query: "term \(file % 7)", tweets)])
        }
        let path = project.config.storeURL.path
        // A store first, larger than the files imported beside the backups: an import as large as
        // the store keeps a rollback journal, and a backup waits for it (`BulkModeTests`); a
        // smaller one writes through the log, which lets a backup copy while it writes.
        let (first, rest) = (Array(names.prefix(24)), Array(names.dropFirst(24)))
        #expect(try CommandLineTool.run(["import", "--store", path] + first, in: project.folder.url).status == 0)
        let input = try rest.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: project.folder.url.appendingPathComponent($1).path)[.size] as? Int ?? 0) }
        #expect(input < (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0), "the premise: the store outweighs the import")
        let importer = try CommandLineTool.start(["import", "--store", path] + rest, in: project.folder.url)
        var copies: [URL] = []
        var duringImport = 0
        while importer.isRunning || copies.isEmpty {
            if FileManager.default.fileExists(atPath: path) {
                let copy = project.folder.url.appendingPathComponent("backup-\(copies.count).sqlite")
                let result = try CommandLineTool.output(["backup", "--store", path, copy.path], in: project.folder.url)
                #expect(result.status == 0, "\(result.stderr)")
                copies.append(copy)
                if importer.isRunning { duringImport += 1 }
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        #expect(duringImport > 0, "no backup overlapped the import")
        var sizes: Set<Int> = []
        for copy in copies {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: copy.path, configuration: configuration)
            try queue.read { db in
                #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
                #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
                if try db.tableExists("term") {
                    let wrong = try Int.fetchOne(db, sql: """
                        SELECT count(*) FROM term WHERE tweet_count != (SELECT count(*) FROM term_tweet WHERE term_id = term.id)
                        """)
                    #expect(wrong == 0)
                    // Whole files only: every file holds 1,500 distinct tweets.
                    let tweets = try Int.fetchOne(db, sql: "SELECT count(*) FROM tweet") ?? 0
                    #expect(tweets % 1500 == 0, "\(tweets) tweets: a file half copied")
                    sizes.insert(tweets)
                }
            }
            try queue.close()
        }
        #expect(sizes.contains(36 * 1500) || copies.count > 0)
    }
}
