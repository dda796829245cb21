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
        let (body, tableFiles): ([UInt8], [OutputFile]) = switch try self.body(template: page.template, model: page.model, for: page.path) {
        case .markdown(let markdown):
            { (Array($0.body.utf8), $0.files) }(tables.render(markdown: markdown, page: page.path, rows: tableRows))
        // No run is long enough for a long table cut from the Markdown: the HTML is windowed as
        // `render(markdown:)` windows a page with none.
        case .html(let html): tables.apply(MarkdownRenderer.bytes(cmarkHTML: html), page: page.path)
        }
        // Parts rendered once for many pages (`SharedParts`) link from the site's root.
        let root = HTMLFragment.table?.placesParts == true ? page.linkRoot ?? Routes.root(from: page.path) : nil
        let html = try theme.renderPage(body: body, root: root) { LayoutContext(page: page, body: $0, site: site) }
        return [OutputFile(path: page.path, bytes: html)] + tableFiles
    }

    /// Renders a Markdown template with a model: every `{{value}}` is escaped for Markdown.
    func markdown(template name: String, model: any Encodable, for path: String) throws -> String {
        try theme.render(template(name, for: path), name: name, model: model)
    }

    /// A page's body from its Markdown template: cmark-gfm's HTML where a body skeleton tells it
    /// (`BodySkeleton`), else the Markdown.
    private func body(template name: String, model: any Encodable, for path: String) throws -> TemplateSkeletons.Body {
        try theme.skeletons.renderBody(template(name, for: path), name: name, model: model, library: theme.library, longRuns: tables.pictureThreshold)
    }

    private func template(_ name: String, for path: String) throws -> MustacheTemplate {
        guard let template = theme.library.getTemplate(named: name) else {
            throw ThemeError(file: "templates/\(name).md", reason: "the theme has no template for \(path)")
        }
        return template
    }
}
