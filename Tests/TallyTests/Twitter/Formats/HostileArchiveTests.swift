import Foundation
import Testing
import ZIPFoundation
@testable import Tally

/// Archives built to harm: links and FIFOs in an unpacked folder, zip bombs and bloated entries
/// made here with ZIPFoundation. Each is refused with a message naming the file inside it, and
/// leaves no tweet and no picture behind.
@Suite("Hostile Twitter archives")
struct HostileArchiveTests {
    static let picture = "2029903943413772741-HCuq2zDboAAKHUC.jpg"
    static let account = """
        window.YTD.account.part0 = [ { "account" : { "username" : "owner", "accountId" : "42", "accountDisplayName" : "Owner" } } ]
        """
    static let tweets = """
        window.YTD.tweets.part0 = [ { "tweet" : { "id_str" : "2029903943413772741", "full_text" : "hello #tally",
          "created_at" : "Fri Mar 06 12:00:00 +0000 2026", "entities" : { "hashtags" : [ { "text" : "tally", "indices" : [ "6", "12" ] } ] } } } ]
        """

    /// `archive/data/…` with an account, one tweet and one picture.
    private func unpacked(in project: TestProject) throws -> URL {
        try project.folder.write([
            "archive/data/account.js": Self.account,
            "archive/data/tweets.js": Self.tweets,
            "archive/data/tweets_media/\(Self.picture)": "not really a jpeg",
        ])
        return project.folder.url.appendingPathComponent("archive")
    }

    private func mediaFolder(_ project: TestProject) throws -> URL {
        try project.store.filesFolder.appendingPathComponent("twitter/media")
    }

    /// What the files folder holds: kept pictures and any staging folder left behind.
    private func keptFiles(_ project: TestProject) throws -> [String] {
        let twitter = try project.store.filesFolder.appendingPathComponent("twitter")
        let top = (try? FileManager.default.contentsOfDirectory(atPath: twitter.path)) ?? []
        let media = (try? FileManager.default.contentsOfDirectory(atPath: try mediaFolder(project).path)) ?? []
        return top.filter { $0 != "media" } + media
    }

    private func importRefused(_ project: TestProject, _ url: URL, limits: TwitterArchive.Limits? = nil) throws -> String {
        let importer = Importer(store: try project.store)
        do {
            if let limits {
                // The engine's path, with a bundle opened under smaller caps.
                let bundle = try TwitterArchive.bundle(at: url, filesFolder: try project.store.filesFolder.appendingPathComponent("twitter"),
                                                       limits: limits)
                bundle?.staged?.discard()
                Issue.record("the archive was accepted")
                return ""
            }
            _ = try importer.importPath(url, displayName: url.lastPathComponent)
        } catch {
            #expect(try project.store.allTweets().isEmpty, "nothing of a refused archive is stored")
            #expect(try keptFiles(project).isEmpty, "a refused archive leaves no picture and no staging folder")
            return "\(error)"
        }
        Issue.record("the archive was accepted")
        return ""
    }

    @Test("a symbolic link among the pictures (to a local file or a folder) or as the tweet file is refused, and what it points to never reaches the store",
          arguments: [("data/tweets_media/5-shadow.jpg", "secret.txt"), ("data/tweets_media/etc.jpg", "/etc"), ("data/tweets.js", "elsewhere.js")])
    func link(path: String, target: String) throws {
        let project = TestProject()
        let root = try unpacked(in: project)
        try project.folder.write(["secret.txt": "root:x:0:0", "elsewhere.js": Self.tweets])
        let link = root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: link)
        let destination = target.hasPrefix("/") ? target : project.folder.url.appendingPathComponent(target).path
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
        let message = try importRefused(project, root)
        #expect(message.contains("\(path) is a symbolic link"), "\(message)")
    }

    @Test("a FIFO among the pictures, as the tweet file or as account.js is refused without being opened", arguments: [
        "data/tweets_media/9-pipe.jpg", "data/tweets.js", "data/account.js",
    ])
    func fifo(path: String) throws {
        let project = TestProject()
        let root = try unpacked(in: project)
        let fifo = root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        // Opening the FIFO for reading would wait here for ever: the test ends only if it is not opened.
        let message = try importRefused(project, root)
        #expect(message.contains("\(path) is a named pipe (FIFO)"), "\(message)")
    }

    /// A zip of `entries` (path, bytes, compressed or stored), in order.
    private func zip(_ entries: [(String, [UInt8], CompressionMethod)], in project: TestProject) throws -> URL {
        let url = project.folder.url.appendingPathComponent("twitter-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes, method) in entries {
            let data = Data(bytes)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: method) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    private var goodEntries: [(String, [UInt8], CompressionMethod)] {
        [("twitter/data/account.js", Array(Self.account.utf8), .deflate),
         ("twitter/data/tweets_media/\(Self.picture)", Array("a picture".utf8), .deflate)]
    }

    @Test("a zip bomb (a tweet file inflating a thousand times) is refused past a hundred times its compressed size or the zip's",
          arguments: [false, true])
    func bomb(padded: Bool) throws {
        let project = TestProject()
        // 8 MiB of spaces deflate to about 8 KB. A large stored picture makes the zip big enough
        // that the entry's own ratio, not the whole zip's, stops it.
        let bloated = Array(Self.tweets.utf8) + [UInt8](repeating: 0x20, count: 8 << 20)
        let padding: [(String, [UInt8], CompressionMethod)] = padded ? [("twitter/data/tweets_media/1-big.jpg", [UInt8](repeating: 7, count: 2 << 20), .none)] : []
        let url = try zip(goodEntries + padding + [("twitter/data/tweets.js", bloated, .deflate)], in: project)
        let message = try importRefused(project, url)
        let expected = padded ? "data/tweets.js inflates to more than 100 times its compressed size"
            : "its files inflate to more than 100 times the zip's size"
        #expect(message.contains(expected) && message.contains("data/tweets.js"), "\(message)")
        #expect(message.contains("refused as a zip bomb, nothing of the archive was imported"))
    }

    @Test("many small entries that each stay within the first MiB still stop at a hundred times the zip's size")
    func manySmallBombs() throws {
        let project = TestProject()
        let half = [UInt8](repeating: 0x20, count: 1 << 19)
        let url = try zip(goodEntries + (1...400).map { ("twitter/data/tweets_media/\($0)-x.jpg", half, .deflate) }
                          + [("twitter/data/tweets.js", Array(Self.tweets.utf8), .deflate)], in: project)
        let message = try importRefused(project, url)
        #expect(message.contains("its files inflate to more than 100 times the zip's size"), "\(message)")
    }

    @Test("a stored account.js past its 1 MiB cap is refused, and so is the command, with a non-zero exit")
    func bloatedAccount() throws {
        let project = TestProject()
        let bloated = Array(Self.account.utf8) + [UInt8](repeating: 0x20, count: 1 << 20)
        let url = try zip(goodEntries.dropFirst() + [("twitter/data/account.js", bloated, .none), ("twitter/data/tweets.js", Array(Self.tweets.utf8), .deflate)],
                          in: project)
        let message = try importRefused(project, url)
        #expect(message.contains("data/account.js holds more than 1 MiB"), "\(message)")
        let result = try CommandLineTool.run(["import", "--store", "cli.sqlite", url.lastPathComponent], in: project.folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("data/account.js holds more than 1 MiB"), "\(result.stderr)")
        #expect(!project.folder.exists("cli.sqlite.files/twitter/media/\(Self.picture)"))
    }

    @Test("a picture or tweet file past its cap is refused, from a zip and from a folder", arguments: [true, false])
    func cappedEntries(zipped: Bool) throws {
        let project = TestProject()
        let small = TwitterArchive.Limits(owner: 1 << 10, tweets: 4 << 10, media: 1 << 10)
        let picture = [UInt8](repeating: 7, count: 2 << 10)
        let source: URL
        if zipped {
            source = try zip([("twitter/data/tweets.js", Array(Self.tweets.utf8), .deflate),
                              ("twitter/data/tweets_media/\(Self.picture)", picture, .none)], in: project)
        } else {
            source = try unpacked(in: project)
            try Data(picture).write(to: source.appendingPathComponent("data/tweets_media/\(Self.picture)"))
        }
        let message = try importRefused(project, source, limits: small)
        #expect(message.contains("data/tweets_media/\(Self.picture) holds more than 1 KiB"), "\(message)")
    }

    @Test("an archive whose tweet file is rejected leaves none of its pictures; a good one then keeps them")
    func rejectedLeavesNoPictures() throws {
        let project = TestProject()
        let bad = try zip(goodEntries + [("twitter/data/tweets.js", Array("window.YTD.tweets.part0 = [ { \"tweet\" : ".utf8), .deflate)], in: project)
        let message = try importRefused(project, bad)
        #expect(message.contains("data/tweets.js"), "\(message)")
        let good = try zip(goodEntries + [("twitter/data/tweets.js", Array(Self.tweets.utf8), .deflate)], in: project)
        _ = try Importer(store: try project.store).importPath(good, displayName: "good.zip")
        #expect(try keptFiles(project) == [Self.picture])
    }

    @Test("a staging folder left by a killed import is removed by the next one; a live process's stays")
    func staleStaging() throws {
        let project = TestProject()
        let twitter = try project.store.filesFolder.appendingPathComponent("twitter")
        // No process has the largest pid.
        let stale = twitter.appendingPathComponent(".staging-2147483647-0E9A")
        let live = twitter.appendingPathComponent(".staging-\(getpid() == 1 ? 2 : 1)-0E9B")
        for folder in [stale, live] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("half a picture".utf8).write(to: folder.appendingPathComponent(Self.picture))
        }
        _ = try Importer(store: try project.store).importPath(try unpacked(in: project), displayName: "archive")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "pid 1 is running: its staging folder may still be in use")
        #expect(try Data(contentsOf: mediaFolder(project).appendingPathComponent(Self.picture)) == Data("not really a jpeg".utf8))
    }
}
