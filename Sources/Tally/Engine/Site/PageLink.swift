/// A link as templates use it: the text to show and where it goes (already safe to place).
public struct PageLink: Encodable, Sendable, Equatable {
    public var text: String
    public var href: String
}
