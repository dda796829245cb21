import Foundation
import CCmarkGFM

/// Renders GitHub-flavoured Markdown to HTML with cmark-gfm, safely.
///
/// Runs with the table, autolink, strikethrough and tagfilter extensions and without the unsafe
/// option, so raw HTML never reaches the page; links and images whose URL is not http(s), mailto,
/// or relative are emptied before rendering.
public enum MarkdownRenderer {
    private static let extensionNames = ["table", "autolink", "strikethrough", "tagfilter"]

    private static let ready: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    public static func html(_ markdown: String) -> String {
        _ = ready
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        neutraliseLinks(in: document)
        // The parser's extension list must go to the renderer too, or tagfilter is silently off.
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(rendered) }
        return classifyAlignment(String(cString: rendered))
    }

    /// cmark-gfm marks aligned table cells with `align`, obsolete in HTML5; a class keeps the
    /// alignment in the stylesheet (and out of inline styles, which a strict CSP forbids). Data
    /// cannot forge these tags: cmark escapes `"` and `<` in text and attributes.
    static func classifyAlignment(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let marker = Array(" align=\"".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var index = 0
        var changed = false
        while index < bytes.count {
            // `<td align="` or `<th align="` → `<td class="align-`
            if bytes[index] == UInt8(ascii: "<"), index + 3 + marker.count <= bytes.count, bytes[index + 1] == UInt8(ascii: "t"),
               bytes[index + 2] == UInt8(ascii: "d") || bytes[index + 2] == UInt8(ascii: "h"),
               bytes[(index + 3)..<(index + 3 + marker.count)].elementsEqual(marker) {
                out.append(contentsOf: bytes[index..<(index + 3)])
                out.append(contentsOf: " class=\"align-".utf8)
                index += 3 + marker.count
                changed = true
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return changed ? String(decoding: out, as: UTF8.self) : html
    }

    /// Empties every link or image URL whose scheme is not allowed.
    private static func neutraliseLinks(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let raw = cmark_node_get_url(node) else { continue }
            if !isAllowed(String(cString: raw)) { cmark_node_set_url(node, "") }
        }
    }

    /// http, https and mailto, or a relative link with no scheme at all.
    static func isAllowed(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") { return true }
        guard let colon = lower.firstIndex(of: ":") else { return !lower.hasPrefix("//") }
        // A colon after the first slash, question mark or hash is part of a path, not a scheme.
        if let stop = lower.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }), stop < colon { return !lower.hasPrefix("//") }
        return false
    }
}
