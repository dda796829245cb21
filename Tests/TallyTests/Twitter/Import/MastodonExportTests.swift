import Foundation
import Testing
import ZIPFoundation
@testable import Tally

/// A Mastodon account export as the server offers it (`.zip`) and unpacked (a folder).
@Suite("Mastodon exports", .enabled(if: NetworkFixture.available))
struct MastodonExportTests {
    /// An export folder: the real outbox and actor, one activity with two pictures, and the
    /// pictures under `media_attachments/` as the export keeps them.
    private func exportFolder(in folder: TemporaryFolder) throws -> URL {
        let root = folder.url.appendingPathComponent("archive-20260101")
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        let activity = try String(contentsOf: NetworkFixture.shared("mastodon_archive", "fossilizer__activity-with-attachment.json"), encoding: .utf8)
        let outbox = "{\"type\": \"OrderedCollection\", \"id\": \"outbox.json\", \"totalItems\": 5, \"orderedItems\": [\(activity)]}"
        try Data(outbox.utf8).write(to: root.appendingPathComponent("outbox.json"))
        try manager.copyItem(at: NetworkFixture.shared("mastodon_archive", "fossilizer__actor.json"), to: root.appendingPathComponent("actor.json"))
        for name in ["002/337/518/original/ebbb5d342877102f.jpg", "002/337/520/original/63a81769839a7ef6.jpg"] {
            let file = root.appendingPathComponent("media_attachments/files/" + name)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("jpeg \(name)".utf8).write(to: file)
        }
        return root
    }

    private func expectImported(_ url: URL, project: TestProject) throws {
        let summaries = try Importer(store: try project.store).importPath(url)
        #expect(summaries.count == 1)
        let store = try project.store
        let post = try #require(try store.allTweets().first)
        // The export's owner (actor.json) is the author of every post in it.
        #expect(post.author?.screenName == "lmorchard@mastodon.social")
        #expect(post.author?.name.hasPrefix("Les Orchard") == true)
        let media = store.filesFolder.appendingPathComponent("twitter/media")
        let kept = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted()
        #expect(kept == ["mastodon-63a81769839a7ef6.jpg", "mastodon-ebbb5d342877102f.jpg"])
    }

    @Test("an unpacked export imports with its owner and keeps its pictures")
    func folder() throws {
        let temporary = TemporaryFolder()
        try expectImported(try exportFolder(in: temporary), project: TestProject())
    }

    @Test("a zipped export imports the same")
    func zip() throws {
        let temporary = TemporaryFolder()
        let root = try exportFolder(in: temporary)
        let zip = temporary.url.appendingPathComponent("export.zip")
        try FileManager.default.zipItem(at: root, to: zip)
        try expectImported(zip, project: TestProject())
    }

    @Test("the built site shows an export's picture from its own copy")
    func pictureInSite() throws {
        let temporary = TemporaryFolder()
        let project = TestProject()
        try expectImported(try exportFolder(in: temporary), project: project)
        try project.build()
        #expect(project.outputFiles().contains("media/twitter/mastodon-ebbb5d342877102f.jpg"))
        let page = try project.page("all-tweets/index.html")
        #expect(page.contains("media/twitter/mastodon-ebbb5d342877102f.jpg"))
    }

    @Test("an export with a link among its pictures, or as its outbox, is refused whole and keeps nothing")
    func links() throws {
        for place in ["media_attachments/files/link.jpg", "media_attachments", "outbox.json"] {
            let temporary = TemporaryFolder()
            let root = try exportFolder(in: temporary)
            let target = root.appendingPathComponent(place)
            if place == "media_attachments" || place == "outbox.json" { try FileManager.default.removeItem(at: target) }
            try FileManager.default.createSymbolicLink(at: target, withDestinationURL: URL(fileURLWithPath: place == "media_attachments" ? "/etc" : "/etc/hostname"))
            let project = TestProject()
            #expect(throws: ImportError.self, "\(place)") { try Importer(store: try project.store).importPath(root) }
            #expect(try project.store.allTweets().isEmpty)
            let media = try project.store.filesFolder.appendingPathComponent("twitter/media")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).isEmpty, "\(place)")
        }
    }
}
