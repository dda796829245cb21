/// Builds JSON text for SQL parameters: a list of keys bound as one `json_each(?)` argument, and
/// JSON columns written without an encoder in import loops.
public enum JSONArgument {
    /// A JSON array of strings, for binding a list of keys as one `json_each(?)` parameter.
    public static func array(_ texts: some Collection<String>) -> String {
        var out = "["
        out.reserveCapacity(texts.count * 24)
        var first = true
        for text in texts {
            if !first { out += "," }
            first = false
            appendString(text, to: &out)
        }
        return out + "]"
    }

    /// Appends `text` as a JSON string literal.
    public static func appendString(_ text: String, to out: inout String) {
        out += "\""
        // Ids, tags and names almost never need escaping: append them whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
