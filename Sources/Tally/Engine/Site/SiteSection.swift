/// A part of the site that one source contributes: a list page and the pages below it.
///
/// Sections plan their pages lazily, straight from store queries, handing them to the sink a few
/// at a time, so a build's memory does not grow with the store.
public protocol SiteSection {
    /// What the build's step log calls it (`Searches`).
    var name: String { get }
    /// Its entry in the site's navigation, or nil for pages reached only through links.
    var navigation: NavigationEntry? { get }
    /// Hands every page and data file of the section to `sink`, in a stable order.
    func plan(into sink: PageSink) throws
}

extension SiteSection {
    public var name: String { navigation?.title ?? "\(type(of: self))" }
}

/// A link in the site's header: the section's name and its first page.
public struct NavigationEntry: Sendable, Equatable {
    /// What pages say in `SitePage.section` to be highlighted under this entry.
    public var id: String
    public var title: String
    /// Output path of the page it opens, from `Routes`.
    public var path: String

    public init(id: String, title: String, path: String) {
        self.id = id
        self.title = title
        self.path = path
    }
}
