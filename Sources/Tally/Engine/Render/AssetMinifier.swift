import Foundation

/// Makes the theme's scripts and stylesheets lighter as they are copied into the site, conservatively.
/// Scripts lose comments and the spaces between tokens that need none; a line break goes only where
/// automatic semicolon insertion cannot read it (after `{ ; , ( [ = : ? & |`, or before `} ) ] ; ,`),
/// the rest stay; local names are shortened where that is provably safe (`ScriptMangler`). Strings
/// and regular expressions are copied as written; a script with a template literal, or one the
/// scanner cannot follow to the end (a string or expression left open on its line), is left exactly
/// as it is. Stylesheets lose comments, the spaces around `{`, `}`, `;`, `,`
/// and `>`, after `:`, the `;` before `}`, and the `0` of `0.5`. The theme's files stay readable in `templates/assets/`.
enum AssetMinifier {
    static func minified(name: String, bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        if name.hasSuffix(".js") { return Array(script(text).utf8) }
        if name.hasSuffix(".css") { return Array(stylesheet(text).utf8) }
        return bytes
    }

    static func script(_ text: String) -> String {
        guard let tokens = ScriptToken.scan(Array(text.utf8)) else { return text }
        return String(decoding: joined(ScriptMangler.renamed(tokens) ?? tokens), as: UTF8.self)
    }

    /// Whether two tokens written with space between them would read differently without it.
    private static func needsSpace(_ last: UInt8, _ next: UInt8) -> Bool {
        if ScriptToken.isWord(last) && ScriptToken.isWord(next) { return true }
        switch (last, next) {
        case (UInt8(ascii: "+"), UInt8(ascii: "+")), (UInt8(ascii: "-"), UInt8(ascii: "-")),
             (UInt8(ascii: "/"), UInt8(ascii: "/")), (UInt8(ascii: "/"), UInt8(ascii: "*")),
             (UInt8(ascii: "<"), UInt8(ascii: "!")), (UInt8(ascii: "-"), UInt8(ascii: ">")):
            return true
        default:
            return next == UInt8(ascii: ".") && last >= 48 && last <= 57  // `1 .toString()`
        }
    }

    /// The tokens written back with a space only where two would merge, and a line break only where
    /// one stood and automatic semicolon insertion could read it.
    private static func joined(_ tokens: [ScriptToken]) -> [UInt8] {
        let breakAfter = Array("{;,([=:?&|".utf8), breakBefore = Array("})];,".utf8)
        // The `(` each `)` closes, to tell `if (x);` (an empty statement, kept) from a call's end.
        var opener: [Int: Int] = [:]
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.isPunctuation("(") { open.append(index) } else if token.isPunctuation(")"), let start = open.popLast() { opener[index] = start }
        }
        func endsStatementOnly(_ index: Int) -> Bool {
            // A `;` right before `}` may go (a `}` ends the statement anyway) unless it is a statement itself.
            guard index > 0, tokens[index].isPunctuation(";"), index + 1 < tokens.count, tokens[index + 1].isPunctuation("}") else { return false }
            let before = tokens[index - 1]
            if before.kind == .punctuation && ["{", ";", ":"].contains(before.text) { return false }
            if before.kind == .word && ["else", "do"].contains(before.text) { return false }
            if before.isPunctuation(")") {
                guard let start = opener[index - 1], start > 0 else { return false }
                return !["if", "for", "while", "with"].contains(tokens[start - 1].text)
            }
            return true
        }
        var out: [UInt8] = []
        for (index, token) in tokens.enumerated() {
            if endsStatementOnly(index) { continue }
            let next = token.bytes[0]
            if let last = out.last {
                if token.newlineBefore && !breakAfter.contains(last) && !breakBefore.contains(next) {
                    out.append(UInt8(ascii: "\n"))
                } else if (token.spaceBefore || token.newlineBefore) && needsSpace(last, next) {
                    out.append(UInt8(ascii: " "))
                }
            }
            out.append(contentsOf: token.bytes)
        }
        out.append(UInt8(ascii: "\n"))
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
        var inURL = false
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
            // A space before `:` can matter (`.a :hover`), so only the one after it goes; around
            // `/` (`left / 2rem`, `16px / 1.5`, inside `calc`) none does.
            if pendingSpace, let last = result.last, !"{};:,>/".contains(last), !"{};,>/".contains(character) { result.append(" ") }
            pendingSpace = false
            if character == "}", result.last == ";" { result.removeLast() }
            // `0.5rem` → `.5rem` after `:`, a space or a comma, never inside `url(…)`.
            if character == ".", result.last == "0", !inURL, result.count >= 2,
               " :,".contains(result[result.index(result.endIndex, offsetBy: -2)]) { result.removeLast() }
            result.append(character)
            if result.hasSuffix("url(") { inURL = true } else if character == ")" { inURL = false }
        }
        return result + "\n"
    }
}
