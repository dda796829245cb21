/// The subcommand a mistyped word was most likely meant to be (`biuld` → `build`).
enum CommandSuggestion {
    /// The nearest name by edit distance (transpositions count once), if it is close enough to be a typo.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let scored = names.map { ($0, distance(typed, Array($0))) }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        guard let best = scored.first else { return nil }
        if best.1 <= max(1, min(2, typed.count / 3)) { return best.0 }
        if typed.count >= 2, let prefixed = names.first(where: { $0.hasPrefix(String(typed)) }) { return prefixed }
        return nil
    }

    /// Optimal string alignment distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
