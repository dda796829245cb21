import Foundation
import Testing
@testable import Tally

/// A whole Twitter archive, made in the test from the archive fixture: its owner on every tweet,
/// its pictures copied into the site.
@Suite("Twitter archives, as a folder and as a zip")
struct ArchiveImportTests {
    static let photoTweet = "2029903943413772741"
    static let png: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAFElEQVR4nGP8z8Dwn4GBgYGJAQoAHRgCBKUbtSkAAAAASUVORK5CYII=")!)

    /// `twitter-archive/data/…` inside `folder`.
    private func makeArchive(in folder: TemporaryFolder) throws -> URL {
        let root = folder.url.appendingPathComponent("twitter-archive")
        try folder.write([
            "twitter-archive/data/account.js": """
                window.YTD.account.part0 = [ { "account" : { "email" : "x@example.org", "createdVia" : "web", "username" : "milahu104",
                  "accountId" : "1601979591366414336", "createdAt" : "2022-12-11T16:49:10.000Z", "accountDisplayName" : "Milan Hauth" } } ]
                """,
            "twitter-archive/data/profile.js": """
                window.YTD.profile.part0 = [ { "profile" : { "description" : { "bio" : "bio; with, commas", "website" : "https://t.co/abc",
                  "location" : "Germany" }, "avatarMediaUrl" : "https://pbs.twimg.com/profile_images/1/a.jpg" } } ]
                """,
        ])
        let data = root.appendingPathComponent("data")
        try FileManager.default.copyItem(at: Fixture.url("archive-tweets.js"), to: data.appendingPathComponent("tweets.js"))
        let media = data.appendingPathComponent("tweets_media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try Data(Self.png).write(to: media.appendingPathComponent("\(Self.photoTweet)-HCuq2zDboAAKHUC.jpg"))
        try Data(Self.png).write(to: media.appendingPathComponent("..hidden"))
        return root
    }

    /// Zips `folder` (kept as the zip's top folder) with Python's zipfile, as a download would hold it.
    private func zip(_ folder: URL, to zip: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, sys, zipfile
            root, out = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                for base, _, files in os.walk(root):
                    for name in files:
                        path = os.path.join(base, name)
                        z.write(path, os.path.relpath(path, os.path.dirname(root)))
            """, folder.path, zip.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    private func check(_ project: TestProject, _ summaries: [ImportSummary]) throws {
        #expect(summaries.count == 1)
        #expect(summaries[0].newTweets == 2045)
        let store = try project.store
        let tweets = try store.allTweets()
        #expect(tweets.allSatisfy { $0.author?.screenName == "milahu104" })
        let owner = try #require(try store.people().first { $0.user.screenName == "milahu104" })
        #expect(owner.user.bio == "bio; with, commas" && owner.user.location == "Germany" && owner.tweetCount == 2045)
        try project.build()
        let page = try project.page(Routes.tweet(Self.photoTweet))
        let local = Routes.archiveMedia("\(Self.photoTweet)-HCuq2zDboAAKHUC.jpg")
        #expect(page.contains("src=\"../../\(local)\""), "the picture shows offline, from the site's own copy")
        #expect(try [UInt8](Data(contentsOf: project.folder.url.appendingPathComponent("public/" + local))) == Self.png)
        #expect(page.contains("Milan Hauth"))
        let card = try project.page(Routes.contactCard("milahu104"))
        #expect(card.contains("NOTE:bio\\; with\\, commas\r\n"))
    }

    @Test("an unpacked archive folder imports with its owner on every tweet and its pictures kept")
    func folder() throws {
        let project = TestProject()
        let root = try makeArchive(in: project.folder)
        let summaries = try Importer(store: try project.store).importPath(root, displayName: "twitter-archive")
        try check(project, summaries)
    }

    @Test("the archive's .zip as downloaded imports the same")
    func zipped() throws {
        let project = TestProject()
        let root = try makeArchive(in: project.folder)
        let zip = project.folder.url.appendingPathComponent("twitter-2026.zip")
        try self.zip(root, to: zip)
        try FileManager.default.removeItem(at: root)
        let summaries = try Importer(store: try project.store).importPath(zip, displayName: "twitter-2026.zip")
        try check(project, summaries)
    }

    @Test("a zip that is no Twitter archive is refused, naming the file")
    func notAnArchive() throws {
        let project = TestProject()
        try project.folder.write(["x/readme.txt": "hello"])
        let zip = project.folder.url.appendingPathComponent("other.zip")
        try self.zip(project.folder.url.appendingPathComponent("x"), to: zip)
        #expect { try Importer(store: try project.store).importPath(zip, displayName: "other.zip") } throws: {
            "\($0)".contains("without data/tweets.js")
        }
    }

    @Test("a lone tweets.js names no author, and its summary says how to name one")
    func loneWithoutOwner() throws {
        let project = TestProject()
        let summaries = try Importer(store: try project.store).importPath(Fixture.url("archive-tweets.js"), displayName: "tweets.js")
        #expect(summaries.first?.twitter.authorless == 2045)
        let line = "\(summaries[0])"
        #expect(line.contains("2045 of them name no author") && line.contains(".zip") && line.contains("--owner NAME"), "\(line)")
    }

    @Test("tally import --owner NAME tweets.js files every tweet under that person, listed in People")
    func loneWithOwner() throws {
        let project = TestProject()
        let summaries = try Importer(store: try project.store, options: [TwitterArchive.namedOwnerKey: "@milahu104"])
            .importPath(Fixture.url("archive-tweets.js"), displayName: "tweets.js")
        #expect(summaries.first?.twitter.authorless == 0)
        #expect(!"\(summaries[0])".contains("no author"))
        let store = try project.store
        let owner = try #require(try store.people().first { $0.user.screenName == "milahu104" })
        let own = try store.allTweets().filter { $0.author?.screenName == "milahu104" }
        #expect(owner.tweetCount == own.count && own.count == 2045)
        #expect(try store.allTweets().allSatisfy { $0.author != nil })
        try project.build()
        #expect(try project.page(Routes.people).contains("milahu104"))
    }

    @Test("--owner names a person already stored under that screen name (any case): the tweets join them")
    func loneWithKnownOwner() throws {
        let project = TestProject()
        try project.folder.write(["search.json": Synthetic.searchPage(query: "q", [TweetSpec(id: "1", text: "hello", user: "Milahu104")])])
        let importer = Importer(store: try project.store)
        _ = try importer.importPath(project.folder.url.appendingPathComponent("search.json"))
        let before = try #require(try project.store.people().first { $0.user.screenName == "Milahu104" })
        _ = try Importer(store: try project.store, options: [TwitterArchive.namedOwnerKey: "milahu104"])
            .importPath(Fixture.url("archive-tweets.js"), displayName: "tweets.js")
        let people = try project.store.people().filter { $0.user.screenName.lowercased() == "milahu104" }
        #expect(people.count == 1)
        #expect(people.first?.user.id == before.user.id && people.first!.tweetCount == 2046)
    }

    @Test("an archive's own owner wins over --owner")
    func archiveOwnerWins() throws {
        let project = TestProject()
        let root = try makeArchive(in: project.folder)
        let summaries = try Importer(store: try project.store, options: [TwitterArchive.namedOwnerKey: "someoneelse"])
            .importPath(root, displayName: "twitter-archive")
        try check(project, summaries)
        #expect(try project.store.people().allSatisfy { $0.user.screenName != "someoneelse" })
    }

    @Test("an --owner that is no screen name is refused", arguments: ["", "@", "a b", "../x", "<b>"])
    func badOwner(name: String) {
        #expect(TwitterArchive.screenName(fromOption: name) == nil)
    }
}
