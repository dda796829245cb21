/// What a post card shows, as plain values for the theme's `twitter/_card.html`: rendered once per
/// post per build (`SharedParts`) and placed in every list and page that shows the post.
///
/// Every key is always present (empty or false when there is nothing), so a nested value never
/// reads its parent's by mustache's look-up rules. Links start at the site's root
/// (`SharedParts.page`); the page they land on supplies its own way back to it.
struct PostCard: Encodable, Sendable {
    /// A retweet: who retweeted, and when; the card then shows the original.
    var isRetweet: Bool
    var retweetedBy: Person
    /// What the network calls it: `retweeted`, `boosted` (Mastodon), `reposted` (Bluesky).
    var retweetVerb: String
    var retweetHref: String
    var retweetTime: Time
    /// The post shown: the tweet itself, or a retweet's original.
    var post: Post

    /// One post's head, text, pictures and quoted post.
    struct Post: Encodable, Sendable {
        var person: Person
        /// The post's own page.
        var href: String
        var time: Time
        /// Its network (`twitter`, `mastodon`, `bluesky`) for the badge's class, and its name.
        var network: String
        var networkLabel: String
        /// The post on its own site.
        var hasWebLink: Bool
        var webHref: String
        /// A content warning, shown before the text, which the reader opens.
        /// A reply: to whom ("@x", or "a post" when the document did not say), and the parent's
        /// page when it is stored.
        var isReply: Bool
        var replyingTo: String
        var hasParentLink: Bool
        var parentHref: String
        var hasWarning: Bool
        var warning: String
        var text: [TextPart]
        var hasMedia: Bool
        var media: [Media]
        var hasQuote: Bool
        /// The quoted post, shown inside (never with a quote of its own); an empty list otherwise.
        var quote: [Post]
        /// Its replies, reposts, quotes and likes in its network's words ("3 replies"), each
        /// with the separator after it; none for a quoted post, as the networks show it.
        var hasCounts: Bool
        var counts: [Count]
    }

    /// One count of a post, and what follows it (" · ", or nothing after the last).
    struct Count: Encodable, Sendable {
        var text: String
        var separator: String
    }

    /// The author of a post or a retweet.
    struct Person: Encodable, Sendable {
        var isKnown: Bool
        /// The name to show: the display name, else `@handle`.
        var name: String
        var hasPage: Bool
        var pageHref: String
        var hasHandle: Bool
        var handle: String
        var initials: String
        var hasAvatar: Bool
        var avatarSrc: String
    }

    /// A time as `<time datetime>`: ISO for the script, UTC text for readers.
    struct Time: Encodable, Sendable {
        var iso: String
        var text: String
    }

    /// A run of a post's text: plain text, a line break, or a linked hashtag, mention or URL.
    struct TextPart: Encodable, Sendable {
        var isText: Bool
        var isBreak: Bool
        var isLink: Bool
        var value: String
        /// `hashtag`, `mention` or `link`.
        var linkClass: String
        var href: String
        /// External links get `rel` and the full address as their title.
        var isExternal: Bool
        var hasTitle: Bool
        var title: String
    }

    /// A picture, video or GIF of a post, as a thumbnail opening its own page.
    struct Media: Encodable, Sendable {
        var href: String
        var src: String
        var alt: String
        var width: Int
        var height: Int
        var hasBadge: Bool
        var badge: String
    }
}
