import Foundation

/// Splits text into the tokens the site search indexes, the same way `assets/search.js` splits a
/// query: folded for case and accents, Chinese and Japanese as character bigrams, sigils dropped.
///
/// Folding is compatibility decomposition, Latin combining marks (U+0300–U+036F) removed,
/// recomposition, lower case, final sigma as sigma: `Café` → `cafe`, `ÄRGER` → `arger`, `ｃａｆｅ` → `cafe`. A word
/// is a run of letters, digits, marks and `_` (`#swift` and `@jack` give `swift` and `jack`); a run
/// of Han, kana or CJK compatibility characters gives its overlapping pairs (`ソードマスター` →
/// `ソー`, `ード`, …), or itself when it is one character. Tokens are cut to `maxLength` UTF-16 units.
public enum SearchText {
    /// Longer tokens are cut to this many UTF-16 code units (the script cuts query words the same way).
    public static let maxLength = 32

    /// The text folded for case and accents.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }  // ASCII: folding is lower-casing
        var kept = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where !(0x300...0x36F).contains(scalar.value) {
            kept.append(scalar)
        }
        // JavaScript lower-cases a word-final Σ to ς and Swift does not: both become σ.
        return String(kept).precomposedStringWithCanonicalMapping.lowercased().replacingOccurrences(of: "ς", with: "σ")
    }

    /// The tokens of `text`, in order, repeats included.
    public static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        forEachToken(text) { result.append($0) }
        return result
    }

    /// Calls `body` with each token of `text`, in order.
    ///
    /// Text is taken a space-separated run at a time, and only a run holding a non-ASCII byte is
    /// folded: folding the whole text of a post with one emoji through Foundation's normalisation
    /// was most of the index's time. The tokens are the same as folding the whole text: folding
    /// maps each character on its own but for combining marks, which never join a space (the
    /// tests compare both ways on random text).
    public static func forEachToken(_ text: String, _ body: (String) -> Void) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return forEachASCIIToken(text, body) }
        for run in text.split(separator: " ", omittingEmptySubsequences: true) {
            if run.utf8.allSatisfy({ $0 < 0x80 }) {
                forEachASCIIToken(String(run), body)
            } else {
                forEachFoldedToken(String(run), body)
            }
        }
    }

    /// The tokens of `text` folded whole: the definition `forEachToken` keeps.
    static func forEachFoldedToken(_ text: String, _ body: (String) -> Void) {
        let folded = fold(text)
        var word = String.UnicodeScalarView()
        var cjk: [Unicode.Scalar] = []
        func flushWord() {
            if !word.isEmpty { body(cut(String(word))); word = String.UnicodeScalarView() }
        }
        func flushCJK() {
            if cjk.count == 1 {
                body(String(Character(cjk[0])))
            } else if cjk.count > 1 {
                for index in 0..<(cjk.count - 1) {
                    var pair = String.UnicodeScalarView()
                    pair.append(cjk[index])
                    pair.append(cjk[index + 1])
                    body(String(pair))
                }
            }
            cjk.removeAll(keepingCapacity: true)
        }
        for scalar in folded.unicodeScalars {
            if isCJK(scalar) {
                flushWord()
                cjk.append(scalar)
            } else if isWord(scalar) {
                flushCJK()
                word.append(scalar)
            } else {
                flushWord()
                flushCJK()
            }
        }
        flushWord()
        flushCJK()
    }

    /// The same for ASCII text, on bytes: most short texts are ASCII, and this is where indexing spends its time.
    static func forEachASCIIToken(_ text: String, _ body: (String) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var word: [UInt8] = []
            word.reserveCapacity(maxLength)
            for byte in bytes {
                let lower = byte >= 65 && byte <= 90 ? byte + 32 : byte
                if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) || lower == 95 {
                    if word.count < maxLength { word.append(lower) }
                } else if !word.isEmpty {
                    body(String(decoding: word, as: UTF8.self))
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty { body(String(decoding: word, as: UTF8.self)) }
        }
    }

    /// Han (with extensions and compatibility ideographs), hiragana, katakana (with the long
    /// vowel mark and half-width forms): scripts written without spaces between words.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Letters, marks, digits and `_`: the script's `[\p{L}\p{M}\p{N}_]`.
    public static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let byte = UInt8(scalar.value)
            return (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57) || byte == 95
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Whole code points only, as the script cuts `Array.from(word)`.
    private static func cut(_ token: String) -> String {
        if token.utf16.count <= maxLength { return token }
        var kept = String.UnicodeScalarView()
        var length = 0
        for scalar in token.unicodeScalars {
            length += scalar.utf16.count
            if length > maxLength { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
