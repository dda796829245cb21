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
    /// Where the page's links start, instead of relative to its path: the 404 page's `/dash/`.
    public var linkRoot: String?

    public init(path: String, template: String, title: String, section: String, model: any Encodable & Sendable) {
        self.path = path
        self.template = template
        self.title = title
        self.section = section
        self.model = model
    }
}
