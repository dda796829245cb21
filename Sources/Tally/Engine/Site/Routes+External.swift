extension Routes {
    /// An http(s) or mailto URL made safe to place in a Markdown link or an HTML attribute, or nil
    /// for any other scheme (`javascript:`, `data:`, relative paths from data…).
    ///
    /// Every byte outside a conservative set is percent-encoded, so the URL can never end the link
    /// syntax it sits in (no spaces, parentheses, angle brackets, quotes or backslashes survive).
    public static func external(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:") else { return nil }
        var out = ""
        for byte in trimmed.utf8 {
            if isURLByte(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A picture's URL as pages load it: `external`, with `http:` raised to `https:`, since the
    /// pages' Content-Security-Policy lets pictures come only over https (old iTunes feeds and
    /// some sources still name `http://` images, which their servers also give over https).
    public static func secureImage(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("http://") else { return external(trimmed) }
        return external("https://" + trimmed.dropFirst("http://".count))
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters, for one path segment or query value.
    public static func percentEncodeComponent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "~")
            out += unreserved ? String(Unicode.Scalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return out
    }

    private static func isURLByte(_ byte: UInt8) -> Bool {
        if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) { return true }
        return "-._~:/?#@!$&+,;=%".utf8.contains(byte)
    }
}
