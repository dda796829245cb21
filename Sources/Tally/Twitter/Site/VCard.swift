/// A person's contact card as vCard 4.0 (RFC 6350): text values escaped, lines folded at 75
/// octets without splitting a UTF-8 sequence, CRLF line ends.
enum VCard {
    static func card(for user: StoredUser) -> String {
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        lines.append("FN:" + escape(user.name.isEmpty ? user.screenName : user.name))
        lines.append("NICKNAME:" + escape(user.screenName))
        lines.append("URL:" + Routes.profileOnWeb(user))
        if let photo = user.avatarURL.map({ $0.replacingOccurrences(of: "_normal.", with: "_400x400.") }).flatMap(Routes.external) {
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
    static func fold(_ line: String) -> String {
        var out: [UInt8] = []
        var width = 0
        for scalar in line.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if width + bytes.count > 75 {
                out += [13, 10, 32]
                width = 1
            }
            out += bytes
            width += bytes.count
        }
        out += [13, 10]
        return String(decoding: out, as: UTF8.self)
    }
}
