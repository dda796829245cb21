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

    /// Used when a theme made before the 404 page existed has no `404.md`.
    static let defaultTemplate = """
        # Page not found

        There is no page at this address. It may have been renamed when the site was rebuilt.

        [Go to the home page]({{{homeHref}}}); the header above leads to every section.

        """
}
