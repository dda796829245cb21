/// Finds where and why a document is not JSON that Tally can read; simdjson says what is wrong
/// but not where. Runs only after simdjson has refused a document, so it favours clear messages
/// over speed. Iterative, with an explicit stack, so deep nesting cannot overflow it.
enum JSONLocation {
    /// The first problem: its byte offset and what was expected there.
    struct Problem: Equatable {
        var offset: Int
        var reason: String
    }

    /// Describes the first problem in `bytes` as `line L, column C (byte B)` and a reason, or nil
    /// if the scanner finds none (simdjson's own message is then all there is).
    static func describe(_ bytes: [UInt8], maxDepth: Int = 1024) -> (place: String, reason: String)? {
        if let kind = sniff(bytes) { return ("byte 0", "this looks like \(kind), not JSON") }
        guard let problem = firstProblem(bytes, maxDepth: maxDepth) else { return nil }
        return (position(of: problem.offset, in: bytes), problem.reason)
    }

    /// Recognises files that are plainly something else, by their first bytes.
    static func sniff(_ bytes: [UInt8]) -> String? {
        let signatures: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image"), ([0xFF, 0xD8, 0xFF], "a JPEG image"), (Array("GIF8".utf8), "a GIF image"),
            (Array("%PDF".utf8), "a PDF document"), ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"), ([0x1F, 0x8B], "a gzip-compressed file"),
        ]
        for (signature, kind) in signatures where bytes.starts(with: signature) { return kind }
        let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if let first = firstLine.first, first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first != UInt8(ascii: "\""),
           firstLine.contains(UInt8(ascii: ",")), !firstLine.contains(UInt8(ascii: ":")) {
            return "CSV or other delimited text"
        }
        return nil
    }

    /// `line 3, column 14 (byte 52)`, counting lines from 1 and columns in bytes from 1.
    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return "line \(line), column \(offset - lineStart + 1) (byte \(offset))"
    }

    private enum Expect { case value, valueOrArrayEnd, keyOrObjectEnd, key, colon, commaOrEnd, end }

    static func firstProblem(_ b: [UInt8], maxDepth: Int) -> Problem? {
        var i = 0
        var stack: [UInt8] = []
        var expect = Expect.value
        func afterValue() -> Expect { stack.isEmpty ? .end : .commaOrEnd }
        func expected(_ what: String) -> Problem {
            i >= b.count ? Problem(offset: b.count, reason: "the document is cut short; expected \(what)")
                : Problem(offset: i, reason: "expected \(what), found \(describe(b[i]))")
        }
        while true {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
            switch expect {
            case .end:
                return i < b.count ? Problem(offset: i, reason: "expected the end of the document, found \(describe(b[i])) after it") : nil
            case .colon:
                guard i < b.count, b[i] == UInt8(ascii: ":") else { return expected("':' after the key") }
                i += 1
                expect = .value
            case .commaOrEnd:
                let close = stack.last == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard i < b.count else { return expected("',' or '\(Character(Unicode.Scalar(close)))'") }
                if b[i] == UInt8(ascii: ",") {
                    i += 1
                    expect = stack.last == UInt8(ascii: "{") ? .key : .value
                } else if b[i] == close {
                    i += 1
                    stack.removeLast()
                    expect = afterValue()
                } else {
                    return expected("',' or '\(Character(Unicode.Scalar(close)))'")
                }
            case .key, .keyOrObjectEnd:
                if expect == .keyOrObjectEnd, i < b.count, b[i] == UInt8(ascii: "}") {
                    i += 1
                    stack.removeLast()
                    expect = afterValue()
                    continue
                }
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { return expected("a string key") }
                if let problem = scanString(b, &i) { return problem }
                expect = .colon
            case .value, .valueOrArrayEnd:
                if expect == .valueOrArrayEnd, i < b.count, b[i] == UInt8(ascii: "]") {
                    i += 1
                    stack.removeLast()
                    expect = afterValue()
                    continue
                }
                guard i < b.count else { return expected("a value") }
                switch b[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if stack.count >= maxDepth {
                        return Problem(offset: i, reason: "objects and arrays are nested more than \(maxDepth) deep; expected at most \(maxDepth) levels")
                    }
                    stack.append(b[i])
                    expect = b[i] == UInt8(ascii: "{") ? .keyOrObjectEnd : .valueOrArrayEnd
                    i += 1
                case UInt8(ascii: "\""):
                    if let problem = scanString(b, &i) { return problem }
                    expect = afterValue()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let problem = scanNumber(b, &i) { return problem }
                    expect = afterValue()
                default:
                    var matched = false
                    for literal in ["true", "false", "null"] where b[i...].starts(with: literal.utf8) {
                        i += literal.utf8.count
                        matched = true
                        break
                    }
                    guard matched else { return expected("a value (object, array, string, number, true, false or null)") }
                    expect = afterValue()
                }
            }
        }
    }

    private static func scanString(_ b: [UInt8], _ i: inout Int) -> Problem? {
        let start = i
        i += 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return nil }
            if c == UInt8(ascii: "\\") {
                guard i + 1 < b.count else { break }
                let escape = b[i + 1]
                if escape == UInt8(ascii: "u") {
                    guard let code = hexEscape(b, i) else {
                        return Problem(offset: i, reason: "expected four hex digits after \\u")
                    }
                    // A character beyond U+FFFF is a high surrogate escaped, then a low one; either alone is none.
                    if (0xDC00...0xDFFF).contains(code) {
                        return Problem(offset: i, reason: "expected a character, found the lone low surrogate \\u\(hex(code)) "
                                       + "(a low surrogate \\uDC00–\\uDFFF must follow a high one \\uD800–\\uDBFF)")
                    }
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 7 < b.count, b[i + 6] == UInt8(ascii: "\\"), b[i + 7] == UInt8(ascii: "u"),
                              let low = hexEscape(b, i + 6), (0xDC00...0xDFFF).contains(low) else {
                            return Problem(offset: i, reason: "expected a low surrogate \\uDC00–\\uDFFF after the high surrogate \\u\(hex(code)), "
                                           + "found none (a lone surrogate is no character)")
                        }
                        i += 6
                    }
                    i += 6
                } else if "\"\\/bfnrt".utf8.contains(escape) {
                    i += 2
                } else {
                    return Problem(offset: i, reason: "expected an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX), found \\\(describe(escape))")
                }
                continue
            }
            if c < 0x20 { return Problem(offset: i, reason: "expected no raw control character inside a string, found \(describe(c))") }
            if c >= 0x80 {
                let length = utf8Length(b, i)
                guard length > 0 else { return Problem(offset: i, reason: "expected UTF-8 text, found \(describe(c)), which is not valid UTF-8") }
                i += length
                continue
            }
            i += 1
        }
        return Problem(offset: b.count, reason: "the document is cut short; expected the closing quote of the string opened at byte \(start)")
    }

    private static func scanNumber(_ b: [UInt8], _ i: inout Int) -> Problem? {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
        guard i > digitsStart else { return Problem(offset: i, reason: "expected a digit in the number") }
        if b[digitsStart] == UInt8(ascii: "0"), i - digitsStart > 1 { return Problem(offset: digitsStart, reason: "expected no leading zero in a number") }
        var integer = true
        if i < b.count, b[i] == UInt8(ascii: ".") {
            integer = false
            i += 1
            let fraction = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            guard i > fraction else { return Problem(offset: i, reason: "expected a digit after the decimal point") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            integer = false
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            let exponent = i
            while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }
            guard i > exponent else { return Problem(offset: i, reason: "expected a digit in the exponent") }
        }
        let text = String(decoding: b[start..<i], as: UTF8.self)
        if integer {
            if Int64(text) == nil && UInt64(text) == nil {
                return Problem(offset: start, reason: "the integer \(text.prefix(30)) does not fit in 64 bits; expected ids as strings (id_str)")
            }
        } else if let value = Double(text), !value.isFinite {
            return Problem(offset: start, reason: "the number \(text.prefix(30)) is too large for a 64-bit float; expected a number within ±1.8e308")
        }
        return nil
    }

    /// The code unit of the `\uXXXX` escape at `i`, or nil if four hex digits do not follow.
    private static func hexEscape(_ b: [UInt8], _ i: Int) -> UInt32? {
        guard i + 6 <= b.count, b[(i + 2)..<(i + 6)].allSatisfy({ isHex($0) }) else { return nil }
        return UInt32(String(decoding: b[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16)
    }

    private static func hex(_ code: UInt32) -> String {
        String(code, radix: 16, uppercase: true).leftPadded(to: 4)
    }

    /// The length of a valid UTF-8 sequence at `i`, or 0 if it is invalid (overlong, surrogate, cut).
    private static func utf8Length(_ b: [UInt8], _ i: Int) -> Int {
        let c = b[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard i + length <= b.count else { return 0 }
        guard b[i + 1] >= low, b[i + 1] <= high else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(b[i + k]) { return 0 }
        return length
    }

    private static func isHex(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
}
