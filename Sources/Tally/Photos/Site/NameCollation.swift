import Foundation

/// Sorts names as a person reading English expects, the same on every machine: letters compared
/// without accents or case first (`Zagreb` < `Zürich` < `zz`), then with accents, then with case,
/// then by code points, so the order is total and never depends on the machine's locale.
public enum NameCollation {
    /// Letters that carry no combining mark to strip, folded by hand.
    private static let special: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "ß": "ss", "þ": "th", "ı": "i", "ħ": "h",
    ]

    /// The primary key: lower-cased, accents removed, special letters spelled out.
    public static func key(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = ""
        out.reserveCapacity(folded.count)
        for character in folded { if let mapped = special[character] { out += mapped } else { out.append(character) } }
        return out
    }

    /// Whether `a` sorts before `b`.
    public static func areInOrder(_ a: String, _ b: String) -> Bool {
        let (ka, kb) = (key(a), key(b))
        if ka != kb { return ka.unicodeScalars.lexicographicallyPrecedes(kb.unicodeScalars) }
        let (ca, cb) = (a.folding(options: .caseInsensitive, locale: nil), b.folding(options: .caseInsensitive, locale: nil))
        if ca != cb { return ca.unicodeScalars.lexicographicallyPrecedes(cb.unicodeScalars) }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
    }

    /// Places by name, then full name, then id; the unplaced photos last.
    public static func sorted(_ places: [StoredPlace]) -> [StoredPlace] {
        places.sorted { a, b in
            if (a.id == nil) != (b.id == nil) { return b.id == nil }
            if a.name != b.name { return areInOrder(a.name, b.name) }
            if a.fullName != b.fullName { return areInOrder(a.fullName, b.fullName) }
            return (a.id ?? "") < (b.id ?? "")
        }
    }
}
