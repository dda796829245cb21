/// One token of a classic script as the theme's minifier reads it: a word (name, keyword or number),
/// one punctuation character, or a string or regular expression literal copied as written.
struct ScriptToken: Equatable {
    enum Kind: Equatable { case word, punctuation, literal }

    var bytes: [UInt8]
    var kind: Kind
    /// Whether a line break (or a comment spanning lines) came before it: automatic semicolon
    /// insertion may depend on it.
    var newlineBefore = false
    /// Whether spaces or a comment came before it on its line.
    var spaceBefore = false

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func isPunctuation(_ character: Character) -> Bool {
        kind == .punctuation && bytes.count == 1 && Character(Unicode.Scalar(bytes[0])) == character
    }

    /// Words after which `/` opens a regular expression rather than dividing.
    private static let regexKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void",
                                                     "throw", "case", "do", "else", "yield", "await"]

    static func isWord(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95 || byte == 36 || byte >= 128
    }

    /// The script's tokens without its comments, or nil when it cannot be read with certainty: a
    /// template literal, or a string, regular expression or comment left open.
    static func scan(_ bytes: [UInt8]) -> [ScriptToken]? {
        let newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        let backslash = UInt8(ascii: "\\")
        var tokens: [ScriptToken] = []
        var i = 0
        var pendingSpace = false, pendingNewline = false
        var divisionAllowed = false  // whether a `/` here divides (after a value) or opens a regular expression
        var conditions: [Bool] = []  // for each open `(`, whether it holds a statement's condition
        func add(_ range: Range<Int>, _ kind: Kind) {
            tokens.append(ScriptToken(bytes: Array(bytes[range]), kind: kind, newlineBefore: pendingNewline, spaceBefore: pendingSpace))
            pendingSpace = false
            pendingNewline = false
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case newline, carriage:
                pendingNewline = true
                i += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                pendingSpace = true
                i += 1
            case UInt8(ascii: "`"):
                return nil
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                var j = i + 1
                while true {
                    guard j < bytes.count, bytes[j] != newline, bytes[j] != carriage else { return nil }
                    if bytes[j] == backslash { j += 2; continue }
                    if bytes[j] == byte { break }
                    j += 1
                }
                add(i..<(j + 1), .literal)
                i = j + 1
                divisionAllowed = false
            case slash where i + 1 < bytes.count && bytes[i + 1] == slash:
                while i < bytes.count, bytes[i] != newline, bytes[i] != carriage { i += 1 }
                pendingSpace = true
            case slash where i + 1 < bytes.count && bytes[i + 1] == star:
                var j = i + 2
                var spansLines = false
                while true {
                    guard j + 1 < bytes.count else { return nil }
                    if bytes[j] == star && bytes[j + 1] == slash { break }
                    if bytes[j] == newline || bytes[j] == carriage { spansLines = true }
                    j += 1
                }
                if spansLines { pendingNewline = true } else { pendingSpace = true }
                i = j + 2
            case slash where !divisionAllowed:
                var j = i + 1
                var inClass = false
                while true {
                    guard j < bytes.count, bytes[j] != newline, bytes[j] != carriage else { return nil }
                    let c = bytes[j]
                    if c == backslash { j += 2; continue }
                    if c == UInt8(ascii: "[") { inClass = true } else if c == UInt8(ascii: "]") { inClass = false } else if c == slash && !inClass { break }
                    j += 1
                }
                j += 1
                while j < bytes.count, isWord(bytes[j]) { j += 1 }  // the flags belong to the literal
                add(i..<j, .literal)
                i = j
                divisionAllowed = true
            default:
                if isWord(byte) {
                    var j = i
                    while j < bytes.count, isWord(bytes[j]) { j += 1 }
                    let afterDot = tokens.last?.isPunctuation(".") ?? false  // `map.delete / 2`: a property, not a keyword
                    add(i..<j, .word)
                    divisionAllowed = afterDot || !regexKeywords.contains(tokens[tokens.count - 1].text)
                    i = j
                } else {
                    // `if (x) /re/`: after the condition of `if`, `while`, `for` or `with`, a `/` opens an expression.
                    if byte == UInt8(ascii: "(") { conditions.append(tokens.last.map { ["if", "while", "for", "with"].contains($0.text) } ?? false) }
                    let closesCondition = byte == UInt8(ascii: ")") && (conditions.popLast() ?? false)
                    add(i..<(i + 1), .punctuation)
                    divisionAllowed = (byte == UInt8(ascii: ")") && !closesCondition) || byte == UInt8(ascii: "]")
                    i += 1
                }
            }
        }
        return tokens
    }
}
