import Foundation
import Testing
@testable import Tally

@Suite("Serve: request paths never leave the site")
struct PreviewPathTests {
    @Test("folders serve their index.html, files themselves, a folder without its slash redirects")
    func resolves() throws {
        let folder = TemporaryFolder()
        try folder.write(["site/index.html": "home", "site/x/index.html": "x", "site/a.css": "css"])
        let root = folder.url.appendingPathComponent("site").resolvingSymlinksInPath().path
        #expect(PreviewPath.resolve("/", in: root) == .file(root + "/index.html"))
        #expect(PreviewPath.resolve("/x/", in: root) == .file(root + "/x/index.html"))
        #expect(PreviewPath.resolve("/a.css", in: root) == .file(root + "/a.css"))
        #expect(PreviewPath.resolve("/x", in: root) == .redirect("/x/"))
        #expect(PreviewPath.resolve("/nope/", in: root) == .notFound)
        #expect(PreviewPath.resolve("/%78/", in: root) == .file(root + "/x/index.html"))
    }

    @Test("a redirect always stays on the server: `//x` goes to `/x/`, never to the host x", arguments: ["//x", "///x", "//x//", "/x//"])
    func redirectStaysHere(path: String) throws {
        let folder = TemporaryFolder()
        try folder.write(["site/x/index.html": "x"])
        let root = folder.url.appendingPathComponent("site").resolvingSymlinksInPath().path
        let resolved = PreviewPath.resolve(path, in: root)
        if path.hasSuffix("/") {
            #expect(resolved == .file(root + "/x/index.html"))
        } else {
            #expect(resolved == .redirect("/x/"))
        }
    }

    @Test("only this server's own names are answered, against DNS rebinding")
    func hosts() {
        let local = PreviewHost(listening: "127.0.0.1", port: 8000)
        for accepted in [nil, "127.0.0.1:8000", "localhost:8000", "LOCALHOST:8000", "[::1]:8000", "127.0.0.1", "localhost"] {
            #expect(local.accepts(accepted), "\(accepted ?? "no Host")")
        }
        for refused in ["evil.example:8000", "evil.example", "127.0.0.1:9000", "localhost:80", "127.0.0.1.evil.example:8000", "192.168.1.2:8000",
                        "localhost:", "localhost:8000:8000", "[::1", "", ":8000", "[::1]x", "localhost.evil.example:8000"] {
            #expect(!local.accepts(refused), "\(refused)")
        }
        let everywhere = PreviewHost(listening: "0.0.0.0", port: 8000)
        #expect(everywhere.accepts("192.168.1.2:8000") && everywhere.accepts("[fe80::1]:8000") && everywhere.accepts("0.0.0.0:8000"))
        #expect(!everywhere.accepts("evil.example:8000") && !everywhere.accepts("192.168.1.2:8001"))
        let named = PreviewHost(listening: "my-laptop.local", port: 8000)
        #expect(named.accepts("my-laptop.local:8000") && !named.accepts("192.168.1.2:8000"))
        #expect(PreviewHost(listening: "::1", port: 8000).accepts("[::1]:8000"))
    }

    @Test("traversal in every spelling is refused", arguments: ["/../secret.txt", "/x/../../secret.txt", "/%2e%2e/secret.txt",
                                                                 "/%2E%2E/secret.txt", "/x%2f..%2f..%2fsecret.txt", "/..%2fsecret.txt",
                                                                 "/x/%00", "/a%00.css", "/..\\secret.txt", "/%5c..%5csecret.txt", "/x/./index.html"])
    func traversal(path: String) throws {
        let folder = TemporaryFolder()
        try folder.write(["site/index.html": "home", "site/x/index.html": "x", "secret.txt": "secret"])
        guard case .refused = PreviewPath.resolve(path, in: folder.url.appendingPathComponent("site").path) else {
            Issue.record("\(path) was not refused")
            return
        }
    }

    @Test("a symlink pointing outside the site is refused; one inside is followed")
    func symlinks() throws {
        let folder = TemporaryFolder()
        try folder.write(["site/index.html": "home", "secret.txt": "secret"])
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("out.txt").path, withDestinationPath: folder.url.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("in.html").path, withDestinationPath: "index.html")
        guard case .refused = PreviewPath.resolve("/out.txt", in: site.path) else { Issue.record("followed out.txt"); return }
        guard case .refused = PreviewPath.resolve("/up/secret.txt", in: site.path) else { Issue.record("followed up/"); return }
        guard case .file = PreviewPath.resolve("/in.html", in: site.path) else { Issue.record("refused in.html"); return }
    }

    @Test("serve mode adds the reload script and lets the CSP allow it to ask the server")
    func reloadInjection() {
        let page = "<head>\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'\">\n</head>"
        let served = PreviewReload.inject(into: page, generation: 3)
        #expect(served.contains("content=\"connect-src 'self'; default-src 'none'; script-src 'self'\""))
        #expect(served.contains("<script src=\"/_tally/reload.js\" data-generation=\"3\" defer></script>\n</head>"))
    }
}

@Suite("Serve: the real server", .serialized)
struct ServeTests {
    /// A project with a store and its own copy of the theme, served on a free port.
    final class Served {
        let folder = TemporaryFolder()
        let port = RawHTTP.freePort()
        var process: Process!
        var stdout: URL { folder.url.appendingPathComponent(".serve-out") }

        init(_ extra: [String] = []) throws {
            try folder.write(["tally.toml": "title = \"Served\"\n",
                              "content/a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "42", text: "#a @b")])])
            try FileManager.default.copyItem(at: Fixture.repository.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("templates"))
            #expect(try CommandLineTool.output(["import", "content/a.json"], in: folder.url).status == 0)
            _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
            process = Process()
            process.executableURL = CommandLineTool.executable
            process.arguments = ["serve", "--port", "\(port)"] + extra
            process.currentDirectoryURL = folder.url
            process.standardOutput = try FileHandle(forWritingTo: stdout)
            process.standardError = try FileHandle(forWritingTo: stdout)
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, !(try String(contentsOf: stdout, encoding: .utf8)).contains("Serving on") {
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }

        var output: String { (try? String(contentsOf: stdout, encoding: .utf8)) ?? "" }

        /// A test that fails midway still stops its server.
        deinit {
            if process?.isRunning == true {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        func stop() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test("pages are served, traversal is refused, a missing page is the theme's 404, a template or tally.toml change shows after a rebuild, Ctrl-C leaves nothing")
    func serve() throws {
        let served = try Served()
        #expect(served.output.contains("Serving on http://127.0.0.1:\(served.port)/"), "\(served.output)")
        let home = try RawHTTP.get("/", port: served.port)
        #expect(home.status == 200)
        #expect(home.body.contains("<h1>Served</h1>") || home.body.contains("Served"))
        #expect(home.body.contains("/_tally/reload.js") && home.body.contains("connect-src 'self'"))
        let searches = try RawHTTP.get("/searches/", port: served.port)
        #expect(searches.status == 200 && searches.body.contains("<h1>Searches</h1>"))
        #expect(try RawHTTP.get("/searches", port: served.port).status == 301)
        #expect(try RawHTTP.get("/tweets/42/index.html", port: served.port).status == 200)
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/searches%2f..%2f..%2fetc%2fpasswd", "/index.html%00", "/%2E%2E%2F"] {
            let reply = try RawHTTP.get(path, port: served.port)
            #expect(reply.status == 400, "\(path): \(reply.status)")
            #expect(!reply.body.contains("root:"), "\(path) leaked")
        }
        let missing = try RawHTTP.get("/no/such/page/", port: served.port)
        #expect(missing.status == 404)
        #expect(missing.body.contains("Page not found") && missing.body.contains("href=\"/assets/tally.css\""))

        let generation = try RawHTTP.get("/_tally/generation", port: served.port).body
        let template = served.folder.url.appendingPathComponent("templates/twitter/searches.md")
        let text = try String(contentsOf: template, encoding: .utf8)
        try (text + "\nEdited while serving.\n").write(to: template, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(30)
        var page = ""
        while Date() < deadline {
            page = try RawHTTP.get("/searches/", port: served.port).body
            if page.contains("Edited while serving.") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(page.contains("Edited while serving."))
        // The build's number goes up just after its files are in place: wait for it as open pages
        // do, naming the number they show; the server holds such a request until it changes.
        var current = generation
        while Date() < deadline, current == generation {
            current = try RawHTTP.get("/_tally/generation?after=\(generation)", port: served.port).body
        }
        #expect(current != generation)
        // A page showing an older build is answered at once, with the number served now.
        #expect(try RawHTTP.get("/_tally/generation?after=\(generation)", port: served.port).body == current)

        // A new title in tally.toml is picked up by the next rebuild, not only templates.
        try "title = \"Served again\"\n".write(to: served.folder.url.appendingPathComponent("tally.toml"), atomically: true, encoding: .utf8)
        var home2 = ""
        while Date() < deadline.addingTimeInterval(30) {
            home2 = try RawHTTP.get("/", port: served.port).body
            if home2.contains("Served again") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(home2.contains("<title>Served again</title>"), "\(served.output)")

        let pid = served.process.processIdentifier
        #expect(served.stop() == 0)
        #expect(served.output.contains("Stopped."))
        let scratch = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("tally-serve-\(pid)-") }
        #expect(scratch.isEmpty, "\(scratch)")
        let top = try FileManager.default.contentsOfDirectory(atPath: served.folder.url.path).sorted()
        // Beside the project's own files only the cache, where builds keep the counts they go on from.
        #expect(top.allSatisfy { [".serve-out", "content", "templates", "tally.toml", ".tally"].contains($0) || $0.hasPrefix("tally.sqlite") }, "\(top)")
        let cached = FileManager.default.enumerator(atPath: served.folder.url.appendingPathComponent(".tally").path)?.allObjects as? [String] ?? []
        #expect(cached.allSatisfy { ["cache", "cache/twitter"].contains($0) || ($0.hasPrefix("cache/twitter/counts-") && $0.dropFirst(21).allSatisfy(\.isHexDigit)) },
                "\(cached)")
    }

    @Test("the real server: `//x` redirects to `/x/`, a foreign Host gets 421, an incomplete request is closed after the idle timeout")
    func hostile() throws {
        let served = try Served(["--idle-timeout", "1"])
        #expect(served.output.contains("Serving on"), "\(served.output)")
        let redirect = try RawHTTP.get("//searches", port: served.port)
        #expect(redirect.status == 301)
        #expect(redirect.headers.lowercased().contains("\r\nlocation: /searches/\r\n"), "\(redirect.headers)")
        let rebound = try RawHTTP.get("/", port: served.port, host: "evil.example:\(served.port)")
        #expect(rebound.status == 421)
        #expect(!rebound.body.contains("<html"))
        #expect(try RawHTTP.get("/", port: served.port, host: "localhost:\(served.port)").status == 200)
        #expect(try RawHTTP.get("/", port: served.port, host: "127.0.0.1:\(served.port + 1)").status == 421)
        // Headers never finished: the server, not this client (which would wait 60 s), ends it.
        let stuck = try RawHTTP.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", port: served.port, wait: 60)
        #expect(stuck.closedByServer)
        #expect(stuck.status == 0)
        // A complete request on the same server is still answered.
        #expect(try RawHTTP.get("/", port: served.port).status == 200)
        #expect(served.stop() == 0)
    }
}
