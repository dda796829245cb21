import Testing
@testable import Tally

/// Escaping data for Markdown: the byte-by-byte path for ASCII text must give what the
/// scalar-by-scalar rule gives for every text.
@Suite("Markdown escaping")
struct MarkdownEscapingTests {
    /// The rule, scalar by scalar, as `MarkdownEscaping.escape` states it.
    static func reference(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !String.isDirectionalControl(scalar) {
            switch scalar.value {
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                out.append("\\")
                out.append(scalar)
            case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0x00: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    @Test("every ASCII byte, alone and in text, escapes as the scalar rule says")
    func everyASCIIByte() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            #expect(MarkdownEscaping.escape(text) == Self.reference(text), "byte \(byte)")
            let inText = "a" + text + "b\r\n[x](y) | `z` *w* 2,216 & <p>"
            #expect(MarkdownEscaping.escape(inText) == Self.reference(inText), "byte \(byte) in text")
        }
        #expect(MarkdownEscaping.escape("2,216 | a_b") == "2\\,216 \\| a\\_b")
        #expect(MarkdownEscaping.escape("") == "")
    }

    @Test("text beyond ASCII keeps the scalar rule: directional controls dropped, line separators made spaces")
    func beyondASCII() {
        for text in ["Café — 日本 🇫🇷", "x\u{202E}y", "a\u{2028}b\u{85}c", "[é](x)", "é\u{0}", "\u{0}"] {
            #expect(MarkdownEscaping.escape(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(MarkdownEscaping.escape("a\u{0}b") == "a\u{FFFD}b")
    }
}
