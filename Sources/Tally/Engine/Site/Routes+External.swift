extension Routes {
    /// An http(s) or mailto URL made safe to place in a Markdown link or an HTML attribute, or nil
    /// for any other scheme (`javascript:`, `data:`, relative paths from data…).
    ///
    /// Every byte outside a conservative set is percent-encoded, so the URL can never end the link
    /// syntax it sits in (no spaces, parentheses, angle brackets, quotes or backslashes survive).
    public static func external(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces
        guard hasPrefix(trimmed, "https://") || hasPrefix(trimmed, "http://") || hasPrefix(trimmed, "mailto:") else { return nil }
        // Most URLs need nothing encoded: they are kept as they are, not built again byte by byte
        // (every avatar and link of a build passes here).
        if trimmed.utf8.allSatisfy(isURLByte) { return trimmed }
        var out: [UInt8] = []
        out.reserveCapacity(trimmed.utf8.count + 16)
        for byte in trimmed.utf8 {
            if isURLByte(byte) {
                out.append(byte)
            } else {
                out += "%".utf8
                out += String(byte, radix: 16, uppercase: true).leftPadded(to: 2).utf8
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` starts with the lower-case ASCII `prefix`, in any case.
    private static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            text.utf8.count >= prefix.count && zip(text.utf8, prefix).allSatisfy { byte, lower in
                byte == lower || (byte >= 65 && byte <= 90 && byte + 32 == lower)
            }
        }
    }

    /// A picture's URL as pages load it: `external`, with `http:` raised to `https:`, since the
    /// pages' Content-Security-Policy lets pictures come only over https (old iTunes feeds and
    /// some sources still name `http://` images, which their servers also give over https).
    public static func secureImage(_ url: String) -> String? {
        let trimmed = url.trimmingSpaces
        guard hasPrefix(trimmed, "http://") else { return external(trimmed) }
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
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
             UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
             UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"): return true
        default: return false
        }
    }
}
