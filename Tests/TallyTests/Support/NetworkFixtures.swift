import Foundation
@testable import Tally

/// Mastodon and Bluesky documents for tests: the shared fixtures by folder, and small synthetic
/// statuses and posts.
enum NetworkFixture {
    static func shared(_ folder: String, _ name: String) -> URL {
        Fixture.shared.appendingPathComponent(folder).appendingPathComponent(name)
    }

    /// Every data file (no cassette) of a shared fixture folder.
    static func files(in folder: String) throws -> [URL] {
        let url = Fixture.shared.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            .filter { !$0.hasSuffix(".yaml") && !$0.hasSuffix(".yml") && !$0.hasSuffix(".md") }
            .map { url.appendingPathComponent($0) }
    }

    static var available: Bool { FileManager.default.fileExists(atPath: Fixture.shared.appendingPathComponent("mastodon_api").path) }

    static func json(_ object: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// A REST status by `acct` on `instance`, with HTML `content`.
    static func status(id: String, content: String, acct: String = "alice", instance: String = "example.social",
                       createdAt: String = "2026-01-02T03:04:05.000Z", tags: [String] = [], extra: [String: Any] = [:]) -> [String: Any] {
        var status: [String: Any] = [
            "id": id, "uri": "https://\(instance)/users/\(acct)/statuses/\(id)", "url": "https://\(instance)/@\(acct)/\(id)",
            "created_at": createdAt, "content": content, "spoiler_text": "", "language": "en",
            "account": ["id": "1", "username": acct, "acct": acct, "display_name": acct.capitalized, "url": "https://\(instance)/@\(acct)",
                        "avatar": "https://\(instance)/avatar.png", "note": ""],
            "media_attachments": [], "mentions": [], "emojis": [],
            "tags": tags.map { ["name": $0.lowercased(), "url": "https://\(instance)/tags/\($0.lowercased())"] },
        ]
        for (key, value) in extra { status[key] = value }
        return status
    }

    /// A Bluesky post view by `did` with plain `text` and the given facets.
    static func post(rkey: String, text: String, did: String = "did:plc:alice", handle: String = "alice.bsky.social",
                     createdAt: String = "2026-01-02T03:04:05.000Z", facets: [[String: Any]] = []) -> [String: Any] {
        [
            "uri": "at://\(did)/app.bsky.feed.post/\(rkey)", "cid": "bafy\(rkey)",
            "author": ["did": did, "handle": handle, "displayName": "Alice"],
            "record": ["$type": "app.bsky.feed.post", "text": text, "createdAt": createdAt, "facets": facets],
            "indexedAt": createdAt,
        ]
    }

    /// A facet over the UTF-8 bytes of `needle` in `text`.
    static func facet(_ text: String, _ needle: String, _ feature: [String: Any]) -> [String: Any] {
        let bytes = Array(text.utf8), target = Array(needle.utf8)
        let start = (0...(bytes.count - target.count)).first { Array(bytes[$0..<($0 + target.count)]) == target }!
        return ["index": ["byteStart": start, "byteEnd": start + target.count], "features": [feature]]
    }
}
