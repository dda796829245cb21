import Foundation

/// How posts and people from every network are keyed in the store (`tweet.id`, `user.id`).
///
/// Posts: a tweet keeps its decimal id (so stores made before other networks keep their keys); a
/// Mastodon status is keyed by its ActivityPub `uri` (`https://instance/users/name/statuses/n`),
/// not its `id`: the id is a per-server number (a string, past 2^53) that differs for the same
/// status seen from two servers and could equal a tweet's id, while the uri is the same from every
/// server and in the author's own export; a Bluesky post is keyed by its `at://` URI. No decimal
/// id starts with `http` or `at://`, so keys never collide across networks, and no key is ever
/// read as a number.
///
/// People: a Twitter user keeps their numeric id; a Mastodon account is `name@instance`,
/// lower-cased (one per account, whichever server reported it: a local `acct` gets the instance
/// of its profile address); a Bluesky account is its DID, so a renamed handle stays one person.
/// Numeric ids never hold `@` nor start with `did:`, so these never collide either.
enum PostKey {
    /// Whether `key` may key a Mastodon post: an http(s) address, as every ActivityPub id is, so
    /// that no document can take a tweet's or a Bluesky post's key.
    static func isMastodonKey(_ key: String) -> Bool {
        let lower = key.prefix(8).lowercased()
        return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && key.count > 8
    }

    /// `name@instance` for a Mastodon account, from its `acct` (`name` or `name@instance`) and,
    /// for a local one, the host of its profile or actor address.
    static func mastodonAccount(acct: String, profileURL: String?) -> String? {
        let acct = acct.hasPrefix("@") ? String(acct.dropFirst()) : acct
        guard !acct.isEmpty else { return nil }
        if acct.contains("@") { return acct }
        guard let host = profileURL.flatMap(URLComponents.init(string:))?.host, !host.isEmpty else { return nil }
        return acct + "@" + host
    }

    /// The store's id for a Mastodon account named `name@instance`.
    static func mastodonUserID(_ account: String) -> String { account.lowercased() }

    /// The record key (`rkey`) of a Bluesky post's `at://did/app.bsky.feed.post/rkey` URI.
    static func blueskyRecordKey(_ uri: String) -> String? {
        guard uri.hasPrefix("at://"), let last = uri.split(separator: "/").last, !last.isEmpty else { return nil }
        return String(last)
    }
}
