import Foundation

/// Renders one partial of a theme with models, every value escaped for HTML.
struct PartialRenderer: Sendable {
    let theme: Theme
    let template: String

    func render(_ model: any Encodable) throws -> String {
        guard let partial = theme.library.getTemplate(named: template) else {
            throw ThemeError(file: "templates/\(template).html", reason: "the theme has no such partial")
        }
        return Self.checkingLinks(try theme.render(partial, name: template, model: model))
    }

    /// The part with every quoted `href` and `src` whose URL is not http(s), mailto or relative emptied,
    /// as `HTMLFragment.element` and the Markdown renderer do: a theme that writes a data field
    /// into a link cannot let `javascript:` through.
    static func checkingLinks(_ html: String) -> String {
        var source = html
        return source.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            var copied = 0
            var index = 0
            let count = bytes.count
            while index + 6 < count {
                // ` href=` or ` src=` in any case, then a quote: the letter after the space tells
                // which to compare (`| 0x20` lowers ASCII letters and leaves `=` as it is).
                let first = bytes[index + 1] | 0x20
                guard bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09, first == 0x68 || first == 0x73 else {
                    index += 1
                    continue
                }
                let name: [UInt8] = first == 0x68 ? Self.href : Self.src
                guard index + 2 + name.count < count, name.indices.allSatisfy({ bytes[index + 1 + $0] | 0x20 == name[$0] }),
                      bytes[index + 1 + name.count] == 0x22 || bytes[index + 1 + name.count] == 0x27 else {
                    index += 1
                    continue
                }
                let quote = bytes[index + 1 + name.count]
                let start = index + 2 + name.count
                var end = start
                while end < count, bytes[end] != quote { end += 1 }
                let value = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !Self.plainlyAllowed(value) {
                    let text = String(decoding: value, as: UTF8.self)
                    let url = !text.contains("&") ? text : text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
                    if !MarkdownRenderer.isAllowed(url) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<start]))
                        copied = end
                    }
                }
                index = end
            }
            guard copied > 0 else { return html }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let href = Array("href=".utf8)
    private static let src = Array("src=".utf8)
    private static let plainPrefixes = [Array("https://".utf8), Array("http://".utf8), Array(HTMLFragment.rootToken.utf8)]

    /// The common cases, decided without decoding: an http(s) address or a link from the root.
    private static func plainlyAllowed(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        plainPrefixes.contains { prefix in value.count >= prefix.count && prefix.indices.allSatisfy { value[$0] == prefix[$0] } }
    }
}
