extension String {
    /// Whether `scalar` is a directional embedding, override or isolate (U+202A–U+202E,
    /// U+2066–U+2069). From data, one could make a name read backwards or swallow the text after
    /// it. The marks U+200E and U+200F stay: they only nudge neutral characters, and right-to-left
    /// names need them.
    static func isDirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The text without directional controls: the one rule for every place a name or text from
    /// data is shown (pages, titles, attributes, meta tags, search results, contact cards).
    public var removingDirectionalControls: String {
        // Each control is three bytes led by 0xE2: text without that byte (most text) is not
        // decoded scalar by scalar, which every value shown on every page paid for.
        guard utf8.contains(0xE2), unicodeScalars.contains(where: Self.isDirectionalControl) else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.filter { !Self.isDirectionalControl($0) }))
    }
}
