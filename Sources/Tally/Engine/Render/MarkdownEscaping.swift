import Mustache

/// Escapes data for Markdown, so a value inserted into a template is always literal text.
///
/// Every ASCII punctuation character gets a backslash (CommonMark lets any of them be escaped,
/// GFM tables honour `\|`), and line breaks become spaces so a value cannot end a table row or
/// start a block. `&` is escaped too, so `&amp;` in data shows as written, never decoded twice.
public enum MarkdownEscaping {
    public static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                out.append("\\")
                out.append(scalar)
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                out.append(" ")
            case 0x00:
                out.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069:
                // Directional overrides and isolates in data could make a name read backwards
                // or swallow the text after it; they are dropped.
                continue
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text for HTML attributes and titles: the same directional controls removed.
    public static func removingDirectionalControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }) else {
            return text
        }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter {
            !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value)
        }))
    }

    /// Registers the `MARKDOWN` and `SAFEHTML` content types with swift-mustache (once per process).
    static let registered: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
        MustacheContentTypes.register(SafeHTMLContentType(), named: "SAFEHTML")
    }()
}

/// swift-mustache's hook: `{{value}}` in a Markdown template goes through `MarkdownEscaping`.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownEscaping.escape(text) }
}

/// swift-mustache's hook for a theme's HTML partials (`twitter/_card.html`): `{{value}}` is escaped
/// as `HTMLFragment` escapes text, with directional controls dropped, byte for byte the same, and
/// without swift-mustache's own HTML escaping's per-character dictionary look-ups.
struct SafeHTMLContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { HTMLFragment.escape(MarkdownEscaping.removingDirectionalControls(text)) }
}
