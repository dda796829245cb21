/// One tweet: its card, then Images, Links, Hashtags and Users (each only when not empty), and the
/// searches that found it.
public struct TweetPage: Encodable, Sendable {
    public var heading: String
    /// The post card, as every list shows it.
    public var card: SharedPart
    /// Its thread: the stored posts above it (oldest first) and its stored replies (oldest first).
    public var parents: SharedPartList
    public var hasParents: Bool
    public var replies: SharedPartList
    public var hasReplies: Bool
    public var images: HTMLFragment?
    public var links: [HTMLFragment]
    public var hasLinks: Bool
    public var hashtags: [PageLink]
    public var hasHashtags: Bool
    public var users: [PageLink]
    public var hasUsers: Bool
    public var terms: [PageLink]
    public var hasTerms: Bool
    public var webHref: String
    /// The post's own network, for the link to it there: `Mastodon`.
    public var webLabel: String
    public var allTweetsHref: String
}

/// A tweet's picture on its own page, fitted to the window and zoomable.
public struct TweetImagePage: Encodable, Sendable {
    public var heading: String
    public var figure: HTMLFragment
    public var alt: String?
    public var tweetHref: String
    /// The video or GIF itself, or the picture at full size.
    public var originalHref: String?
    public var originalText: String
}
