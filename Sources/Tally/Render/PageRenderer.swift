import Mustache

/// Renders a page: model → Markdown (its template) → HTML body (cmark-gfm) → full page (layout).
public struct PageRenderer: Sendable {
    public let theme: Theme
    public let site: SiteInfo

    public init(theme: Theme, site: SiteInfo) {
        self.theme = theme
        self.site = site
    }

    public func render(_ page: SitePage) throws -> String {
        guard let template = theme.library.getTemplate(named: page.template) else {
            throw ThemeError(file: "templates/\(page.template).md", reason: "the theme has no template for \(page.path)")
        }
        let markdown = template.render(page.model, library: theme.library)
        let body = MarkdownRenderer.html(markdown)
        return theme.layout.render(LayoutContext(page: page, body: body, site: site), library: theme.library)
    }
}

/// What every page shares: the site's title, base URL and build time.
public struct SiteInfo: Sendable {
    public var title: String
    /// The site's public address (`https://example.org/dash/`), used only for canonical URLs.
    public var baseURL: String?
    /// Seconds since 1970: `SOURCE_DATE_EPOCH` or the build's start.
    public var builtAt: Int64
    /// The newest search or tweet shown, if any.
    public var dataAsOf: Int64?

    /// Data older than this at build time is flagged; the browser checks again against its own clock.
    public static let staleAfter: Int64 = 7 * 86_400

    public init(title: String, baseURL: String?, builtAt: Int64, dataAsOf: Int64? = nil) {
        self.title = title
        self.baseURL = baseURL
        self.builtAt = builtAt
        self.dataAsOf = dataAsOf
    }
}

/// The layout's model.
struct LayoutContext {
    struct NavItem {
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
    var builtAt: String
    var builtAtISO: String
    var hasData: Bool
    var dataAsOf: String
    var dataAsOfISO: String
    var staleAtBuild: Bool
    var canonicalURL: String?
    var stylesheetHref: String
    var scriptHref: String

    init(page: SitePage, body: String, site: SiteInfo) {
        siteTitle = MarkdownEscaping.removingDirectionalControls(site.title)
        pageTitle = MarkdownEscaping.removingDirectionalControls(page.title)
        isHome = page.path == Routes.home
        root = Routes.root(from: page.path)
        self.body = body
        nav = SiteSection.allCases.map {
            NavItem(title: $0.rawValue, href: Routes.relative(from: page.path, to: $0.path), current: $0 == page.section)
        }
        builtAt = TwitterDate.format(site.builtAt) + " UTC"
        builtAtISO = TwitterDate.iso(site.builtAt)
        hasData = site.dataAsOf != nil
        dataAsOf = site.dataAsOf.map { TwitterDate.format($0) + " UTC" } ?? ""
        dataAsOfISO = site.dataAsOf.map(TwitterDate.iso) ?? ""
        staleAtBuild = site.dataAsOf.map { site.builtAt - $0 > SiteInfo.staleAfter } ?? false
        canonicalURL = site.baseURL.flatMap { base in
            Routes.external((base.hasSuffix("/") ? base : base + "/") + (page.path == Routes.home ? "" : page.path))
        }
        stylesheetHref = Routes.relative(from: page.path, to: Routes.asset("tally.css"))
        scriptHref = Routes.relative(from: page.path, to: Routes.asset("tally.js"))
    }
}
