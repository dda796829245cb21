/// The layout's model.
struct LayoutContext: Encodable {
    struct NavItem: Encodable {
        var title: String
        var href: String
        var current: Bool
    }

    var siteTitle: String
    var pageTitle: String
    var isHome: Bool
    var root: String
    var body: String
    var nav: [NavItem]
    var siteScriptHref: String
    var canonicalURL: String?
    var stylesheetHref: String
    var scriptHref: String

    init(page: SitePage, body: String, site: SiteInfo) {
        siteTitle = MarkdownEscaping.removingDirectionalControls(site.title)
        pageTitle = MarkdownEscaping.removingDirectionalControls(page.title)
        isHome = page.path == Routes.home
        root = Routes.root(from: page.path)
        self.body = body
        nav = site.navigation.map {
            NavItem(title: $0.title, href: Routes.relative(from: page.path, to: $0.path), current: $0.id == page.section)
        }
        siteScriptHref = Routes.relative(from: page.path, to: Routes.siteScript)
        canonicalURL = site.baseURL.flatMap { base in
            Routes.external((base.hasSuffix("/") ? base : base + "/") + (page.path == Routes.home ? "" : page.path))
        }
        stylesheetHref = Routes.relative(from: page.path, to: Routes.asset("tally.css"))
        scriptHref = Routes.relative(from: page.path, to: Routes.asset("tally.js"))
    }
}
