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
        // Directional overrides and isolates are dropped by the one rule for text from data.
        for scalar in text.unicodeScalars where !String.isDirectionalControl(scalar) {
            switch scalar.value {
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                out.append("\\")
                out.append(scalar)
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                out.append(" ")
            case 0x00:
                out.append("\u{FFFD}")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Text for HTML attributes and titles: the one rule for directional controls
    /// (`String.removingDirectionalControls`), under the name Render's callers use.
    public static func removingDirectionalControls(_ text: String) -> String {
        text.removingDirectionalControls
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
