import Foundation

/// Makes the theme's scripts and stylesheets lighter as they are copied into the site, conservatively.
/// Scripts lose comments and the spaces between tokens that need none; a line break goes only where
/// automatic semicolon insertion cannot read it (after `{ ; , ( [ = : ? & |`, or before `} ) ] ; ,`),
/// the rest stay. Strings and regular expressions are copied as written; a script with a template
/// literal, or one the scanner cannot follow to the end (a string or expression left open on its
/// line), is left exactly as it is. Stylesheets lose comments, the spaces around `{`, `}`, `;`, `,`
/// and `>`, after `:`, and the `;` before `}`. The theme's files stay readable in `templates/assets/`.
enum AssetMinifier {
    static func minified(name: String, bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        if name.hasSuffix(".js") { return Array(script(text).utf8) }
        if name.hasSuffix(".css") { return Array(stylesheet(text).utf8) }
        return bytes
    }

    static func script(_ text: String) -> String {
        guard let bytes = compactScript(Array(text.utf8)) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Words after which `/` opens a regular expression rather than dividing.
    private static let regexKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                                                     "throw", "case", "do", "else", "yield", "await"]

    private static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 36 || byte >= 128
    }

    /// Whether two tokens written with space between them would read differently without it.
    private static func needsSpace(_ last: UInt8, _ next: UInt8) -> Bool {
        if isWord(last) && isWord(next) { return true }
        switch (last, next) {
        case (UInt8(ascii: "+"), UInt8(ascii: "+")), (UInt8(ascii: "-"), UInt8(ascii: "-")),
             (UInt8(ascii: "/"), UInt8(ascii: "/")), (UInt8(ascii: "/"), UInt8(ascii: "*")),
             (UInt8(ascii: "<"), UInt8(ascii: "!")), (UInt8(ascii: "-"), UInt8(ascii: ">")):
            return true
        default:
            return next == UInt8(ascii: ".") && last >= 48 && last <= 57  // `1 .toString()`
        }
    }

    /// The script without its comments and needless spaces and line breaks, or nil when it cannot be
    /// scanned with certainty.
    private static func compactScript(_ bytes: [UInt8]) -> [UInt8]? {
        let newline = UInt8(ascii: "\n"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\")
        let breakAfter = Array("{;,([=:?&|".utf8), breakBefore = Array("})];,".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        var pendingSpace = false, pendingNewline = false
        var divisionAllowed = false  // whether a `/` here divides (after a value) or opens a regular expression
        func emitting(_ next: UInt8) {
            if let last = out.last {
                if pendingNewline && !breakAfter.contains(last) && !breakBefore.contains(next) {
                    out.append(newline)
                } else if (pendingSpace || pendingNewline) && needsSpace(last, next) {
                    out.append(UInt8(ascii: " "))
                }
            }
            pendingSpace = false
            pendingNewline = false
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case newline, UInt8(ascii: "\r"):
                pendingNewline = true
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                pendingSpace = true
                i += 1
            case UInt8(ascii: "`"):
                return nil
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                emitting(byte)
                var j = i + 1
                while true {
                    guard j < bytes.count, bytes[j] != newline, bytes[j] != UInt8(ascii: "\r") else { return nil }
                    if bytes[j] == backslash { j += 2; continue }
                    if bytes[j] == byte { break }
                    j += 1
                }
                out.append(contentsOf: bytes[i...j])
                i = j + 1
                divisionAllowed = false
            case slash where i + 1 < bytes.count && bytes[i + 1] == slash:
                while i < bytes.count, bytes[i] != newline, bytes[i] != UInt8(ascii: "\r") { i += 1 }
                pendingSpace = true
            case slash where i + 1 < bytes.count && bytes[i + 1] == star:
                var j = i + 2
                var spansLines = false
                while true {
                    guard j + 1 < bytes.count else { return nil }
                    if bytes[j] == star && bytes[j + 1] == slash { break }
                    if bytes[j] == newline || bytes[j] == UInt8(ascii: "\r") { spansLines = true }
                    j += 1
                }
                if spansLines { pendingNewline = true } else { pendingSpace = true }
                i = j + 2
            case slash where !divisionAllowed:
                emitting(byte)
                var j = i + 1
                var inClass = false
                while true {
                    guard j < bytes.count, bytes[j] != newline, bytes[j] != UInt8(ascii: "\r") else { return nil }
                    let c = bytes[j]
                    if c == backslash { j += 2; continue }
                    if c == UInt8(ascii: "[") { inClass = true } else if c == UInt8(ascii: "]") { inClass = false } else if c == slash && !inClass { break }
                    j += 1
                }
                out.append(contentsOf: bytes[i...j])
                i = j + 1
                divisionAllowed = true
            default:
                emitting(byte)
                if isWord(byte) {
                    var j = i
                    while j < bytes.count, isWord(bytes[j]) { j += 1 }
                    let word = bytes[i..<j]
                    out.append(contentsOf: word)
                    divisionAllowed = !regexKeywords.contains(String(decoding: word, as: UTF8.self))
                    i = j
                } else {
                    out.append(byte)
                    divisionAllowed = byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
                    i += 1
                }
            }
        }
        out.append(newline)
        return out
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
            if character == "}", result.last == ";" { result.removeLast() }
            result.append(character)
        }
        return result + "\n"
    }
}
