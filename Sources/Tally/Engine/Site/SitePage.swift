/// One page to render: where it goes, which template renders it, and its model.
public struct SitePage: Sendable {
    /// Output path, from `Routes`.
    public var path: String
    /// Template name without extension (`notes/list` for `templates/notes/list.md`).
    public var template: String
    public var title: String
    /// The id of the navigation entry it belongs to, for highlighting (`NavigationEntry.id`).
    public var section: String
    public var model: any Encodable & Sendable
    /// Extra `<meta>` tags for the page's head (Open Graph, summary cards), in order.
    public var meta: [MetaTag]
    /// Output paths of further classic scripts this page alone loads, after the theme's.
    public var scripts: [String] = []
    /// A theme script loaded on this page only, after the theme's own (a source's page behaviour).
    public var script: PageScript?
    /// The Atom feed of what the page lists (`AtomFeed.path`) and its title, for the head's
    /// `<link rel="alternate">`.
    public var feed: (path: String, title: String)?
    /// Where the page's links start, instead of relative to its path: the 404 page's `/dash/`.
    public var linkRoot: String?

    public init(path: String, template: String, title: String, section: String, model: any Encodable & Sendable, meta: [MetaTag] = [],
                script: PageScript? = nil) {
        self.path = path
        self.template = template
        self.title = title
        self.section = section
        self.model = model
        self.meta = meta
        self.script = script
    }
}

/// A script asset one page loads, with facts for it as `data-` attributes on its tag (escaped
/// for HTML by the layout), since the site's CSP allows no inline script.
public struct PageScript: Sendable {
    /// The asset's name under `assets/` (`zoom.js`).
    public var asset: String
    /// Attribute names (`[a-z-]` only, without `data-`) and values, in order.
    public var data: [(name: String, value: String)]
    /// A stylesheet under `assets/` for the same pages (`<id>.css`), so a source's styles weigh
    /// nothing on pages that do not show it.
    public var stylesheet: String?

    public init(asset: String, data: [(name: String, value: String)] = [], stylesheet: String? = nil) {
        self.asset = asset
        self.stylesheet = stylesheet
        self.data = data.filter { !$0.name.isEmpty && $0.name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 45 } }
            .map { (name: $0.name, value: $0.value.removingDirectionalControls) }
    }
}

/// A `<meta>` tag for a page's head: `property` for Open Graph (`og:image`), `name` for others
/// (`og:title`). The layout escapes both values.
public struct MetaTag: Sendable, Equatable, Encodable {
    public var property: String?
    public var name: String?
    public var content: String

    public static func property(_ property: String, _ content: String) -> MetaTag {
        MetaTag(property: property, name: nil, content: content.removingDirectionalControls)
    }

    public static func name(_ name: String, _ content: String) -> MetaTag {
        MetaTag(property: nil, name: name, content: content.removingDirectionalControls)
    }
}
