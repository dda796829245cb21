import Foundation
import Testing
@testable import Tally

/// The command line as a new user meets it, through the real binary.
@Suite("Command line: what a newcomer types")
struct CommandLineTests {
    @Test("--version and `version` print the version", arguments: [["--version"], ["version"]])
    func version(arguments: [String]) throws {
        let folder = TemporaryFolder()
        let result = try CommandLineTool.output(arguments, in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tally \(TallyVersion.current)"))
        if arguments == ["version"] { #expect(result.stdout.contains("store schema: ")) }
    }

    @Test("a misspelt subcommand gets a suggestion", arguments: [("biuld", "build"), ("improt", "import"), ("serv", "serve"), ("pubish", "publish")])
    func suggestion(typed: String, meant: String) throws {
        let folder = TemporaryFolder()
        let result = try CommandLineTool.output([typed], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown command '\(typed)'; did you mean \(meant)?"), "\(result.stderr)")
    }

    @Test("`tally --help` names every source, and no help suggests importing a lone tweets.js")
    func helpNamesSources() throws {
        let folder = TemporaryFolder()
        let root = try CommandLineTool.output(["--help"], in: folder.url)
        #expect(root.status == 0)
        for source in ["Twitter", "Mastodon", "Bluesky", "charts", "photos"] { #expect(root.stdout.contains(source), "\(source): \(root.stdout)") }
        let help = try CommandLineTool.output(["help", "import"], in: folder.url).stdout + (try CommandLineTool.output(["help", "init"], in: folder.url).stdout)
        #expect(help.contains("--owner <NAME>") && help.contains(".zip"), "\(help)")
        let made = try CommandLineTool.output(["init", "site"], in: folder.url).stdout
        #expect(made.contains(".zip") && !made.contains("tweets.js"), "\(made)")
    }

    @Test("tally import --owner refuses what is no screen name, before opening the store")
    func badOwner() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = \"t\"\n", "tweets.js": "window.YTD.tweets.part0 = []"])
        let result = try CommandLineTool.output(["import", "--owner", "a/b", "tweets.js"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no Twitter screen name"), "\(result.stderr)")
        #expect(!folder.exists("tally.sqlite"))
    }

    @Test("`tally help serve` shows serve's help")
    func helpServe() throws {
        let folder = TemporaryFolder()
        let result = try CommandLineTool.output(["help", "serve"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: tally serve"), "\(result.stdout)")
        #expect(result.stdout.contains("--port"))
    }

    @Test("outside a project, import and build stop and create nothing", arguments: [["import", "a.json"], ["build"], ["serve"], ["publish", "--to", "x"]])
    func outsideProject(arguments: [String]) throws {
        let folder = TemporaryFolder()
        try folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])])
        let result = try CommandLineTool.output(arguments, in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("not in a Tally project"), "\(result.stderr)")
        #expect(result.stderr.contains("run `tally init DIR` or pass --store/--output"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a.json"])
    }

    @Test("a project is found from a folder below it")
    func projectAbove() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = \"t\"\n", "content/deep/a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])])
        let result = try CommandLineTool.output(["import", "a.json"], in: folder.url.appendingPathComponent("content/deep"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.exists("tally.sqlite"))
        #expect(!folder.exists("content/deep/tally.sqlite"))
    }

    @Test("importing a folder reads its files recursively in name order and lists what it skipped")
    func importFolder() throws {
        let folder = TemporaryFolder()
        try folder.write([
            "tally.toml": "title = \"t\"\n",
            "data/b.json": Synthetic.searchPage(query: "b", [TweetSpec(id: "2", text: "#b")]),
            "data/a.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "1", text: "#a")]),
            "data/sub/c.jsonl": Synthetic.searchPage(query: "c", [TweetSpec(id: "3", text: "#c")]) + "\n",
            "data/notes.txt": "mine",
            "data/.hidden.json": "{",
        ])
        let result = try CommandLineTool.output(["import", "data"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("data/notes.txt: skipped (not a file tally reads)"))
        let imported = lines.filter { $0.contains(" new, ") }.map { String($0.prefix(while: { $0 != " " })) }
        #expect(imported == ["data/a.json", "data/b.json", "data/sub/c.jsonl"])
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test("a missing file says no such file; an unmatched pattern says so")
    func missing() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = \"t\"\n"])
        let plain = try CommandLineTool.output(["import", "nothere.json"], in: folder.url)
        #expect(plain.status != 0)
        #expect(plain.stderr.contains("nothere.json: no such file"))
        let glob = try CommandLineTool.output(["import", "content/*"], in: folder.url)
        #expect(glob.status != 0)
        #expect(glob.stderr.contains("content/*: no file matches this pattern"))
        #expect(!folder.exists("tally.sqlite"))
    }

    @Test("a file no source reads is reported once")
    func unclaimedOnce() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = \"t\"\n", "other.json": "{\"name\": \"not tweets\"}"])
        let result = try CommandLineTool.output(["import", "other.json"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.components(separatedBy: "other.json: ").count == 2, "\(result.stderr)")
    }

    @Test("init leaves nothing in content/ for `import content/*` to trip on, and its hint covers the formats")
    func initProject() throws {
        let folder = TemporaryFolder()
        let result = try CommandLineTool.output(["init", "site"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let content = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("site/content").path)
        #expect(content.allSatisfy { $0.hasPrefix(".") })
        for word in [".jsonl", ".zip", "archive", "tally import content/", "tally serve"] {
            #expect(result.stdout.contains(word), "hint lacks \(word)")
        }
        let ignore = try folder.read("site/.gitignore")
        #expect(ignore.contains(".public.tally-*") && ignore.contains("public/"))
        // Built before anything is imported, the site says so instead of the build failing.
        let build = try CommandLineTool.output(["build"], in: folder.url.appendingPathComponent("site"))
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try folder.read("site/public/index.html").contains("Nothing imported yet"))
        #expect(try folder.read("site/public/assets/favicon.svg").hasPrefix("<svg"))
    }

    @Test("`tally --help` names every kind of data it turns into a dashboard")
    func help() throws {
        let folder = TemporaryFolder()
        let result = try CommandLineTool.output(["--help"], in: folder.url)
        #expect(result.status == 0)
        for word in ["posts", "Twitter", "Mastodon", "Bluesky", "charts", "photos"] { #expect(result.stdout.contains(word), "help lacks \(word)") }
    }

    @Test("a base URL that is not an absolute http(s) URL is refused, saying what was expected",
          arguments: ["example.org", "not a url", "ftp://example.org/", "javascript:alert(1)", "https://", "/dash/"])
    func badBaseURL(value: String) throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "title = \"t\"\n", "a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])])
        #expect(try CommandLineTool.output(["import", "a.json"], in: folder.url).status == 0)
        let result = try CommandLineTool.output(["build", "--base-url", value], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("expected an absolute http(s) URL"), "\(result.stderr)")
        #expect(!folder.exists("public"))
    }

    @Test("build, then publish to a gh-pages branch of a bare repository and to a folder; publishing again changes nothing")
    func publish() throws {
        let folder = TemporaryFolder()
        try folder.write(["site/tally.toml": "title = \"t\"\n", "site/content/a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])])
        let site = folder.url.appendingPathComponent("site")
        _ = try PublishTests.git(["init", "--bare", "--quiet", folder.url.appendingPathComponent("remote.git").path], in: folder.url)
        #expect(try CommandLineTool.output(["import", "content/"], in: site).status == 0)
        #expect(try CommandLineTool.output(["build"], in: site).status == 0)
        for _ in 0..<2 {
            let git = try CommandLineTool.output(["publish", "--to", "git:gh-pages", "--remote", "../remote.git"], in: site)
            #expect(git.status == 0, "\(git.stderr)")
            let mirror = try CommandLineTool.output(["publish", "--to", "../www"], in: site)
            #expect(mirror.status == 0, "\(mirror.stderr)")
        }
        #expect(try PublishTests.git(["rev-list", "--count", "gh-pages"], in: folder.url.appendingPathComponent("remote.git")) == "1")
        #expect(folder.exists("www/index.html") && folder.exists("www/404.html") && !folder.exists("www/.nojekyll"))
        let again = try CommandLineTool.output(["publish", "--to", "../www"], in: site)
        #expect(again.stdout.contains("nothing changed"))
    }
}
