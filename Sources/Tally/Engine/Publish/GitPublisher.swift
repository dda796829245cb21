import Foundation

/// `tally publish --to git:BRANCH [--remote NAME]`: commits the built site as the whole tree of a
/// branch (`gh-pages`), with a `.nojekyll`, one commit per publish that changes something, and
/// pushes it if a remote is named.
///
/// It works with git plumbing on a temporary index (`GIT_INDEX_FILE`), so the project's own
/// working tree, index and checked-out branch are never touched. Outside a git repository the
/// branch is kept in a bare repository at `.tally/publish.git` in the project.
public struct GitPublisher {
    public let site: URL
    public let project: URL
    public let branch: String
    public let remote: String?
    /// The commit time, for reproducible commits; `SOURCE_DATE_EPOCH` when nil and set.
    public var date: Int64?

    public init(site: URL, project: URL, branch: String, remote: String? = nil) {
        self.site = site.standardizedFileURL
        self.project = project.standardizedFileURL
        self.branch = branch
        self.remote = remote
    }

    /// The temporary folder of a publish is `tally-publish-PID-…`, so the next one can tell a killed one's.
    static let scratchPrefix = "tally-publish-"

    /// How many changed paths the commit message lists before "and N more".
    static let listedPaths = 30

    @discardableResult
    public func publish() throws -> PublishReport {
        let target = "git:\(branch)"
        do {
            return try publishing(target: target)
        } catch let error as GitError {
            throw PublishError(target: target, reason: error.description)
        }
    }

    private func publishing(target: String) throws -> PublishReport {
        _ = try PublishedSite(builtAt: site)   // refuses a folder with no built site
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        environment["LC_ALL"] = "C"
        var git = Git(environment: environment, folder: project)
        guard try git.run(["check-ref-format", "--branch", branch], allowFailure: true).status == 0 else {
            throw PublishError(target: target, reason: "\"\(branch)\" is not a valid branch name")
        }
        // The project's own repository, or a private bare one when the project is in none.
        var gitDirectory = try git.run(["rev-parse", "--absolute-git-dir"], allowFailure: true)
        if gitDirectory.status != 0 {
            let own = project.appendingPathComponent(".tally/publish.git")
            if !FileManager.default.fileExists(atPath: own.appendingPathComponent("HEAD").path) {
                try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
                try git.run(["init", "--bare", "--quiet", own.path])
            }
            gitDirectory = (0, own.path)
        }
        // What a killed publish left in the temporary folder goes first.
        Leftovers.removeStaleScratch(prefix: Self.scratchPrefix)
        Leftovers.removeStaleScratch(prefix: Git.errorFilePrefix)
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(Self.scratchPrefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        CrashPoint.reach("publish-git-scratch")
        environment["GIT_DIR"] = gitDirectory.output
        environment["GIT_INDEX_FILE"] = scratch.appendingPathComponent("index").path
        environment["GIT_WORK_TREE"] = site.path
        git = Git(environment: environment, folder: site)
        // Fetch and push run from the project, so a remote given as a relative path means what it says.
        var remoteGit = git
        remoteGit.folder = project
        let config = ["-c", "core.autocrlf=false", "-c", "core.safecrlf=false"]

        let ref = "refs/heads/\(branch)"
        var parent = try git.run(["rev-parse", "--quiet", "--verify", "\(ref)^{commit}"], allowFailure: true)
        if parent.status != 0, let remote {
            // A branch published from elsewhere: continue its history rather than replace it.
            if try remoteGit.run(["fetch", "--quiet", remote, "+\(ref):\(ref)"], allowFailure: true).status == 0 {
                parent = try git.run(["rev-parse", "--quiet", "--verify", "\(ref)^{commit}"], allowFailure: true)
            }
        }
        let parentCommit = parent.status == 0 ? parent.output : nil

        // Every file of the site, ignore rules or not, then `.nojekyll` so GitHub Pages serves it as is.
        try git.run(config + ["add", "--all", "--force", "."])
        let empty = try git.run(["hash-object", "-w", "--stdin"], input: Data())
        try git.run(["update-index", "--add", "--cacheinfo", "100644,\(empty.output),.nojekyll"])
        let tree = try git.run(["write-tree"]).output

        var report = PublishReport(target: target, added: 0, changed: 0, removed: 0, unchanged: 0)
        let parentTree = try parentCommit.map { try git.run(["rev-parse", "\($0)^{tree}"]).output }
        let listing = try git.run(["ls-tree", "-r", "--name-only", tree]).output.split(separator: "\n")
        var changedPaths: [String] = []
        if let parentTree {
            for line in try git.run(["diff-tree", "-r", "--no-renames", "--name-status", parentTree, tree]).output.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "A": report.added += 1
                case "D": report.removed += 1
                default: report.changed += 1
                }
                changedPaths.append("\(parts[0]) \(parts[1])")
            }
            report.unchanged = listing.count - report.added - report.changed
        } else {
            report.added = listing.count
        }

        if parentTree != tree {
            let subject = parentTree == nil
                ? "Publish site: \(report.added) files"
                : "Publish site: \(report.added) added, \(report.changed) changed, \(report.removed) removed"
            var body = changedPaths.prefix(Self.listedPaths).joined(separator: "\n")
            if changedPaths.count > Self.listedPaths { body += "\n… and \(changedPaths.count - Self.listedPaths) more" }
            let message = body.isEmpty ? subject + "\n" : subject + "\n\n" + body + "\n"
            var commitGit = git
            if try git.run(["config", "user.name"], allowFailure: true).output.isEmpty {
                commitGit.environment["GIT_AUTHOR_NAME"] = "Tally"
                commitGit.environment["GIT_COMMITTER_NAME"] = "Tally"
            }
            if try git.run(["config", "user.email"], allowFailure: true).output.isEmpty {
                commitGit.environment["GIT_AUTHOR_EMAIL"] = "tally@localhost"
                commitGit.environment["GIT_COMMITTER_EMAIL"] = "tally@localhost"
            }
            if let seconds = date ?? ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap({ Int64($0) }) {
                commitGit.environment["GIT_AUTHOR_DATE"] = "@\(seconds) +0000"
                commitGit.environment["GIT_COMMITTER_DATE"] = "@\(seconds) +0000"
            }
            let commit = try commitGit.run(["commit-tree", tree] + (parentCommit.map { ["-p", $0] } ?? []), input: Data(message.utf8)).output
            try git.run(["update-ref", "-m", "tally publish", ref, commit, parentCommit ?? String(repeating: "0", count: 40)])
            report.commit = commit
        }
        if let remote {
            try remoteGit.run(["push", "--quiet", remote, "\(ref):\(ref)"])
            report.pushedTo = remote
        }
        return report
    }
}
