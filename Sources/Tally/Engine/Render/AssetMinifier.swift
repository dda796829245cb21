import Foundation

/// Makes the theme's scripts and stylesheets lighter as they are copied into the site, conservatively:
/// scripts keep every line break (so automatic semicolon insertion reads them exactly as written)
/// and lose only indentation, blank lines and lines that are wholly `//` comments; stylesheets lose
/// comments and the spaces around `{`, `}`, `;`, `,` and `>`, and after `:`. The theme's files stay readable in
/// `templates/assets/`.
enum AssetMinifier {
    static func minified(name: String, bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        if name.hasSuffix(".js") { return Array(script(text).utf8) }
        if name.hasSuffix(".css") { return Array(stylesheet(text).utf8) }
        return bytes
    }

    static func script(_ text: String) -> String {
        var lines: [Substring] = []
        var inComment = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if !inComment, line.hasPrefix("//") { continue }
            // Template literals span lines whose spaces matter: a script with a backtick outside
            // its comments is left as it is rather than risked.
            if !inComment, line.contains("`") { return text }
            // Only whole-line block comments are tracked, to know that a backtick inside one is prose.
            if !inComment, line.hasPrefix("/*"), !line.contains("*/") { inComment = true }
            else if inComment, line.contains("*/") { inComment = false }
            lines.append(Substring(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func stylesheet(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { rest = ""; break }
            rest = rest[end.upperBound...]
        }
        out += rest
        var result = ""
        result.reserveCapacity(out.utf8.count)
        var pendingSpace = false
        var inString: Character?
        for character in out {
            if let quote = inString {
                result.append(character)
                if character == quote { inString = nil }
                continue
            }
            if character == "\"" || character == "'" {
                if pendingSpace, let last = result.last, !"{};:,>".contains(last) { result.append(" ") }
                pendingSpace = false
                inString = character
                result.append(character)
                continue
            }
            if character.isWhitespace { pendingSpace = true; continue }
            // A space before `:` can matter (`.a :hover`), so only the one after it goes.
            if pendingSpace, let last = result.last, !"{};:,>".contains(last), !"{};,>".contains(character) { result.append(" ") }
            pendingSpace = false
            result.append(character)
        }
        return result + "\n"
    }
}
