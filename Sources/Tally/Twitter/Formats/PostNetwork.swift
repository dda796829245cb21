/// The network a post or a person belongs to. Stored as its raw value in the `network` columns
/// of `tweet` and `user`; rows written before networks existed are Twitter's.
public enum PostNetwork: String, Sendable, Equatable, Hashable, CaseIterable {
    case twitter, mastodon, bluesky

    /// What the network calls sharing another's post, as a card says it: "retweeted", "boosted"
    /// (Mastodon), "reposted" (Bluesky).
    public var repostVerb: String {
        switch self {
        case .twitter: return "retweeted"
        case .mastodon: return "boosted"
        case .bluesky: return "reposted"
        }
    }

    /// The network's name as the badge on a card shows it.
    public var label: String {
        switch self {
        case .twitter: return "Twitter"
        case .mastodon: return "Mastodon"
        case .bluesky: return "Bluesky"
        }
    }

    /// The network a stored value names; anything unknown is Twitter's, as the column's default is.
    public init(stored: String?) {
        self = stored.flatMap(PostNetwork.init(rawValue:)) ?? .twitter
    }
}
