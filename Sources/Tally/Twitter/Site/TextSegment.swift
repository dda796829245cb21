/// A run of tweet text: plain, or a hashtag, mention or link with where it leads.
///
/// Fields are never optional: a nil value in a mustache section falls through to the enclosing
/// context (a tweet's own `href`), so a plain segment says `isLink: false` instead.
public struct TextSegment: Encodable, Sendable, Equatable {
    public var text: String
    public var isLink: Bool
    /// Where the segment links to; empty for plain text.
    public var target: String
    /// `hashtag`, `user`, `url`, or empty for plain text.
    public var kind: String

    init(text: String, href: String?, kind: String?) {
        self.text = text
        self.isLink = href != nil
        self.target = href ?? ""
        self.kind = kind ?? ""
    }
}
