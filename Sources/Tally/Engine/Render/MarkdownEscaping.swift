import Mustache

/// Escapes data for Markdown, so a value inserted into a template is always literal text.
///
/// Every ASCII punctuation character gets a backslash (CommonMark lets any of them be escaped,
/// GFM tables honour `\|`), and line breaks become spaces so a value cannot end a table row or
/// start a block. `&` is escaped too, so `&amp;` in data shows as written, never decoded twice.
public enum MarkdownEscaping {
    public static func escape(_ text: String) -> String {
        // Most values are ASCII: escaped byte by byte (a scalar view appended to one scalar at a
        // time was a third of filling a People table's 14,000 rows). Other text goes scalar by
        // scalar below, for its directional controls and line separators.
        if let ascii = escapeASCII(text) { return ascii }
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

    /// `escape` for ASCII text with no NUL (U+FFFD, its stand-in, is three bytes), or nil.
    private static func escapeASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var needed = 0
            for byte in bytes {
                if byte >= 0x80 || byte == 0 { return nil }
                if isPunctuation(byte) { needed += 1 }
            }
            return String(unsafeUninitializedCapacity: bytes.count + needed) { out in
                var index = 0
                for byte in bytes {
                    switch byte {
                    case _ where isPunctuation(byte):
                        out[index] = UInt8(ascii: "\\")
                        out[index + 1] = byte
                        index += 2
                    case 0x0A, 0x0D, 0x09, 0x0B, 0x0C:
                        out[index] = UInt8(ascii: " ")
                        index += 1
                    default:
                        out[index] = byte
                        index += 1
                    }
                }
                return index
            }
        }
    }

    /// ASCII punctuation, which Markdown lets a backslash escape.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
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
