/// The search page's model: the box and results are the script's; without it, links to the lists.
public struct SearchPage: Encodable, Sendable {
    /// The site's sections, for browsing when search cannot run.
    public var sections: [PageLink]

    /// The page to plan, with the index's table of contents and the search script loaded on it alone.
    public static func page(navigation: [NavigationEntry]) -> SitePage {
        let path = Routes.search
        var page = SitePage(path: path, template: "search", title: "Search", section: "search",
                            model: SearchPage(sections: navigation.map { PageLink(text: $0.title, href: Routes.relative(from: path, to: $0.path)) }))
        page.scripts = [Routes.searchIndex, Routes.asset("search.js")]
        return page
    }
}
