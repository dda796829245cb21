import Mustache

/// Renders a page: model → Markdown (its template) → HTML body (cmark-gfm) → full page (layout).
public struct PageRenderer: Sendable {
    public let theme: Theme
    public let site: SiteInfo
    /// How long tables are split into HTML rows and a data script.
    public var tables = TableWindowing.standard

    public init(theme: Theme, site: SiteInfo) {
        self.theme = theme
        self.site = site
    }

    public func render(_ page: SitePage) throws -> String {
        try renderFiles(page)[0].string
    }

    /// The page, then the files its long tables need beside it (see `TableWindowing`).
    public func renderFiles(_ page: SitePage) throws -> [OutputFile] {
        guard let template = theme.library.getTemplate(named: page.template) else {
            throw ThemeError(file: "templates/\(page.template).md", reason: "the theme has no template for \(page.path)")
        }
        let markdown = template.render(try MustacheValueEncoder.encode(page.model), library: theme.library)
        let (body, tableFiles) = tables.apply(MarkdownRenderer.html(markdown), page: page.path)
        let html = theme.layout.render(try MustacheValueEncoder.encode(LayoutContext(page: page, body: body, site: site)), library: theme.library)
        return [OutputFile(path: page.path, bytes: Array(html.utf8))] + tableFiles
    }
}

extension SiteInfo {
    /// `assets/site.js`: what changes with every build (its time, how new the data is), kept out
    /// of the pages so that a page changes only when its own content does.
    public var script: [UInt8] {
        var fields = ["\"built\":\"\(TwitterDate.iso(builtAt))\"", "\"builtText\":\"\(TwitterDate.format(builtAt)) UTC\""]
        if let dataAsOf {
            fields += ["\"newest\":\"\(TwitterDate.iso(dataAsOf))\"", "\"newestText\":\"\(TwitterDate.format(dataAsOf)) UTC\""]
        }
        return Array("window.tallySite = {\(fields.joined(separator: ","))};\n".utf8)
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

    public init(title: String, baseURL: String?, builtAt: Int64, dataAsOf: Int64? = nil) {
        self.title = title
        self.baseURL = baseURL
        self.builtAt = builtAt
        self.dataAsOf = dataAsOf
    }
}

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
        nav = SiteSection.allCases.map {
            NavItem(title: $0.rawValue, href: Routes.relative(from: page.path, to: $0.path), current: $0 == page.section)
        }
        siteScriptHref = Routes.relative(from: page.path, to: Routes.siteScript)
        canonicalURL = site.baseURL.flatMap { base in
            Routes.external((base.hasSuffix("/") ? base : base + "/") + (page.path == Routes.home ? "" : page.path))
        }
        stylesheetHref = Routes.relative(from: page.path, to: Routes.asset("tally.css"))
        scriptHref = Routes.relative(from: page.path, to: Routes.asset("tally.js"))
    }
}
