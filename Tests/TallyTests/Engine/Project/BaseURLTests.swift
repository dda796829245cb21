import Foundation
import Testing
@testable import Tally

@Suite("Base URL: absolute http(s) only, used where links must be absolute")
struct BaseURLTests {
    @Test("bad values are refused with what was expected", arguments: ["example.org", "not a url", "ftp://example.org/", "mailto:a@b.c",
                                                                      "javascript:alert(1)", "https://", "//example.org/", "https://example.org/?q=1",
                                                                      "https://user:pw@example.org/", "https://example.org/a b/"])
    func refused(value: String) {
        do {
            _ = try BaseURL(validating: value)
            Issue.record("\(value) was accepted")
        } catch {
            #expect("\(error)".contains("expected an absolute http(s) URL"))
        }
    }

    @Test("good values are kept with a trailing slash", arguments: [("https://example.org", "https://example.org/", "/"),
                                                                     ("http://Example.org:8080/dash", "http://example.org:8080/dash/", "/dash/"),
                                                                     ("https://example.org/a/b/", "https://example.org/a/b/", "/a/b/")])
    func accepted(value: String, string: String, path: String) throws {
        let url = try BaseURL(validating: value)
        #expect(url.string == string)
        #expect(url.path == path)
        #expect(url.url(for: "searches/index.html") == string + "searches/")
        #expect(url.url(for: "index.html") == string)
    }

    @Test("tally.toml's base_url is checked the same way")
    func config() throws {
        let folder = TemporaryFolder()
        try folder.write(["tally.toml": "base_url = \"example.org\"\n"])
        #expect(throws: ConfigError.self) { try ProjectConfig.load(folder: folder.url) }
        do { _ = try ProjectConfig.load(folder: folder.url) } catch {
            #expect("\(error)".contains("expected an absolute http(s) URL"))
        }
    }

    @Test("the sitemap, robots.txt, canonical and Open Graph URLs carry the base URL; links stay relative")
    func hosting() throws {
        let project = TestProject()
        try project.folder.write(["tally.toml": "title = \"t\"\nbase_url = \"https://example.org/dash\"\n",
                                  "a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "42", text: "#a")])])
        try project.importFiles(["a.json"])
        var config = try ProjectConfig.load(folder: project.folder.url)
        config.templates = Fixture.repository.appendingPathComponent("templates").path
        try SiteBuilder(project: config).build()
        let sitemap = try project.page("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/dash/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/dash/tweets/42/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/dash/searches/q/tweets/</loc>"))
        #expect(!sitemap.contains("404"))
        #expect(try project.page("robots.txt") == "User-agent: *\nAllow: /\nSitemap: https://example.org/dash/sitemap.xml\n")
        let tweet = try project.page("tweets/42/index.html")
        #expect(tweet.contains("<link rel=\"canonical\" href=\"https://example.org/dash/tweets/42/\">"))
        #expect(tweet.contains("<meta property=\"og:url\" content=\"https://example.org/dash/tweets/42/\">"))
        #expect(tweet.contains("href=\"../../assets/tally.css\""))
        // The 404 page's links start from the base URL's path, so they work at any depth.
        let missing = try project.page("404.html")
        #expect(missing.contains("href=\"/dash/assets/tally.css\"") && missing.contains("href=\"/dash/index.html\""))
        #expect(!missing.contains("rel=\"canonical\""))
        // Opened from disk, its one inline script makes those links relative; it knows their start.
        #expect(missing.contains("<script data-root=\"/dash/\">"))
    }

    @Test("the CSP hash the 404 page gives is its inline script's SHA-256")
    func notFoundScriptHash() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import base64, hashlib, sys; print(base64.b64encode(hashlib.sha256(sys.argv[1].encode()).digest()).decode())",
                             NotFoundPage.fileScript]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(NotFoundPage.fileScriptHash == "sha256-" + output.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!NotFoundPage.fileScript.contains("</"))
    }

    @Test("without a base URL there is no sitemap, robots.txt allows all, and the 404 page links from /")
    func noBaseURL() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "#a")])])
        try project.importFiles(["a.json"])
        try project.build()
        #expect(!project.folder.exists("public/sitemap.xml"))
        #expect(try project.page("robots.txt") == "User-agent: *\nAllow: /\n")
        #expect(try project.page("404.html").contains("<h1>Page not found</h1>"))
        #expect(try project.page("404.html").contains("href=\"/index.html\""))
        #expect(!(try project.page("index.html")).contains("rel=\"canonical\""))
    }
}

@Suite("Sitemap: split past the protocol's limit")
struct SitemapTests {
    @Test("a site with more pages than one sitemap may list gets an index and parts")
    func parts() throws {
        let paths = (0..<5).map { "tweets/\($0)/index.html" }
        let files = HostingFiles.make(pagePaths: paths, baseURL: "https://example.org/", partSize: 2)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "robots.txt"])
        let index = String(decoding: files[0].bytes, as: UTF8.self)
        #expect(index.contains("<sitemapindex") && index.contains("<loc>https://example.org/sitemap-3.xml</loc>"))
        #expect(String(decoding: files[3].bytes, as: UTF8.self).contains("<loc>https://example.org/tweets/4/</loc>"))
    }
}
