import Foundation
import CCmarkGFM

/// Renders GitHub-flavoured Markdown to HTML with cmark-gfm, safely.
///
/// Runs with the table, strikethrough and tagfilter extensions and without the unsafe option, so
/// raw HTML never reaches the page; links and images whose URL is not http(s), mailto, or relative
/// are emptied before rendering. Not with the autolink extension: it links an address in text
/// after escapes are read (`halcy\@mastodon\.social` became a mailto link), so data made links.
public enum MarkdownRenderer {
    private static let extensionNames = ["table", "strikethrough", "tagfilter"]

    private static let ready: Void = { cmark_gfm_core_extensions_ensure_registered() }()

    public static func html(_ markdown: String) -> String {
        html(cmarkHTML: cmarkHTML(markdown))
    }

    /// The page body from cmark-gfm's HTML (`cmarkHTML`): sort keys and image sizes read, and
    /// fragments built in code (`HTMLFragment`), which went through as tokens, put back last.
    static func html(cmarkHTML html: String) -> String {
        HTMLFragment.restore(in: sortKeys(sizeImages(html)))
    }

    /// The same as the body's bytes (`HTMLFragment.restoreBytes`).
    static func bytes(cmarkHTML html: String) -> [UInt8] {
        HTMLFragment.restoreBytes(in: sortKeys(sizeImages(html)))
    }

    /// cmark-gfm's HTML for `markdown`, its links checked and its table cells' alignment made
    /// classes: what `html` makes before the steps that read values (sort keys, image sizes,
    /// fragments). `BodySkeleton` cuts a page kind's rendering of this at its values.
    static func cmarkHTML(_ markdown: String) -> String {
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

    /// A table cell that ends in the code span `` `sort:1.29` `` keeps the shown text and gets
    /// `data-sort="1.29"` for the sorting script (a price shown as "Free" sorts as 0). Data cannot
    /// forge it: backticks from data are escaped, so only templates make code spans; the key is
    /// copied only when it is a plain number.
    static func sortKeys(_ html: String) -> String {
        guard html[...].firstByteRange(of: "<code>sort:") != nil else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = Substring(html)
        while let code = rest.firstByteRange(of: "<code>sort:") {
            guard let close = rest[code.upperBound...].firstByteRange(of: "</code></td>"),
                  let cellStart = rest[..<code.lowerBound].lastByteRange(of: "<td"),
                  let tagEnd = rest[cellStart.upperBound..<code.lowerBound].firstIndex(of: ">") else {
                out += rest[..<code.upperBound]
                rest = rest[code.upperBound...]
                continue
            }
            let key = rest[code.upperBound..<close.lowerBound]
            guard !key.isEmpty, key.count <= 24, key.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) else {
                out += rest[..<code.upperBound]
                rest = rest[code.upperBound...]
                continue
            }
            out += rest[..<tagEnd] + " data-sort=\"\(key)\">"
            var shown = rest[rest.index(after: tagEnd)..<code.lowerBound]
            while shown.last == " " { shown = shown.dropLast() }
            out += shown + "</td>"
            rest = rest[close.upperBound...]
        }
        out += rest
        return out
    }

    /// Images load lazily, and an image whose URL ends in `#size=WxH` (the template knows the
    /// size; Markdown has no syntax for it) gets `width` and `height`, so nothing shifts while it
    /// loads. Data cannot forge the tag: cmark escapes `<` and `"`; only digits are copied.
    static func sizeImages(_ html: String) -> String {
        guard html[...].firstByteRange(of: "<img src=\"") != nil else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count + 256)
        var rest = Substring(html)
        while let start = rest.firstByteRange(of: "<img src=\"") {
            out += rest[..<start.lowerBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { out += "<img src=\""; break }
            var url = rest[..<end]
            var size = ""
            if let marker = url.range(of: "#size=", options: .backwards) {
                let parts = url[marker.upperBound...].split(separator: "x", omittingEmptySubsequences: false)
                if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
                    size = " width=\"\(parts[0])\" height=\"\(parts[1])\""
                    url = url[..<marker.lowerBound]
                }
            }
            out += "<img loading=\"lazy\" decoding=\"async\"" + size + " src=\"" + url + "\""
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return out
    }

    /// cmark-gfm marks aligned table cells with `align`, obsolete in HTML5; a class keeps the
    /// alignment in the stylesheet (and out of inline styles, which a strict CSP forbids). Data
    /// cannot forge these tags: cmark escapes `"` and `<` in text and attributes.
    static func classifyAlignment(_ html: String) -> String {
        let marker = Array(" align=\"".utf8)
        // Most pages have no aligned cell: one search tells, before any copy (copying every page
        // a byte at a time was 1 % of a 20k full build).
        var source = html
        guard source.withUTF8({ ByteSearch.offset(of: marker, in: $0) }) != nil else { return html }
        let bytes = Array(html.utf8)
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
            let url = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
            if !isAllowed(UnsafeBufferPointer(start: url, count: strlen(raw))) { cmark_node_set_url(node, "") }
        }
    }

    /// http, https and mailto, or a relative link with no scheme at all.
    static func isAllowed(_ url: String) -> Bool {
        var url = url
        return url.withUTF8(isAllowed)
    }

    /// The same on the URL's UTF-8 bytes: a page's links are checked as it renders, and walking
    /// them as characters was most of that.
    static func isAllowed(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(with prefix: StaticString) -> Bool {
            guard url.count >= prefix.utf8CodeUnitCount else { return false }
            // ASCII letters only in the prefixes: setting bit 5 lowers them (and leaves `:` and `/`).
            for (index, byte) in UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount).enumerated() {
                let lowered = url[index] >= 65 && url[index] <= 90 ? url[index] | 0x20 : url[index]
                if lowered != byte { return false }
            }
            return true
        }
        if starts(with: "http://") || starts(with: "https://") || starts(with: "mailto:") { return true }
        let relative = !starts(with: "//")
        guard let colon = url.firstIndex(of: UInt8(ascii: ":")) else { return relative }
        // A colon after the first slash, question mark or hash is part of a path, not a scheme.
        if let stop = url.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }), stop < colon {
            return relative
        }
        return false
    }
}
