import Foundation
import Testing
@testable import Tally

@Suite("Publish: a folder mirror and a git branch")
struct PublishTests {
    /// A built site in a temporary folder.
    func site(_ files: [String: String], in folder: TemporaryFolder, name: String = "public") throws -> URL {
        let output = folder.url.appendingPathComponent(name)
        try SiteWriter(output: output).write(files.map { OutputFile(path: $0.key, bytes: Array($0.value.utf8)) })
        return output
    }

    @Test("a folder gets changed files copied and removed ones deleted, and keeps files someone else added")
    func folder() throws {
        let folder = TemporaryFolder()
        let target = folder.url.appendingPathComponent("www")
        var output = try site(["index.html": "home", "a/index.html": "a", "b/index.html": "b"], in: folder)
        let first = try FolderPublisher(site: output, target: target).publish()
        #expect(first.added == 3 && first.changed == 0 && first.removed == 0)
        try folder.write(["www/CNAME": "example.org"])
        let unchanged = try FolderPublisher(site: output, target: target).publish()
        #expect(unchanged.added + unchanged.changed + unchanged.removed == 0 && unchanged.unchanged == 3)
        output = try site(["index.html": "home 2", "a/index.html": "a"], in: folder)
        let second = try FolderPublisher(site: output, target: target).publish()
        #expect(second.changed == 1 && second.removed == 1 && second.unchanged == 1)
        #expect(try folder.read("www/index.html") == "home 2")
        #expect(!folder.exists("www/b"))
        #expect(try folder.read("www/CNAME") == "example.org")
        // No bookkeeping inside what is published.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).sorted() == ["CNAME", "a", "index.html"])
    }

    @Test("a folder tally did not publish is never touched")
    func foreignFolder() throws {
        let folder = TemporaryFolder()
        let output = try site(["index.html": "home"], in: folder)
        try folder.write(["mine/notes.txt": "mine"])
        #expect(throws: PublishError.self) { try FolderPublisher(site: output, target: folder.url.appendingPathComponent("mine")).publish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("mine").path) == ["notes.txt"])
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["GIT_AUTHOR_NAME"] = "Test"; environment["GIT_AUTHOR_EMAIL"] = "t@example.org"
        environment["GIT_COMMITTER_NAME"] = "Test"; environment["GIT_COMMITTER_EMAIL"] = "t@example.org"
        return try Git(environment: environment, folder: folder).run(arguments).output
    }

    @Test("git: one commit per publish to a bare repository, with .nojekyll; no change makes no commit")
    func gitBranch() throws {
        let folder = TemporaryFolder()
        let remote = folder.url.appendingPathComponent("remote.git")
        _ = try Self.git(["init", "--bare", "--quiet", remote.path], in: folder.url)
        let project = folder.url.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        var output = try site(["index.html": "home", "a/index.html": "a"], in: folder, name: "project/public")
        let first = try GitPublisher(site: output, project: project, branch: "gh-pages", remote: remote.path).publish()
        #expect(first.commit != nil && first.pushedTo == remote.path)
        #expect(try Self.git(["ls-tree", "-r", "--name-only", "gh-pages"], in: remote).split(separator: "\n") == [".nojekyll", "a/index.html", "index.html"])
        let again = try GitPublisher(site: output, project: project, branch: "gh-pages", remote: remote.path).publish()
        #expect(again.commit == nil)
        #expect(try Self.git(["rev-list", "--count", "gh-pages"], in: remote) == "1")
        output = try site(["index.html": "home 2", "b/index.html": "b"], in: folder, name: "project/public")
        let second = try GitPublisher(site: output, project: project, branch: "gh-pages", remote: remote.path).publish()
        #expect(second.added == 1 && second.changed == 1 && second.removed == 1)
        #expect(try Self.git(["rev-list", "--count", "gh-pages"], in: remote) == "2")
        #expect(try Self.git(["log", "-1", "--format=%s", "gh-pages"], in: remote) == "Publish site: 1 added, 1 changed, 1 removed")
        #expect(try Self.git(["show", "gh-pages:index.html"], in: remote) == "home 2")
    }

    @Test("git: inside the project's own repository the working tree, index and branch are untouched")
    func ownRepository() throws {
        let folder = TemporaryFolder()
        let project = folder.url
        _ = try Self.git(["init", "--quiet", "-b", "main"], in: project)
        try folder.write(["tally.toml": "title = \"t\"\n", ".gitignore": "public/\n.public.tally-manifest\n"])
        _ = try Self.git(["add", "tally.toml", ".gitignore"], in: project)
        _ = try Self.git(["commit", "--quiet", "-m", "start"], in: project)
        try folder.write(["tally.toml": "title = \"edited, not staged\"\n", "staged.txt": "s"])
        _ = try Self.git(["add", "staged.txt"], in: project)
        let statusBefore = try Self.git(["status", "--porcelain"], in: project)
        let output = try site(["index.html": "home"], in: folder)
        let report = try GitPublisher(site: output, project: project, branch: "gh-pages").publish()
        #expect(report.commit != nil)
        #expect(try Self.git(["status", "--porcelain"], in: project) == statusBefore)
        #expect(try Self.git(["rev-parse", "--abbrev-ref", "HEAD"], in: project) == "main")
        #expect(try Self.git(["ls-tree", "-r", "--name-only", "gh-pages"], in: project).split(separator: "\n") == [".nojekyll", "index.html"])
        #expect(try folder.read("tally.toml") == "title = \"edited, not staged\"\n")
    }

    @Test("git: a folder that is not a repository keeps the branch in .tally/publish.git")
    func notARepository() throws {
        let folder = TemporaryFolder()
        let output = try site(["index.html": "home"], in: folder)
        let report = try GitPublisher(site: output, project: folder.url, branch: "gh-pages").publish()
        #expect(report.commit != nil)
        #expect(try Self.git(["ls-tree", "-r", "--name-only", "gh-pages"], in: folder.url.appendingPathComponent(".tally/publish.git"))
            .split(separator: "\n") == [".nojekyll", "index.html"])
    }
}
