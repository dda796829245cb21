/// A person's contact card as vCard 4.0 (RFC 6350): text values escaped, lines folded at 75
/// octets without splitting a UTF-8 sequence, CRLF line ends.
enum VCard {
    static func card(for user: StoredUser) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        lines.append("FN:" + escape(user.name.isEmpty ? user.screenName : user.name))
        lines.append("NICKNAME:" + escape(user.screenName))
        lines.append("URL:" + Routes.profileOnWeb(user))
        if let photo = user.avatarURL.map(TweetHTML.largeAvatar).flatMap(Routes.external) {
            lines.append("PHOTO:" + photo)
        }
        if let bio = user.bio, !bio.isEmpty { lines.append("NOTE:" + escape(bio)) }
        if let website = user.website.flatMap(Routes.external), !website.lowercased().hasPrefix("mailto:") {
            lines.append("URL;TYPE=home:" + website)
        }
        lines.append("END:VCARD")
        return lines.map(fold).joined()
    }

    /// RFC 6350 §3.4: backslash, comma, semicolon and line breaks escaped in text values; control
    /// characters and directional controls dropped, as everywhere a name is shown.
    static func escape(_ text: String) -> String {
        // Most names and bios hold none of these bytes: kept whole, not rebuilt scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") }) {
            return text.removingDirectionalControls
        }
        return escapeEach(text)
    }

    /// `escape` scalar by scalar, for text that holds something to escape or drop.
    static func escapeEach(_ text: String) -> String {
        var out = ""
        var previousCR = false
        for scalar in text.removingDirectionalControls.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ",": out += "\\,"
            case ";": out += "\\;"
            case "\r": out += "\\n"
            case "\n": if !previousCR { out += "\\n" }
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line, folded: at most 75 octets per physical line (a continuation's leading
    /// space included), breaking only between whole UTF-8 sequences; each line ends in CRLF.
    ///
    /// A line that fits is kept whole; a longer one is walked as bytes, each sequence's length
    /// read from its first byte. Made a `String` and an array per scalar, the folding was 8 % of
    /// the People section of a 20k build (perf).
    static func fold(_ line: String) -> String {
        if line.utf8.count <= 75 { return line + "\r\n" }
        let bytes = Array(line.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 74 * 3 + 2)
        var width = 0
        var start = 0
        while start < bytes.count {
            // A Swift string is valid UTF-8: a sequence starts with a byte below 0x80 or above 0xBF.
            let lead = bytes[start]
            let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = min(bytes.count, start + length)
            if width + (end - start) > 75 {
                out += [13, 10, 32]
                width = 1
            }
            for index in start..<end { out.append(bytes[index]) }
            width += end - start
            start = end
        }
        out += [13, 10]
        return String(decoding: out, as: UTF8.self)
    }
}
