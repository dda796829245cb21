/// Posts and people on their own networks' sites.
extension Routes {
    /// A post on its own site: the tweet on twitter.com, the Mastodon status's `url` (else its
    /// uri, which its server also answers), `bsky.app/profile/<handle>/post/<rkey>`. Nil for a
    /// Bluesky repost, which has no page of its own.
    static func postOnWeb(_ post: StoredTweet) -> String? {
        switch post.network {
        case .twitter:
            return tweetOnWeb(post.id, screenName: post.author?.screenName)
        case .mastodon:
            return post.webURL.flatMap(external) ?? external(post.id)
        case .bluesky:
            let parts = post.id.dropFirst("at://".count).split(separator: "/", omittingEmptySubsequences: false)
            guard post.id.hasPrefix("at://"), parts.count == 3, parts[1] == "app.bsky.feed.post", !parts[2].isEmpty else { return nil }
            let who = post.author?.screenName ?? String(parts[0])
            return external("https://bsky.app/profile/\(percentEncodeComponent(who))/post/\(percentEncodeComponent(String(parts[2])))")
        }
    }

    /// A person's profile on their network: `twitter.com/name`, `https://instance/@name`,
    /// `bsky.app/profile/<handle>`.
    static func profileOnWeb(_ user: StoredUser) -> String {
        switch user.network {
        case .twitter:
            return userOnWeb(user.screenName)
        case .mastodon:
            let parts = user.screenName.split(separator: "@", maxSplits: 1).map(String.init)
            guard parts.count == 2, let address = external("https://\(percentEncodeComponent(parts[1]))/@\(percentEncodeComponent(parts[0]))") else {
                return userOnWeb(user.screenName)
            }
            return address
        case .bluesky:
            return external("https://bsky.app/profile/" + percentEncodeComponent(user.screenName))!
        }
    }
}
