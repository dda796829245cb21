import Foundation
import Testing
@testable import Tally

/// What a killed publish to git or a killed backup leaves, the next run removes; nobody else's files.
@Suite("Leftovers of killed runs are removed by the next run", .serialized)
struct LeftoversTests {
    private func wasKilled(_ process: Process) -> Bool {
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a publish to git killed after making its temporary folder leaves it; the next publish removes it and keeps live or foreign names")
    func gitScratch() throws {
        let folder = TemporaryFolder()
        let tmp = folder.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try SiteWriter(output: folder.url.appendingPathComponent("public")).write([OutputFile(path: "index.html", bytes: Array("home".utf8))])
        let killed = try CommandLineTool.start(["publish", "--to", "git:gh-pages", "--output", "public"],
                                               environment: ["TALLY_CRASH_AT": "publish-git-scratch:1", "TMPDIR": tmp.path], in: folder.url)
        #expect(wasKilled(killed))
        let dead = killed.processIdentifier
        let left = try names(in: tmp)
        #expect(left.contains { $0.hasPrefix("tally-publish-\(dead)-") }, "\(left)")
        let kept = ["tally-publish-\(getpid())-live", "tally-publish-notes.txt", "tally-git-x-\(dead)"]
        try folder.write(["tmp/tally-git-\(dead)-0000": "git's words", "tmp/" + kept[0] + "/index": "", "tmp/" + kept[1]: "mine", "tmp/" + kept[2]: "mine"])

        let next = try CommandLineTool.output(["publish", "--to", "git:gh-pages", "--output", "public"], environment: ["TMPDIR": tmp.path], in: folder.url)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try names(in: tmp) == kept.sorted())
    }

    @Test("a backup killed after copying leaves FILE.partial-PID; the next backup in that folder removes it and keeps other files")
    func backupPartial() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "one")])])
        try project.importFiles(["a.json"])
        let store = project.config.storeURL.path
        let backups = project.folder.url.appendingPathComponent("backups")
        let killed = try CommandLineTool.start(["backup", "--store", store, "backups/one.sqlite"],
                                               environment: ["TALLY_CRASH_AT": "backup-copied:1"], in: project.folder.url)
        #expect(wasKilled(killed))
        let partial = "one.sqlite.partial-\(killed.processIdentifier)"
        let left = try names(in: backups)
        #expect(left.contains(partial), "\(left)")
        // Not a database: someone else's, whatever its name says.
        let foreign = "notes.txt.partial-\(killed.processIdentifier)"
        try project.folder.write(["backups/" + foreign: "my notes"])

        let next = try CommandLineTool.output(["backup", "--store", store, "backups/two.sqlite"], in: project.folder.url)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try names(in: backups) == [foreign, "two.sqlite"])
    }

    @Test("a process id in a name counts only when the process has ended")
    func liveness() {
        #expect(Leftovers.isRunning(getpid()))
        #expect(Leftovers.processID(leading: "123-abc")?.pid == 123)
        #expect(Leftovers.processID(leading: "abc") == nil)
        #expect(Leftovers.processID(leading: "99999999999") == nil)
    }
}
