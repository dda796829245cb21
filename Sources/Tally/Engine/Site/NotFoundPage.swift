/// The theme's 404 page (`templates/404.md`), written to `404.html` at the site's root.
///
/// A host shows it for a missing address at any depth, so its links cannot be relative: they start
/// from the site's root path, the base URL's (`/dash/`) or `/`.
public struct NotFoundPage: Encodable, Sendable {
    public var homeHref: String

    /// The page to render, with links from `rootPath`.
    public static func page(rootPath: String) -> SitePage {
        var page = SitePage(path: Routes.notFound, template: "404", title: "Page not found", section: SiteInfo.home.id,
                            model: NotFoundPage(homeHref: rootPath + Routes.home))
        page.linkRoot = rootPath
        return page
    }

    /// The root path of a site at `baseURL`, or `/` without one.
    public static func rootPath(baseURL: String?) -> String {
        baseURL.flatMap { try? BaseURL(validating: $0) }?.path ?? "/"
    }

    /// Opened from disk (`file://`, where 404.html sits at the site's root), links from the root
    /// path lead to the file system's root: this script, run only there, makes them relative to
    /// the page (stylesheet, scripts, navigation, search), reading the root path from its
    /// `data-root`. Served, it does nothing, so a missing address at any depth costs no further
    /// request. Inline, since the page cannot know where its script files are; the page's CSP
    /// allows exactly this script by its hash (`scriptHash`, checked by a test).
    static let fileScript = #"(function () { if (location.protocol !== 'file:') { return; } var root = document.currentScript.getAttribute('data-root'); Array.prototype.forEach.call(document.querySelectorAll('[href],[src],[action]'), function (e) { ['href', 'src', 'action'].forEach(function (name) { var v = e.getAttribute(name); if (!v || v.indexOf(root) !== 0 || v.charAt(root.length) === '/') { return; } v = v.slice(root.length) || 'index.html'; if (e.tagName === 'SCRIPT') { var s = document.createElement('script'); s.src = v; s.async = false; document.head.appendChild(s); } else { e.setAttribute(name, v); } }); }); }());"#
    /// The CSP source of `fileScript`: its SHA-256 in base64.
    static let fileScriptHash = "sha256-5Nf4vFyNfTydchWIUCvMW0a6NMwpKXbNBrf3Pr5PB4Q="

    /// Used when a theme made before the 404 page existed has no `404.md`.
    static let defaultTemplate = """
        # Page not found

        There is no page at this address. It may have been renamed when the site was rebuilt.

        [Go to the home page]({{{homeHref}}}); the header above leads to every section.

        """
}
