import Foundation
import ZIPFoundation

/// A whole Twitter archive, as downloaded (`.zip`) or unpacked: `data/account.js` names the owner,
/// `data/profile.js` gives their bio, website, location and avatar, `data/tweets.js` and
/// `tweets-part*.js` (`tweet.js` in older archives) hold their tweets, and `data/tweets_media/` the
/// pictures, kept beside the store so the site shows them offline.
enum TwitterArchive {
    /// Option names that carry the owner to the archive format's reader.
    static let ownerKeys = (id: "twitter-archive-owner-id", username: "twitter-archive-owner-username", name: "twitter-archive-owner-name",
                            bio: "twitter-archive-owner-bio", website: "twitter-archive-owner-website",
                            location: "twitter-archive-owner-location", avatar: "twitter-archive-owner-avatar")

    static func bundle(at url: URL, filesFolder: URL) throws -> ImportBundle? {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        var temporary: URL? = nil
        var root: URL
        if isFolder.boolValue {
            root = url
        } else {
            guard url.pathExtension.lowercased() == "zip" else { return nil }
            let folder = manager.temporaryDirectory.appendingPathComponent("tally-archive-\(UUID().uuidString)")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            temporary = folder
            do {
                try extract(url, into: folder)
            } catch {
                try? manager.removeItem(at: folder)
                throw ImportError(file: url.path, place: nil, reason: "cannot be read as a zip archive (\(error))")
            }
            root = folder
        }
        // The data folder may sit at the top or one folder down (a zip of the unpacked folder).
        guard let data = dataFolder(in: root) else {
            if let temporary { try? manager.removeItem(at: temporary) }
            if isFolder.boolValue { return nil }
            throw ImportError(file: url.path, place: nil, reason: "is a zip without data/tweets.js; expected a Twitter archive as downloaded")
        }
        let names = (try? manager.contentsOfDirectory(atPath: data.path)) ?? []
        let tweetFiles = names.filter { name in
            (name == "tweets.js" || name == "tweet.js" || (name.hasPrefix("tweets-part") || name.hasPrefix("tweet-part")) && name.hasSuffix(".js"))
        }.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
        var options = ImportOptions()
        var note = "Twitter archive"
        // Values point into their parser's document: the parser lives as long as they are read.
        let parser = JSONParser()
        if let account = try? readYTD(data.appendingPathComponent("account.js"), parser: parser), let entry = account.firstElement?["account"] {
            if let id = entry["accountId"]?.identifier, let username = entry["username"]?.string {
                options[ownerKeys.id] = id
                options[ownerKeys.username] = username
                options[ownerKeys.name] = entry["accountDisplayName"]?.string ?? username
                note += " of @" + username
            }
        }
        let profileParser = JSONParser()
        if let profile = try? readYTD(data.appendingPathComponent("profile.js"), parser: profileParser), let entry = profile.firstElement?["profile"] {
            options[ownerKeys.bio] = entry["description"]?["bio"]?.string
            options[ownerKeys.website] = entry["description"]?["website"]?.string
            options[ownerKeys.location] = entry["description"]?["location"]?.string
            options[ownerKeys.avatar] = entry["avatarMediaUrl"]?.string
        }
        withExtendedLifetime((parser, profileParser)) {}
        var copied = 0
        let media = data.appendingPathComponent("tweets_media")
        if let files = try? manager.contentsOfDirectory(atPath: media.path), !files.isEmpty {
            let target = filesFolder.appendingPathComponent("media")
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            for file in files where isSafeName(file) {
                let destination = target.appendingPathComponent(file)
                if manager.fileExists(atPath: destination.path) { continue }
                try manager.copyItem(at: media.appendingPathComponent(file), to: destination)
                copied += 1
            }
        }
        note += ": \(tweetFiles.count) tweet files, \(copied) pictures kept"
        let documents = tweetFiles.map { (url: data.appendingPathComponent($0), name: "data/" + $0) }
        return ImportBundle(documents: documents, options: options, temporary: temporary, note: note)
    }

    /// The owner the bundle named, as the author of the archive's tweets.
    static func owner(_ options: ImportOptions) -> ImportedUser? {
        guard let id = options[ownerKeys.id], let username = options[ownerKeys.username] else { return nil }
        return ImportedUser(id: id, screenName: username, name: options[ownerKeys.name] ?? username, avatarURL: options[ownerKeys.avatar],
                            bio: options[ownerKeys.bio], location: options[ownerKeys.location], website: options[ownerKeys.website])
    }

    /// Media file names as the archive writes them (`<tweet id>-<name>.jpg`): nothing that could climb out of a folder.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.allSatisfy { byte in
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    static func dataFolder(in root: URL) -> URL? {
        let manager = FileManager.default
        func holdsTweets(_ folder: URL) -> Bool {
            ["tweets.js", "tweet.js"].contains { manager.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }
        if holdsTweets(root.appendingPathComponent("data")) { return root.appendingPathComponent("data") }
        if holdsTweets(root), root.lastPathComponent == "data" { return root }
        for child in ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
            let data = root.appendingPathComponent(child).appendingPathComponent("data")
            if holdsTweets(data) { return data }
        }
        return nil
    }

    /// Extracts what Tally reads (the `data/` scripts named above and `tweets_media/`), refusing
    /// entries whose paths would leave the folder.
    private static func extract(_ zip: URL, into folder: URL) throws {
        let archive = try Archive(url: zip, accessMode: .read)
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/").map(String.init)
            guard let dataIndex = parts.lastIndex(of: "data"), dataIndex <= 1, !parts.contains(".."), !parts.contains(".") else { continue }
            let rest = parts[(dataIndex + 1)...]
            let wanted = (rest.count == 1 && ["account.js", "profile.js", "tweets.js", "tweet.js"].contains(rest.first!))
                || (rest.count == 1 && (rest.first!.hasPrefix("tweets-part") || rest.first!.hasPrefix("tweet-part")) && rest.first!.hasSuffix(".js"))
                || (rest.count == 2 && rest.first == "tweets_media" && isSafeName(rest.last!))
            guard wanted else { continue }
            let target = folder.appendingPathComponent((["data"] + rest).joined(separator: "/"))
            _ = try archive.extract(entry, to: target)
        }
    }

    /// Reads a `window.YTD.x.part0 = [ … ]` script.
    private static func readYTD(_ url: URL, parser: JSONParser) throws -> JSONValue? {
        var bytes = try [UInt8](Data(contentsOf: url))
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        bytes.replaceSubrange(0...equals, with: repeatElement(UInt8(ascii: " "), count: equals + 1))
        return try parser.parse(bytes)
    }
}
