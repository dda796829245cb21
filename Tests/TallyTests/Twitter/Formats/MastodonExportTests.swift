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
        // The owner's avatar and header beside actor.json, as an export has them.
        try Data("jpeg avatar".utf8).write(to: root.appendingPathComponent("avatar.jpg"))
        try Data("png header".utf8).write(to: root.appendingPathComponent("header.png"))
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
        let owner = try #require(post.author?.id)
        // The owner's pictures are kept under the owner's key, beside the posts' pictures.
        let avatar = MastodonExport.OwnerPicture.avatar.keptName(owner: owner, extension: "jpg")
        let header = MastodonExport.OwnerPicture.header.keptName(owner: owner, extension: "png")
        #expect(kept == [avatar, header, "mastodon-63a81769839a7ef6.jpg", "mastodon-ebbb5d342877102f.jpg"].sorted())
        #expect(try Data(contentsOf: media.appendingPathComponent(avatar)) == Data("jpeg avatar".utf8))
        #expect(try Data(contentsOf: media.appendingPathComponent(header)) == Data("png header".utf8))
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
        // The owner's avatar, from the site's own copy, on their posts' cards, the People table
        // and their page; their header on their page.
        let owner = try #require(try project.store.allTweets().first?.author)
        let avatar = Routes.archiveMedia(MastodonExport.OwnerPicture.avatar.keptName(owner: owner.id, extension: "jpg"))
        let header = Routes.archiveMedia(MastodonExport.OwnerPicture.header.keptName(owner: owner.id, extension: "png"))
        #expect(project.outputFiles().contains(avatar) && project.outputFiles().contains(header))
        #expect(page.contains("src=\"../\(avatar)\""))
        #expect(try project.page(Routes.people).contains("src=\"../\(avatar)\""))
        let person = try project.page(Routes.person(owner.screenName))
        #expect(person.contains("src=\"../../\(avatar)\"") && person.contains("src=\"../../\(header)\""))
    }

    @Test("an export with a link among its pictures, or as its outbox, is refused whole and keeps nothing")
    func links() throws {
        for place in ["media_attachments/files/link.jpg", "media_attachments", "outbox.json", "avatar.jpg"] {
            let temporary = TemporaryFolder()
            let root = try exportFolder(in: temporary)
            let target = root.appendingPathComponent(place)
            if place == "media_attachments" || place == "outbox.json" || place == "avatar.jpg" { try FileManager.default.removeItem(at: target) }
            try FileManager.default.createSymbolicLink(at: target, withDestinationURL: URL(fileURLWithPath: place == "media_attachments" ? "/etc" : "/etc/hostname"))
            let project = TestProject()
            #expect(throws: ImportError.self, "\(place)") { try Importer(store: try project.store).importPath(root) }
            #expect(try project.store.allTweets().isEmpty)
            let media = try project.store.filesFolder.appendingPathComponent("twitter/media")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).isEmpty, "\(place)")
        }
    }

    /// `tar -czf` of `folder`'s `name`, as Mastodon's older exports were made.
    private func tarGz(_ name: String, in folder: URL, to archive: URL) throws {
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["-czf", archive.path, "-C", folder.path, name]
        try tar.run()
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
    }

    @Test("a .tar.gz export imports the same", .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/tar")))
    func tarGz() throws {
        let temporary = TemporaryFolder()
        let root = try exportFolder(in: temporary)
        let archive = temporary.url.appendingPathComponent("archive-20260101.tar.gz")
        try tarGz(root.lastPathComponent, in: temporary.url, to: archive)
        try expectImported(archive, project: TestProject())
    }

    @Test("a .tar.gz cut short, one with no export in it, and a gzip bomb are refused whole",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/tar")))
    func hostileTarGz() throws {
        let temporary = TemporaryFolder()
        let root = try exportFolder(in: temporary)
        let whole = temporary.url.appendingPathComponent("whole.tar.gz")
        try tarGz(root.lastPathComponent, in: temporary.url, to: whole)
        let bytes = try Data(contentsOf: whole)
        let cut = temporary.url.appendingPathComponent("cut.tar.gz")
        try bytes.prefix(bytes.count / 2).write(to: cut)
        try temporary.write(["other/notes.txt": "no export here"])
        let other = temporary.url.appendingPathComponent("other.tar.gz")
        try tarGz("other", in: temporary.url, to: other)
        // Four MiB of zeros in the media folder: a few KiB compressed, a thousand times more inflated.
        try Data(count: 4 << 20).write(to: root.appendingPathComponent("media_attachments/files/zeros.jpg"))
        let bomb = temporary.url.appendingPathComponent("bomb.tar.gz")
        try tarGz(root.lastPathComponent, in: temporary.url, to: bomb)
        // Cut short, the stream ends in the middle of a file, or what the inflater makes of the
        // missing end is no tar header: either way the archive is refused.
        for (archive, says) in [(cut, ["cut short", "damaged"]), (other, ["without outbox.json"]), (bomb, ["gzip bomb"])] {
            let project = TestProject()
            #expect {
                try Importer(store: try project.store).importPath(archive)
            } throws: { error in
                says.contains { "\(error)".contains($0) }
            }
            #expect(try project.store.allTweets().isEmpty)
            let media = try project.store.filesFolder.appendingPathComponent("twitter/media")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).isEmpty)
        }
    }

    @Test("an export's picture is found by its file name whether its path has a leading slash, an instance prefix or neither")
    func mediaPathForms() {
        let directory = TwitterDirectory(terms: [], people: [], hashtags: [], localMedia: ["mastodon-f59eb11efe5d8172.jpg"])
        let status = "https://mastodon.social/users/lmorchard/statuses/1"
        let page = "tweets/x/index.html"
        for url in ["/media_attachments/files/000/146/459/original/f59eb11efe5d8172.jpg",
                    "media_attachments/files/000/146/459/original/f59eb11efe5d8172.jpg",
                    "https://mastodon.social/system/media_attachments/files/000/146/459/original/f59eb11efe5d8172.jpg"] {
            #expect(directory.imageSource(url, tweet: status, from: page) == "../../media/twitter/mastodon-f59eb11efe5d8172.jpg", "\(url)")
        }
        // A tweet's picture is never taken for an export's, and a path with no copy shows nothing.
        #expect(directory.imageSource("https://pbs.twimg.com/media/f59eb11efe5d8172.jpg", tweet: "123", from: page) == "https://pbs.twimg.com/media/f59eb11efe5d8172.jpg")
        #expect(directory.imageSource("/media_attachments/files/other.jpg", tweet: status, from: page) == nil)
    }
}
