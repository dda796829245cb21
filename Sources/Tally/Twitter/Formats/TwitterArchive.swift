import Foundation

/// A whole Twitter archive, as downloaded (`.zip`) or unpacked: `data/account.js` names the owner,
/// `data/profile.js` gives their bio, website, location and avatar, `data/tweets.js` and
/// `tweets-part*.js` (`tweet.js` in older archives) hold their tweets, and `data/tweets_media/` the
/// pictures, kept beside the store so the site shows them offline.
public enum TwitterArchive {
    /// Option names that carry the owner to the archive format's reader.
    static let ownerKeys = (id: "twitter-archive-owner-id", username: "twitter-archive-owner-username", name: "twitter-archive-owner-name",
                            bio: "twitter-archive-owner-bio", website: "twitter-archive-owner-website",
                            location: "twitter-archive-owner-location", avatar: "twitter-archive-owner-avatar")

    /// The archive at `url` as a bundle of its tweet files with its owner, its pictures staged
    /// under `filesFolder`; nil when `url` is no archive. A file past its cap, or one that is no
    /// regular file, refuses the whole archive.
    static func bundle(at url: URL, filesFolder: URL, limits: Limits = Limits()) throws -> ImportBundle? {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue ? dataFolder(in: url) == nil : url.pathExtension.lowercased() != "zip" { return nil }
        // Pictures wait beside their destination until every tweet file has imported.
        let staged = try StagedFiles(destination: filesFolder.appendingPathComponent("media"))
        var temporary: URL? = nil
        do {
            var root: URL
            if isFolder.boolValue {
                root = url
            } else {
                let folder = manager.temporaryDirectory.appendingPathComponent("tally-archive-\(UUID().uuidString)")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                temporary = folder
                do {
                    try extract(url, into: folder, media: staged, limits: limits)
                } catch let error as Refusal {
                    throw ImportError(file: url.path, place: nil, reason: error.reason)
                } catch {
                    throw ImportError(file: url.path, place: nil, reason: "cannot be read as a zip archive (\(error))")
                }
                root = folder
            }
            // The data folder may sit at the top or one folder down (a zip of the unpacked folder).
            guard let data = dataFolder(in: root) else {
                throw ImportError(file: url.path, place: nil, reason: "is a zip without data/tweets.js; expected a Twitter archive as downloaded")
            }
            let bundle = try readFolder(data, root: root, staged: staged, copyingMedia: isFolder.boolValue, limits: limits)
            return ImportBundle(documents: bundle.documents, options: bundle.options, temporary: temporary, note: bundle.note, staged: staged)
        } catch {
            staged.discard()
            if let temporary { try? manager.removeItem(at: temporary) }
            if let refusal = error as? Refusal { throw ImportError(file: url.path, place: nil, reason: refusal.reason) }
            throw error
        }
    }

    /// Reads the owner from an archive's `data` folder and lists its tweet files; from an unpacked
    /// folder, also stages its pictures. Every file it reads or copies must be a regular file
    /// within its cap: a link, a folder or a FIFO where a file belongs is refused, never opened.
    private static func readFolder(_ data: URL, root: URL, staged: StagedFiles, copyingMedia: Bool,
                                   limits: Limits) throws -> (documents: [(url: URL, name: String)], options: ImportOptions, note: String) {
        let manager = FileManager.default
        if data != root { try requireFolder(data, name: "data") }
        let names = (try? manager.contentsOfDirectory(atPath: data.path)) ?? []
        let tweetFiles = names.filter(isTweetScript).sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
        for name in tweetFiles { try requireFile(data.appendingPathComponent(name), name: "data/" + name, cap: limits.tweets) }
        var options = ImportOptions()
        var note = "Twitter archive"
        // Values point into their parser's document: the parser lives as long as they are read.
        let parser = JSONParser()
        if let account = try readYTD(data.appendingPathComponent("account.js"), name: "data/account.js", cap: limits.owner, parser: parser),
           let entry = account.firstElement?["account"] {
            if let id = entry["accountId"]?.identifier, let username = entry["username"]?.string {
                options[ownerKeys.id] = id
                options[ownerKeys.username] = username
                options[ownerKeys.name] = entry["accountDisplayName"]?.string ?? username
                note += " of @" + username
            }
        }
        let profileParser = JSONParser()
        if let profile = try readYTD(data.appendingPathComponent("profile.js"), name: "data/profile.js", cap: limits.owner, parser: profileParser),
           let entry = profile.firstElement?["profile"] {
            options[ownerKeys.bio] = entry["description"]?["bio"]?.string
            options[ownerKeys.website] = entry["description"]?["website"]?.string
            options[ownerKeys.location] = entry["description"]?["location"]?.string
            options[ownerKeys.avatar] = entry["avatarMediaUrl"]?.string
        }
        withExtendedLifetime((parser, profileParser)) {}
        if copyingMedia {
            let media = data.appendingPathComponent("tweets_media")
            if kind(of: media) != nil {
                try requireFolder(media, name: "data/tweets_media")
                for file in try manager.contentsOfDirectory(atPath: media.path).sorted() where isSafeName(file) {
                    if manager.fileExists(atPath: staged.destination.appendingPathComponent(file).path) { continue }
                    try copyFile(media.appendingPathComponent(file), name: "data/tweets_media/" + file,
                                 to: staged.folder.appendingPathComponent(file), cap: limits.media)
                }
            }
        }
        let pictures = (try? manager.contentsOfDirectory(atPath: staged.folder.path).count) ?? 0
        note += ": \(tweetFiles.count) tweet files, \(pictures) pictures kept"
        return (tweetFiles.map { (url: data.appendingPathComponent($0), name: "data/" + $0) }, options, note)
    }

    /// The option `tally import --owner NAME` sets: the author of a lone `tweets.js`, which names none.
    public static let namedOwnerKey = "owner"
    /// How the id of an owner known only by screen name starts; the store files their tweets under
    /// a person it already holds by that name, if any (`TwitterSink`).
    static let namedOwnerPrefix = "owner:"

    /// `NAME` or `@NAME` as a Twitter screen name (letters, digits and `_`, at most 50, as old
    /// accounts were longer than today's 15); nil when it is no screen name.
    public static func screenName(fromOption value: String) -> String? {
        let name = value.hasPrefix("@") ? String(value.dropFirst()) : value
        guard !name.isEmpty, name.utf8.count <= 50,
              name.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "_") })
        else { return nil }
        return name
    }

    /// The owner the bundle named, as the author of the archive's tweets; else the one `--owner` named.
    static func owner(_ options: ImportOptions) -> ImportedUser? {
        guard let id = options[ownerKeys.id], let username = options[ownerKeys.username] else {
            return options[namedOwnerKey].flatMap(screenName(fromOption:)).map {
                ImportedUser(id: namedOwnerPrefix + $0.lowercased(), screenName: $0, name: $0, avatarURL: nil)
            }
        }
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

    /// Whether a kept picture may go into the site: a safe name and a regular file (a link left by
    /// an import before links were refused is not followed).
    static func isKeptPicture(_ name: String, in folder: URL) -> Bool {
        guard isSafeName(name), case .file? = kind(of: folder.appendingPathComponent(name)) else { return false }
        return true
    }

    /// `tweets.js`, `tweet.js` (older archives) and `tweets-part1.js`… (`tweet-part1.js`…).
    static func isTweetScript(_ name: String) -> Bool {
        name == "tweets.js" || name == "tweet.js" || (name.hasPrefix("tweets-part") || name.hasPrefix("tweet-part")) && name.hasSuffix(".js")
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
}
