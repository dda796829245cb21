import Foundation
import Mustache
#if canImport(Glibc)
import Glibc
#endif

/// A loaded theme: the HTML layout, the Markdown page templates and partials, and static assets.
///
/// Templates are parsed once here and shared by every page render.
public struct Theme: Sendable {
    /// Wraps every page body; HTML with mustache placeholders.
    public let layout: MustacheTemplate
    /// Page templates (`home`, `<source>/<page>`…) and partials (`_*.md`), Markdown with mustache,
    /// and HTML partials (`<source>/_*.html`) rendered once per item (`SharedParts`).
    public let library: MustacheLibrary
    /// Files copied to the output as they are, by path under `assets/`.
    public let assets: [String: [UInt8]]
    /// A digest of every file of the theme, for telling whether a build's inputs changed.
    public let digest: String
    /// The templates' rendered shapes, kept for the build (`TemplateSkeletons`).
    let skeletons: TemplateSkeletons
    /// The theme's files, and each template's text by name, for the digests of its parts (`Theme+Parts`).
    let files: [String: [UInt8]]
    let templateTexts: [String: String]

    /// Renders the template or partial `name` (or the layout, `layout.html`) with a model.
    func render(_ template: MustacheTemplate, name: String, model: any Encodable) throws -> String {
        try skeletons.render(template, name: name, model: model, library: library)
    }

    /// A page's file: the layout around its body, given as bytes (`TemplateSkeletons.renderPage`).
    func renderPage(body: [UInt8], root: String?, model: (String) -> any Encodable) throws -> [UInt8] {
        try skeletons.renderPage(layout, name: "layout.html", library: library, body: body, root: root, model: model)
    }

    /// Builds a theme from its files (relative path to bytes).
    public init(files: [String: [UInt8]], origin: String) throws {
        _ = MarkdownEscaping.registered
        guard let layoutBytes = files["layout.html"] else { throw ThemeError(file: origin + "/layout.html", reason: "the layout is missing") }
        // The layout is HTML: its values are escaped by Unicode scalar (`SafeHTMLContentType`).
        let layoutText = String(decoding: layoutBytes, as: UTF8.self)
        layout = try Theme.parse("{{% CONTENT_TYPE: SAFEHTML}}" + layoutText, file: origin + "/layout.html")
        var sources = ["layout.html": layoutText]
        var library = MustacheLibrary()
        var htmlPartials: Set<String> = []
        var assets: [String: [UInt8]] = [:]
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = bytes
            } else if path.hasSuffix(".md") {
                // Page bodies are Markdown: every `{{value}}` in them is escaped for Markdown.
                // A source's templates sit in its folder and are named with it (`<source>/<page>`).
                let text = String(decoding: bytes, as: UTF8.self)
                library.register(try Theme.parse("{{% CONTENT_TYPE: MARKDOWN}}" + text, file: "\(origin)/\(path)"), named: String(path.dropLast(3)))
                sources[String(path.dropLast(3))] = text
            } else if path.hasSuffix(".html"), path != "layout.html" {
                // HTML partials (`<source>/_card.html`), rendered once per item and placed into
                // pages whole: every `{{value}}` in them is escaped for HTML. The file's final line
                // break is dropped, so a partial can be placed inside a line of another.
                var text = String(decoding: bytes, as: UTF8.self)
                while text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
                let source = "{{% CONTENT_TYPE: SAFEHTML}}" + text
                library.register(try Theme.parse(source, file: "\(origin)/\(path)"), named: String(path.dropLast(5)))
                sources[String(path.dropLast(5))] = text
                htmlPartials.insert(String(path.dropLast(5)))
            }
        }
        if library.getTemplate(named: "404") == nil {
            // Themes made before the 404 page existed get the default one.
            library.register(try Theme.parse("{{% CONTENT_TYPE: MARKDOWN}}" + NotFoundPage.defaultTemplate, file: "(default 404.md)"), named: "404")
        }
        // An HTML partial is placed into pages as it renders: a Markdown partial inside it would
        // escape its values for Markdown, not for HTML.
        for name in htmlPartials.sorted() {
            for partial in TemplateSkeletons.partials(in: sources[name] ?? "") where !htmlPartials.contains(partial) {
                throw ThemeError(file: "\(origin)/\(name).html", reason: "includes \(partial), which is not an HTML partial (.html); HTML partials may include only HTML partials")
            }
        }
        self.library = library
        self.assets = assets
        skeletons = TemplateSkeletons(sources: sources)
        self.files = files
        templateTexts = sources
        digest = Manifest.digest(files.sorted { $0.key < $1.key }.flatMap { Array("\($0.key)\n\($0.value.count)\n".utf8) + $0.value })
    }

    /// Loads the theme in `folder`, or the embedded default theme when `folder` is nil.
    public static func load(folder: URL?) throws -> Theme {
        guard let folder else { return try Theme(files: DefaultTheme.files, origin: "(default theme)") }
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw ThemeError(file: folder.path, reason: "no such theme folder")
        }
        return try Theme(files: readFiles(in: folder), origin: folder.path)
    }

    /// Every regular file below `folder`, by path relative to it.
    static func readFiles(in folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let root = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in walker where isRegularFile(url.path) {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            files[relative] = [UInt8](try Data(contentsOf: url))
        }
        return files
    }

    /// Whether `path` is a regular file itself, not a link to one: what `URLResourceValues`'s
    /// `isRegularFile` says, without its cost on Linux (most of reading a theme's files).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func parse(_ source: String, file: String) throws -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: source)
        } catch let error as MustacheTemplate.ParserError {
            throw ThemeError(file: "\(file):\(error.context.lineNumber):\(error.context.columnNumber)", reason: "\(error.error)")
        }
    }
}

/// A theme file is missing or does not parse.
public struct ThemeError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): \(reason)" }
}
