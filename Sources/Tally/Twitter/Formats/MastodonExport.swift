import Foundation
import ZIPFoundation

/// A Mastodon account export, as downloaded (`.zip`) or unpacked: `actor.json` names the owner,
/// the author of every post in `outbox.json`, and `media_attachments/` holds their pictures, kept
/// beside the store (named `mastodon-<file name>`) so the site shows them offline. Read with the
/// Twitter archive's caps and checks: a file past its cap, a link or a FIFO refuses the export.
enum MastodonExport {
    /// Option names that carry the owner to the outbox's reader.
    static let ownerKeys = (id: "mastodon-export-owner-id", account: "mastodon-export-owner-account", name: "mastodon-export-owner-name",
                            avatar: "mastodon-export-owner-avatar", bio: "mastodon-export-owner-bio")

    /// The prefix of a kept picture's name, so it never takes a Twitter archive's picture's name.
    static let mediaPrefix = "mastodon-"

    /// The export at `url` as a bundle of its outbox with its owner, its pictures staged under
    /// `filesFolder`; nil when `url` is no export.
    static func bundle(at url: URL, filesFolder: URL, limits: TwitterArchive.Limits = TwitterArchive.Limits()) throws -> ImportBundle? {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        let lowered = url.lastPathComponent.lowercased()
        // No Twitter archive is a .tar.gz: one that holds no export is refused as such.
        let isTarGz = !isFolder.boolValue && (lowered.hasSuffix(".tar.gz") || lowered.hasSuffix(".tgz"))
        if isFolder.boolValue {
            guard exportFolder(in: url) != nil else { return nil }
        } else if !isTarGz {
            guard url.pathExtension.lowercased() == "zip", let archive = try? Archive(url: url, accessMode: .read, pathEncoding: nil),
                  archive.contains(where: { isOutboxEntry($0.path) }) else { return nil }
        }
        let staged = try StagedFiles(destination: filesFolder.appendingPathComponent("media"))
        var temporary: URL? = nil
        do {
            var root = url
            if !isFolder.boolValue {
                let folder = manager.temporaryDirectory.appendingPathComponent("tally-export-\(UUID().uuidString)")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                temporary = folder
                do {
                    if isTarGz {
                        try TarGzArchive.extract(url, limits: limits, place: placement(into: folder, media: staged, limits: limits))
                    } else {
                        try TwitterArchive.extract(url, limits: limits, place: placement(into: folder, media: staged, limits: limits))
                    }
                } catch let error as TwitterArchive.Refusal {
                    throw error
                } catch {
                    throw ImportError(file: url.path, place: nil, reason: "cannot be read as a \(isTarGz ? ".tar.gz" : "zip") archive (\(error))")
                }
                root = folder
            }
            guard let folder = exportFolder(in: root) else {
                throw ImportError(file: url.path, place: nil, reason: "is an archive without outbox.json and actor.json; expected a Mastodon export as downloaded")
            }
            let outbox = folder.appendingPathComponent("outbox.json")
            try TwitterArchive.requireFile(outbox, name: "outbox.json", cap: limits.tweets)
            let actorFile = folder.appendingPathComponent("actor.json")
            try TwitterArchive.requireFile(actorFile, name: "actor.json", cap: limits.owner)
            var options = ImportOptions()
            var note = "Mastodon export"
            let parser = JSONParser()
            if let bytes = try? [UInt8](Data(contentsOf: actorFile)), let root = try? parser.parse(bytes), let owner = MastodonReader.actor(root) {
                options[ownerKeys.id] = owner.id
                options[ownerKeys.account] = owner.screenName
                options[ownerKeys.name] = owner.name
                options[ownerKeys.avatar] = owner.avatarURL
                options[ownerKeys.bio] = owner.bio
                note += " of @" + owner.screenName
            }
            withExtendedLifetime(parser) {}
            if let ownerID = options[ownerKeys.id] { try keepOwnerPictures(in: folder, owner: ownerID, to: staged, limits: limits) }
            if isFolder.boolValue { try copyMedia(folder.appendingPathComponent("media_attachments"), name: "media_attachments", to: staged, limits: limits, depth: 0) }
            let pictures = (try? manager.contentsOfDirectory(atPath: staged.folder.path).count) ?? 0
            note += ": \(pictures) pictures kept"
            return ImportBundle(documents: [(url: outbox, name: "outbox.json")], options: options, temporary: temporary, note: note, staged: staged)
        } catch {
            staged.discard()
            if let temporary { try? manager.removeItem(at: temporary) }
            if let refusal = error as? TwitterArchive.Refusal { throw ImportError(file: url.path, place: nil, reason: refusal.reason) }
            throw error
        }
    }

    /// The folder holding `outbox.json` and `actor.json`: `root` itself or one folder down (a zip
    /// of the unpacked folder).
    static func exportFolder(in root: URL) -> URL? {
        let manager = FileManager.default
        func holdsExport(_ folder: URL) -> Bool {
            ["outbox.json", "actor.json"].allSatisfy { manager.fileExists(atPath: folder.appendingPathComponent($0).path) }
        }
        if holdsExport(root) { return root }
        for child in ((try? manager.contentsOfDirectory(atPath: root.path)) ?? []).sorted() where !child.hasPrefix(".") {
            let folder = root.appendingPathComponent(child)
            if case .folder? = TwitterArchive.kind(of: folder), holdsExport(folder) { return folder }
        }
        return nil
    }

    /// The owner the bundle named, as the author of the export's posts.
    static func owner(_ options: ImportOptions) -> ImportedUser? {
        guard let id = options[ownerKeys.id], let account = options[ownerKeys.account] else { return nil }
        var user = ImportedUser(id: id, screenName: account, name: options[ownerKeys.name] ?? account, avatarURL: options[ownerKeys.avatar],
                                bio: options[ownerKeys.bio])
        user.network = .mastodon
        return user
    }

    /// The name a picture of the export is kept under: its own file name (Mastodon names files
    /// by a random hex string), prefixed; nil when the name is not safe to keep.
    static func keptName(_ path: String) -> String? {
        guard let last = path.split(separator: "/").last.map(String.init), TwitterArchive.isSafeName(last) else { return nil }
        return mediaPrefix + last
    }

    /// The owner's pictures an export holds beside `actor.json`: `avatar.jpg` (or `.png`…) and `header.jpg`.
    enum OwnerPicture: String, CaseIterable {
        case avatar, header

        /// The picture's name beside the store and in the site: the kind and the owner's key, so
        /// that every owner's picture has its own (`mastodon-avatar-<16 hex digits>.jpg`).
        func keptName(owner: String, extension ext: String) -> String {
            mediaPrefix + rawValue + "-" + MastodonExport.ownerKey(owner) + "." + ext
        }

        /// The picture's own name in the export (`avatar.jpg`), with its extension; nil for any other file.
        static func of(_ name: String) -> (OwnerPicture, String)? {
            for kind in allCases where name.hasPrefix(kind.rawValue + ".") {
                let ext = String(name.dropFirst(kind.rawValue.count + 1))
                guard !ext.isEmpty, ext.count <= 5, ext.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }) else { return nil }
                return (kind, ext)
            }
            return nil
        }
    }

    /// An owner's id as 16 hex digits, for the names of their kept pictures.
    static func ownerKey(_ owner: String) -> String {
        String(format: "%016llx", StateBytes.digest([owner]))
    }

    /// Keeps the export's avatar and header (beside `actor.json`) as the owner's, with the
    /// media's cap and checks: a link or a FIFO named `avatar.jpg` refuses the export.
    private static func keepOwnerPictures(in folder: URL, owner: String, to staged: StagedFiles, limits: TwitterArchive.Limits) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var kept = Set<OwnerPicture>()
        for name in names {
            guard let (kind, ext) = OwnerPicture.of(name), kept.insert(kind).inserted else { continue }
            let target = kind.keptName(owner: owner, extension: ext)
            guard !FileManager.default.fileExists(atPath: staged.destination.appendingPathComponent(target).path) else { continue }
            try TwitterArchive.copyFile(folder.appendingPathComponent(name), name: name, to: staged.folder.appendingPathComponent(target), cap: limits.media)
        }
    }

    /// `outbox.json` at the top of the zip or one folder down.
    private static func isOutboxEntry(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.last == "outbox.json" && parts.count <= 2
    }

    /// Where an archive's entries go: `outbox.json` and `actor.json` into `folder`,
    /// `media_attachments/` into the staging folder; nothing else is extracted.
    private static func placement(into folder: URL, media staged: StagedFiles, limits: TwitterArchive.Limits) -> ([String]) -> TwitterArchive.Placement? {
        { parts in
            guard let last = parts.last else { return nil }
            if parts.count <= 2, last == "outbox.json" || last == "actor.json" {
                return (folder.appendingPathComponent(parts.joined(separator: "/")), parts.joined(separator: "/"),
                        last == "actor.json" ? limits.owner : limits.tweets)
            }
            // The owner's avatar and header, beside actor.json: kept once the owner is known.
            if parts.count <= 2, OwnerPicture.of(last) != nil {
                return (folder.appendingPathComponent(parts.joined(separator: "/")), parts.joined(separator: "/"), limits.media)
            }
            guard let index = parts.firstIndex(of: "media_attachments"), index <= 1, let kept = keptName(last) else { return nil }
            if FileManager.default.fileExists(atPath: staged.destination.appendingPathComponent(kept).path) { return nil }
            return (staged.folder.appendingPathComponent(kept), parts.joined(separator: "/"), limits.media)
        }
    }

    /// Copies an unpacked export's pictures, however deep (`files/000/146/459/original/x.jpg`),
    /// never following a link.
    private static func copyMedia(_ folder: URL, name: String, to staged: StagedFiles, limits: TwitterArchive.Limits, depth: Int) throws {
        guard depth < 12, TwitterArchive.kind(of: folder) != nil else { return }
        try TwitterArchive.requireFolder(folder, name: name)
        for child in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !child.hasPrefix(".") {
            let url = folder.appendingPathComponent(child)
            switch TwitterArchive.kind(of: url) {
            case .folder?:
                try copyMedia(url, name: name + "/" + child, to: staged, limits: limits, depth: depth + 1)
            default:
                guard let kept = keptName(child),
                      !FileManager.default.fileExists(atPath: staged.destination.appendingPathComponent(kept).path) else { continue }
                try TwitterArchive.copyFile(url, name: name + "/" + child, to: staged.folder.appendingPathComponent(kept), cap: limits.media)
            }
        }
    }
}
