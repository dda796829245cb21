/// One page to render: where it goes, which template renders it, and its model.
public struct SitePage: Sendable {
    /// Output path, from `Routes`.
    public var path: String
    /// Template name without extension (`twitter/popularity` for `templates/twitter/popularity.md`).
    public var template: String
    public var title: String
    /// The id of the navigation entry it belongs to, for highlighting (`NavigationEntry.id`).
    public var section: String
    public var model: any Encodable & Sendable
    /// Extra `<meta>` tags for the page's head (Open Graph, Twitter Card), in order.
    public var meta: [MetaTag]
    /// Output paths of further classic scripts this page alone loads, after the theme's.
    public var scripts: [String] = []
    /// Where the page's links start, instead of relative to its path: the 404 page's `/dash/`.
    public var linkRoot: String?

    public init(path: String, template: String, title: String, section: String, model: any Encodable & Sendable, meta: [MetaTag] = []) {
        self.path = path
        self.template = template
        self.title = title
        self.section = section
        self.model = model
        self.meta = meta
    }
}

/// A `<meta>` tag for a page's head: `property` for Open Graph (`og:image`), `name` for others
/// (`twitter:card`). The layout escapes both values.
public struct MetaTag: Sendable, Equatable, Encodable {
    public var property: String?
    public var name: String?
    public var content: String

    public static func property(_ property: String, _ content: String) -> MetaTag { MetaTag(property: property, name: nil, content: content) }
    public static func name(_ name: String, _ content: String) -> MetaTag { MetaTag(property: nil, name: name, content: content) }
}
