import Foundation
import Testing
@testable import Tally

/// `tally publish --to DIR` killed at chosen moments (`TALLY_CRASH_AT`, counted, never timed):
/// whatever it left, the next publish makes the folder equal the site it publishes.
@Suite("Publish: a killed folder publish is put right by the next one", .serialized)
struct PublishInterruptedTests {
    /// The old site: ten pages. The new one changes six of them (index.html among them), removes
    /// four, adds ten (some in new folders), and turns the page `gone` into a folder.
    static let oldSite: [String: String] = Dictionary(uniqueKeysWithValues: (0..<10).map { ("p\($0)/index.html", "old \($0)") }
        + [("index.html", "old home"), ("gone", "a file that becomes a folder"), ("assets/site.css", "body{}")])
    static let newSite: [String: String] = {
        var site = oldSite
        for n in 0..<6 { site["p\(n)/index.html"] = "new \(n), longer than before" }
        site["index.html"] = "new home"
        for n in 6..<9 { site["p\(n)/index.html"] = nil }
        site["gone"] = nil
        for n in 0..<9 { site["added/\(n)/index.html"] = "added \(n)" }
        site["gone/index.html"] = "now a folder"
        return site
    }()
    /// Removals (4) + writes (7 changed + 10 added), each a step, then the final record: 22 moments.
    static let steps = 22

    func site(_ files: [String: String], at output: URL) throws {
        try SiteWriter(output: output).write(files.map { OutputFile(path: $0.key, bytes: Array($0.value.utf8)) })
    }

    /// Every entry under `folder` (files with their text, folders as "/"), hidden ones included.
    static func tree(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [])
        while let url = enumerator?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            result[path] = isFolder ? "/" : ((try? String(contentsOf: url, encoding: .utf8)) ?? "?")
        }
        return result
    }

    /// Folders of a site made of `files`, as `tree` lists them.
    static func expectedTree(_ files: [String: String], plus extra: [String: String] = [:]) -> [String: String] {
        var result = files.merging(extra) { $1 }
        for path in result.keys {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                result[parts.joined(separator: "/")] = "/"
                parts = parts.dropLast()
            }
        }
        return result
    }

    /// Both sites built in a new folder, and the old one published to `www`.
    func published() throws -> (folder: TemporaryFolder, old: URL, new: URL, target: URL) {
        let folder = TemporaryFolder()
        let old = folder.url.appendingPathComponent("old"), new = folder.url.appendingPathComponent("new")
        let target = folder.url.appendingPathComponent("www")
        try site(Self.oldSite, at: old)
        try site(Self.newSite, at: new)
        try FolderPublisher(site: old, target: target).publish()
        return (folder, old, new, target)
    }

    func killedPublish(at moment: String, _ count: Int, site: URL, target: URL, in folder: URL) throws -> Process {
        let process = try CommandLineTool.start(["publish", "--to", target.path, "--output", site.path],
                                                environment: ["TALLY_CRASH_AT": "\(moment):\(count)"], in: folder)
        process.waitUntilExit()
        return process
    }

    @Test("killed after each chosen step or mid-file, publishing the old site again restores it exactly; publishing the new one completes it",
          arguments: [("publish-folder-step", 1), ("publish-folder-step", 2), ("publish-folder-step", 5), ("publish-folder-step", 8),
                      ("publish-folder-step", 15), ("publish-folder-step", 21), ("publish-folder-step", 22),
                      ("publish-folder-partial", 1), ("publish-folder-partial", 9)])
    func killed(moment: String, count: Int) throws {
        let (folder, old, new, target) = try published()
        // A file someone else put in the published folder stays through everything.
        try folder.write(["www/CNAME": "example.org"])
        let extra = ["CNAME": "example.org"]
        #expect(Self.tree(target) == Self.expectedTree(Self.oldSite, plus: extra))

        let killed = try killedPublish(at: moment, count, site: new, target: target, in: folder.url)
        #expect(killed.terminationReason == .uncaughtSignal && killed.terminationStatus == SIGKILL, "\(moment):\(count) was not killed")
        // The kill left the record saying a publish was under way.
        #expect(try String(contentsOf: FolderPublisher(site: old, target: target).recordURL, encoding: .utf8).hasPrefix("#publishing\n"))

        let back = try CommandLineTool.output(["publish", "--to", target.path, "--output", old.path], in: folder.url)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(Self.tree(target) == Self.expectedTree(Self.oldSite, plus: extra), "after \(moment):\(count)")
        #expect(!(try String(contentsOf: FolderPublisher(site: old, target: target).recordURL, encoding: .utf8)).contains("#publishing"))
        // And again: now trusted, nothing to do.
        #expect(try FolderPublisher(site: old, target: target).publish().description.contains("nothing changed"))

        _ = try killedPublish(at: moment, count, site: new, target: target, in: folder.url)
        let forward = try CommandLineTool.output(["publish", "--to", target.path, "--output", new.path], in: folder.url)
        #expect(forward.status == 0, "\(forward.stderr)")
        #expect(Self.tree(target) == Self.expectedTree(Self.newSite, plus: extra), "forward after \(moment):\(count)")
    }

    @Test("the number of steps the test counts is the number the publisher takes")
    func stepCount() throws {
        let (folder, old, new, target) = try published()
        let report = try FolderPublisher(site: new, target: target).publish()
        #expect(report.removed + report.changed + report.added + 1 == Self.steps)
        let past = try killedPublish(at: "publish-folder-step", Self.steps + 1, site: old, target: target, in: folder.url)
        #expect(past.terminationStatus == 0)
    }

    @Test("a folder left wrong before publishes kept a record in progress (a record older than its files) is compared, not trusted")
    func staleRecord() throws {
        let (folder, old, _, target) = try published()
        // What an interrupted publish of an earlier Tally left: new content under a record that
        // still says the old.
        try folder.write(["www/index.html": "new home", "www/p1/index.html": "new 1, longer than before"])
        let report = try FolderPublisher(site: old, target: target).publish()
        #expect(report.changed == 2)
        #expect(Self.tree(target) == Self.expectedTree(Self.oldSite))
    }
}
