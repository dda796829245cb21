import Foundation

/// Renders one partial of a theme with models, every value escaped for HTML.
struct PartialRenderer: Sendable {
    let theme: Theme
    let template: String

    func render(_ model: any Encodable) throws -> String {
        guard let partial = theme.library.getTemplate(named: template) else {
            throw ThemeError(file: "templates/\(template).html", reason: "the theme has no such partial")
        }
        return Self.checkingLinks(theme.render(partial, name: template, context: try MustacheValueEncoder.encode(model)))
    }

    /// The part with every `href` and `src` whose URL is not http(s), mailto or relative emptied,
    /// as `HTMLFragment.element` and the Markdown renderer do: a theme that writes a data field
    /// into a link cannot let `javascript:` through.
    static func checkingLinks(_ html: String) -> String {
        guard html.contains(" href=\"") || html.contains(" src=\"") else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let attribute = [rest.range(of: " href=\""), rest.range(of: " src=\"")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            out += rest[..<attribute.upperBound]
            rest = rest[attribute.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = rest[..<end]
            let url = !value.contains("&") ? String(value) : value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            if MarkdownRenderer.isAllowed(url) { out += value }
            rest = rest[end...]
        }
        out += rest
        return out
    }
}
