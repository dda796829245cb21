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
    var ogTitle: String
    var stylesheetHref: String
    var scriptHref: String
    var meta: [MetaTag]
    /// Only the home page says when fetched data is old (`fetchedAsOf`, ISO 8601): it states the
    /// note in its HTML as of the build, and the script checks again by the reader's clock.
    var staleAtBuild: Bool
    var fetchedAsOf: String?
    var pageScripts: [String]
    var searchHref: String
    var pageScript: PageScriptContext?
    var pageStylesheetHref: String?
    /// The page's Atom feed, linked from its head.
    var feed: Feed?

    struct Feed: Encodable {
        var href: String
        var title: String
    }
    /// On a page whose links start from the root path (the 404 page), the script that makes them
    /// relative when the page is opened from disk, and its hash for the CSP.
    var fileLinks: FileLinks?

    struct FileLinks: Encodable {
        var root: String
        var script: String
        var hash: String
    }

    struct PageScriptContext: Encodable {
        struct Attribute: Encodable {
            var name: String
            var value: String
        }

        var href: String
        var data: [Attribute]
    }

    init(page: SitePage, body: String, site: SiteInfo) {
        siteTitle = MarkdownEscaping.removingDirectionalControls(site.title)
        pageTitle = MarkdownEscaping.removingDirectionalControls(page.title)
        isHome = page.path == Routes.home
        // Relative to the page, except where a page sets its own start (the 404 page's `/dash/`).
        let root = page.linkRoot ?? Routes.root(from: page.path)
        self.root = root
        self.body = body
        nav = site.navigation.map {
            NavItem(title: $0.title, href: root + $0.path, current: $0.id == page.section && page.linkRoot == nil)
        }
        siteScriptHref = root + Routes.siteScript
        // Canonical and Open Graph URLs are absolute; the 404 page stands for no address.
        canonicalURL = page.path == Routes.notFound ? nil : site.baseURL.flatMap { try? BaseURL(validating: $0) }?.url(for: page.path)
        ogTitle = page.path == Routes.home ? siteTitle : pageTitle
        stylesheetHref = root + Routes.asset("tally.css")
        scriptHref = root + Routes.asset("tally.js")
        meta = page.meta
        staleAtBuild = isHome && site.fetchedAsOf.map { site.builtAt - $0 > HomePage.staleAfter } == true
        fetchedAsOf = isHome ? site.fetchedAsOf.map(UTCTime.iso) : nil
        pageScripts = page.scripts.map { root + $0 }
        searchHref = root + Routes.search
        fileLinks = page.linkRoot.map { FileLinks(root: $0, script: NotFoundPage.fileScript, hash: NotFoundPage.fileScriptHash) }
        feed = page.feed.map { Feed(href: root + $0.path, title: MarkdownEscaping.removingDirectionalControls($0.title)) }
        pageStylesheetHref = page.script?.stylesheet.map { root + Routes.asset($0) }
        pageScript = page.script.map { script in
            PageScriptContext(href: root + Routes.asset(script.asset), data: script.data.map { .init(name: $0.name, value: $0.value) })
        }
    }
}
