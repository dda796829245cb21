/// A hashtag, user mention or link inside a tweet's text.
public struct TextEntity: Sendable, Equatable, Hashable {
    /// What the entity is.
    public enum Kind: String, Sendable, Codable {
        case hashtag, user, url

        /// Whether `scalar` introduces this kind in text (Twitter accepts the full-width forms too).
        func isSigil(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .hashtag: return scalar == "#" || scalar == "＃"
            case .user: return scalar == "@" || scalar == "＠"
            case .url: return false
            }
        }
    }

    public var kind: Kind
    /// The tag without `#`, the screen name without `@`, or the link as written (t.co).
    public var value: String
    /// Where it stands in the text, in Unicode scalars; nil when it could not be placed.
    public var range: Range<Int>?
    /// For links: where the link really goes, and the short form to show.
    public var expandedURL: String?
    public var displayURL: String?

    public init(kind: Kind, value: String, range: Range<Int>?, expandedURL: String? = nil, displayURL: String? = nil) {
        self.kind = kind
        self.value = value
        self.range = range
        self.expandedURL = expandedURL
        self.displayURL = displayURL
    }

    /// The key under which mentions are counted: Unicode lower-casing, so `#ÄRGER` and `#ärger` are one.
    public var folded: String { value.lowercased() }
}
