import ArgumentParser
import Foundation
import Tally

extension TallyCommand {
    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish the built site (tally build) to a folder or a git branch.",
            discussion: """
                Publishes what the last `tally build` wrote (with --build, builds first; a build stamps its time, \
                so publishing after each build publishes that change too). --to DIR mirrors the site into a folder: changed files are copied, removed ones deleted, and a \
                folder tally did not publish is never touched. --to git:BRANCH commits the site as that branch \
                (with .nojekyll), one commit per publish that changes something, without touching the project's \
                working tree or index; --remote NAME (or a URL) pushes it.
                """
        )

        @OptionGroup var options: ProjectOptions

        @Option(help: "Where to publish: a folder, or git:BRANCH (for example git:gh-pages).")
        var to: String

        @Option(help: "For git:BRANCH, the remote (name or URL) to push the branch to.")
        var remote: String?

        @Option(help: "The built site to publish (default: the project's output, public).")
        var output: String?

        @Option(name: .customLong("base-url"), help: "The site's public http(s) URL (overrides tally.toml).")
        var baseURL: String?

        @Flag(help: "Build first, then publish.")
        var build = false

        func validate() throws {
            if remote != nil && !to.hasPrefix("git:") { throw ValidationError("--remote is only for --to git:BRANCH") }
            if to == "git:" { throw ValidationError("--to git: needs a branch name, for example git:gh-pages") }
        }

        func run() throws {
            do {
                var config = try options.load(output: output, needs: build ? [.store, .output] : [.output])
                if let baseURL { config.baseURL = try BaseURL(validating: baseURL).string }
                if build { print(try SiteBuilder(project: config).build()) }
                let report: PublishReport
                if to.hasPrefix("git:") {
                    report = try GitPublisher(site: config.outputURL, project: config.folder, branch: String(to.dropFirst(4)), remote: remote).publish()
                } else {
                    let target = URL(fileURLWithPath: to, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    report = try FolderPublisher(site: config.outputURL, target: target).publish()
                }
                print(report)
            } catch {
                throw fail("\(error)")
            }
        }
    }
}
