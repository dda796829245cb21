import Mustache

/// Renders a page: model → Markdown (its template) → HTML body (cmark-gfm) → full page (layout).
public struct PageRenderer: Sendable {
    public let theme: Theme
    public let site: SiteInfo
    /// How long tables are split into HTML rows and a data script.
    public var tables = TableWindowing.standard
    /// Where long tables' rows are kept between builds; nil renders every row.
    var tableRows: TableRowCache?

    public init(theme: Theme, site: SiteInfo) {
        self.theme = theme
        self.site = site
    }

    public func render(_ page: SitePage) throws -> String {
        try renderFiles(page)[0].string
    }

    /// The page, then the files its long tables need beside it (see `TableWindowing`).
    public func renderFiles(_ page: SitePage) throws -> [OutputFile] {
        try HTMLFragment.$table.withValue(HTMLFragment.Table()) { try renderFilesWithTable(page) }
    }

    private func renderFilesWithTable(_ page: SitePage) throws -> [OutputFile] {
        var (body, tableFiles) = tables.render(markdown: try markdown(template: page.template, model: page.model, for: page.path), page: page.path,
                                               rows: tableRows)
        // Parts rendered once for many pages (`SharedParts`) link from the site's root.
        if HTMLFragment.table?.placesParts == true {
            body = HTMLFragment.placingRoot(in: body, root: page.linkRoot ?? Routes.root(from: page.path))
        }
        let html = try theme.render(theme.layout, name: "layout.html", model: LayoutContext(page: page, body: body, site: site))
        return [OutputFile(path: page.path, bytes: Array(html.utf8))] + tableFiles
    }

    /// Renders a Markdown template with a model: every `{{value}}` is escaped for Markdown.
    func markdown(template name: String, model: any Encodable, for path: String) throws -> String {
        guard let template = theme.library.getTemplate(named: name) else {
            throw ThemeError(file: "templates/\(name).md", reason: "the theme has no template for \(path)")
        }
        return try theme.render(template, name: name, model: model)
    }
}
