import Foundation
import Testing
@testable import Tally

/// Tweets and people carrying markup, script URLs, Markdown, entities, directional overrides and
/// path-like ids (Fixtures/hostile): every page must show them as inert text.
@Suite("Hostile data stays inert")
struct HostileDataTests {
    private func buildHostile() throws -> TestProject {
        let project = TestProject()
        let folder = Fixture.url("hostile")
        let importer = Importer(store: try project.store)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            _ = try importer.importFile(folder.appendingPathComponent(name), displayName: name)
        }
        try project.build()
        return project
    }

    @Test("no page carries live markup from data")
    func inert() throws {
        let project = try buildHostile()
        let pages = project.outputFiles().filter { $0.hasSuffix(".html") }
        #expect(pages.count >= 15)
        // An event handler attribute: quoted attribute values (escaped data in `content="…"`) are skipped.
        let liveAttribute = try Regex("<[a-zA-Z](?:[^>\"']|\"[^\"]*\"|'[^']*')*\\son[a-z]+\\s*=")
        let scriptTag = try Regex("<script[^>]*>")
        let anyImage = try Regex("<img[^>]*>")
        let badURL = try Regex("(href|src)=\"\\s*(javascript|data|vbscript):")
        for path in pages {
            let html = try project.page(path)
            var scripts = html.matches(of: scriptTag).map { String(html[$0.range]) }
            // The 404 page alone has an inline script, fixed (not from data) and allowed by its hash.
            let notFound = path == Routes.notFound
            if notFound {
                #expect(scripts.last == "<script data-root=\"/\">" && html.contains("<script data-root=\"/\">\(NotFoundPage.fileScript)</script>"))
                scripts.removeLast()
            }
            // The search page adds the index's contents and its script; a page of a list of
            // posts, the filter's script.
            let extra = path == Routes.search ? ["search/index.js\" defer>", "assets/search.js\" defer>"]
                : html.contains("<ol class=\"tweets\">") ? ["assets/posts.js\" defer>"] : []
            #expect(scripts.count == 2 + extra.count && scripts[0].hasSuffix("assets/site.js\" defer>") && scripts[1].hasSuffix("assets/tally.js\" defer>"),
                    "\(path): \(scripts)")
            #expect(zip(scripts.dropFirst(2), extra).allSatisfy { $0.hasSuffix($1) }, "\(path): \(scripts)")
            #expect(html.firstMatch(of: liveAttribute) == nil, "\(path)")
            #expect(html.firstMatch(of: badURL) == nil, "\(path)")
            // Pictures come only from code (avatars, thumbnails, zoomable images), never from data.
            let images = html.matches(of: anyImage).map { String(html[$0.range]) }
            #expect(images.allSatisfy { $0.hasPrefix("<img class=\"avatar-img\"") || $0.hasPrefix("<img class=\"thumb\"") || $0.hasPrefix("<img class=\"zoomable\"") },
                    "\(path): \(images)")
            #expect(!html.contains("<em>") && !html.contains("<code>") && !html.contains("<h1>heading"), "\(path)")
            #expect(!html.unicodeScalars.contains { $0.value == 0x202E }, "\(path) keeps a right-to-left override")
            let scriptSources = notFound ? "'self' '\(NotFoundPage.fileScriptHash)'" : "'self'"
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src \(scriptSources);"), "\(path)")
        }
        // The search index holds the same text as JavaScript strings: escaped, never markup.
        let index = project.outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }
        #expect(index.count >= 3)
        for path in index {
            let text = try project.page(path)
            #expect(!text.contains("<") && !text.unicodeScalars.contains { $0.value == 0x2028 }, "\(path)")
        }
        #expect(try index.map { try project.page($0) }.joined().contains("\\u003cscript>alert('text')"))
        let tweet = try project.page("tweets/1/index.html")
        // The post card escapes quotes of both kinds (`SafeHTMLContentType`).
        #expect(tweet.contains("&lt;script&gt;alert(&#39;text&#39;)&lt;/script&gt;"))
        let term = try #require(try project.store.allTerms().first { $0.text.hasPrefix("<script>") })
        let popularity = try project.page(Routes.popularity(term))
        // Tags with table syntax stay inside their cells: two columns per row.
        #expect(popularity.contains(">#a|b</a></td>\n<td class=\"align-right\">2</td>"))
        #expect(popularity.contains(">#c`d</a></td>") && popularity.contains(">#e*f</a></td>"))
    }

    @Test("ids and names never make a path outside the folder, nor two paths differing only in case")
    func paths() throws {
        let project = try buildHostile()
        let files = project.outputFiles()
        for path in files {
            #expect(path.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || "-._/".utf8.contains($0) }, "\(path)")
            #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "con" || $0.count > 80 }, "\(path)")
        }
        #expect(Set(files.map { $0.lowercased() }).count == files.count)
        // "abc" and "ABC", and the 300-character and path-like ids, all have pages of their own.
        #expect(files.filter { $0.hasPrefix("tweets/") }.count == 11)
        let top = try FileManager.default.contentsOfDirectory(atPath: project.folder.url.path).sorted()
        // Beside the site only its bookkeeping: the manifest, the state and the shelf of post cards,
        // whose name is Tally's own (`PartShelf`), never made from data; and the project's cache,
        // holding the counts kept for the next build, named by a digest of the store's path.
        #expect(top.allSatisfy { $0 == "public" || $0 == ".public.tally-manifest" || $0 == ".public.tally-state" || $0.hasPrefix("tally.sqlite")
                    || ($0.hasPrefix(".public.tally-parts-") && $0.dropFirst(20).allSatisfy(\.isHexDigit)) || $0 == ".tally" }, "\(top)")
        #expect(top.filter { $0.hasPrefix(".public.tally-parts-") }.count == 1)
        let cache = project.folder.url.appendingPathComponent(".tally")
        let cached = FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []
        #expect(cached.allSatisfy { ["cache", "cache/twitter"].contains($0) || ($0.hasPrefix("cache/twitter/counts-") && $0.dropFirst(21).allSatisfy(\.isHexDigit)) },
                "\(cached)")
    }

    @Test("names that differ only in case are one term with one page")
    func caseVariants() throws {
        let project = try buildHostile()
        let terms = try project.store.allTerms().map(\.folded)
        #expect(terms.filter { $0 == "con" }.count == 1)
    }
}
