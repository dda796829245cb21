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
    /// What its pages depend on besides the store, the theme and the settings (files a source
    /// downloaded, which rows a time window holds at build time), for the build's fingerprint:
    /// when it changes, the pages are made again. nil when there is nothing else.
    var inputs: String? { get }
    /// Whether, in this build, the section plans only the pages whose inputs changed since the
    /// build whose site is updated (`SiteContext.memory`): the previous build's files of the
    /// section that it does not hand over then stay as they are. Asked once planning may start.
    var keepsUnplanned: Bool { get }
    /// Templates whose pages the section plans again by itself when they were edited and nothing
    /// else changed (`BuildMemory.edited(template:)`), planning the rest as an update does: a
    /// list page's own template. An edit to any other template its pages use (or a partial of
    /// one) makes its source plan every page. None by default.
    var replannedTemplates: Set<String> { get }
}

extension SiteSection {
    public var name: String { navigation?.title ?? "\(type(of: self))" }
    public var inputs: String? { nil }
    public var keepsUnplanned: Bool { false }
    public var replannedTemplates: Set<String> { [] }
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
