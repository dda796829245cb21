/// A cover for something that has no picture, made at build time and offline, as music apps do:
/// the title's initials in white on a colour derived from the title, so the same title always
/// gets the same cover and a list of items without artwork is not a wall of identical discs.
public struct GeneratedCover: Sendable {
    public var title: String

    public init(title: String) {
        self.title = title
    }

    /// Up to two characters: the first letter or digit of the title's first two words
    /// (`Midnight City` → `MC`), upper-cased; `?` for a title with neither.
    public var initials: String {
        let words = title.split { !$0.isLetter && !$0.isNumber }
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
        return letters.isEmpty ? "?" : letters.joined()
    }

    /// The hue, 0–359: FNV-1a over the title's bytes, the same on every machine.
    public var hue: Int {
        var hash: UInt32 = 0x811c_9dc5
        for byte in title.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        return Int(hash % 360)
    }

    /// A square SVG; its saturation and lightness keep white text above 4.5:1 contrast at any hue.
    public var svg: String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">\
        <rect width="100" height="100" fill="hsl(\(hue),45%,32%)"/>\
        <text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="\(initials.count > 1 ? 38 : 46)" \
        font-weight="700" fill="#fff">\(SVGLinePlot.escape(initials))</text></svg>
        """
    }
}
