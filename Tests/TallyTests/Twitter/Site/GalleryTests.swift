import Foundation
import Testing
@testable import Tally

/// The gallery: every stored picture, newest first, each opening its post, paged like the post lists.
@Suite("The gallery of pictures")
struct GalleryTests {
    private func items(_ html: String) -> [String] {
        html.matches(of: /<li><a href="([^"]*)"><img class="thumb"/).map { String($0.output.1) }
    }

    @Test("the sample's 60 pictures: 50 oldest on page 1, the 10 newest at the gallery's address, each leading to a stored post")
    func sample() throws {
        let project = TestProject()
        let data = Fixture.repository.appendingPathComponent("content/data")
        let names = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        let importer = Importer(store: try project.store)
        for name in names { _ = try importer.importFile(data.appendingPathComponent(name), displayName: name) }
        #expect(try project.store.galleryCount() == 60)
        try project.build()
        let newest = try project.page(Routes.gallery())
        let first = try project.page(Routes.gallery(page: 1))
        #expect(items(newest).count == 10 && items(first).count == 50)
        #expect(newest.contains("60 pictures from the stored posts, newest first"))
        #expect(first.contains("Pictures 1–50, counted from the oldest") && !first.contains("60 pictures"))
        #expect(!project.folder.exists("public/gallery/2/index.html"))
        // Older and newer, and the page numbers, as on the post lists.
        #expect(newest.contains("href=\"../gallery/1/index.html\">Older →"))
        #expect(first.contains("rel=\"prev\" href=\"../../gallery/index.html\">← Newer"))
        #expect(first.contains("<ol class=\"page-numbers\""))
        for href in items(newest) {
            #expect(href.hasPrefix("../tweets/") && project.folder.exists("public/" + href.dropFirst(3)), "\(href)")
        }
        // Newest first: the first thumbnail's post is at least as new as the last one's.
        let posts = try items(newest).map { String($0.dropFirst("../".count)) }.map { path in
            try #require(project.page(path).firstMatch(of: /datetime="([^"]+)"/)).output.1
        }
        #expect(posts == posts.sorted(by: >))
        // A picture's own alt text where the data has it (a Mastodon attachment's description);
        // else what it is, whose post and which day.
        let alts = (newest + first).matches(of: /<img class="thumb"[^>]* alt="([^"]*)"/).map { String($0.output.1) }
        #expect(alts.count == 60)
        #expect(alts.contains("a furry cube breakdancing"))
        #expect(alts.contains("Video 1, preview, of a post by Stranger Things on 2019-07-11"))
        #expect(alts.allSatisfy { !$0.hasPrefix("Photo") || $0.firstMatch(of: /^Photo \d+ of a post( by .+)? on \d{4}-\d\d-\d\d$/) != nil }, "\(alts)")
        // Reached from the home page.
        #expect(try project.page(Routes.home).contains("href=\"gallery/index.html\">Pictures</a>"))
    }

    @Test("a store without pictures still has the gallery's page, saying so")
    func empty() throws {
        let project = TestProject()
        try project.folder.write(["a.json": Synthetic.searchPage(query: "a", [TweetSpec(id: "1", text: "no picture")])])
        try project.importFiles(["a.json"])
        try project.build()
        let page = try project.page(Routes.gallery())
        #expect(page.contains("No pictures are stored.") && page.contains("0 pictures"))
    }
}
