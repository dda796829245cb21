/// A tweet's text, unescaped once, with its entities placed on it.
///
/// Twitter sends text HTML-escaped (`&amp;`, `&lt;`, `&gt;`) and gives entity offsets as Unicode
/// code points into that escaped text. Tally stores the text unescaped and the offsets as code
/// points into the unescaped text, so output escapes exactly once.
public struct TweetText: Sendable, Equatable {
    /// The text, unescaped.
    public var text: String
    /// Entities with offsets in Unicode scalars of `text`; an entity that could not be placed has nil range.
    public var entities: [TextEntity]

    /// Unescapes `escaped` and maps `entities` (offsets into `escaped`) onto the result.
    ///
    /// An entity whose offsets do not land on its own text (seen on truncated retweets) is looked
    /// for in the text instead; if it is not there it keeps no range but still counts as mentioned.
    public init(escaped: String, entities raw: [TextEntity]) {
        let scalars = Array(escaped.unicodeScalars)
        var output = String.UnicodeScalarView()
        var map = [Int](repeating: 0, count: scalars.count + 1)
        var index = 0
        while index < scalars.count {
            map[index] = output.count
            if scalars[index] == "&", let (replacement, length) = TweetText.entity(in: scalars, at: index) {
                for offset in 1..<length { map[index + offset] = output.count }
                output.append(replacement)
                index += length
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        map[scalars.count] = output.count
        let unescaped = Array(output)
        self.text = String(output)

        var placed: [TextEntity] = []
        var taken: [Range<Int>] = []
        for var entity in raw {
            var range: Range<Int>? = nil
            if let given = entity.range, given.lowerBound >= 0, given.upperBound <= scalars.count, given.lowerBound < given.upperBound {
                let mapped = map[given.lowerBound]..<map[given.upperBound]
                if entity.kind == .url || TweetText.matches(entity, unescaped[mapped]) { range = mapped }
            }
            if range == nil, entity.kind != .url {
                range = TweetText.find(entity, in: unescaped, avoiding: taken)
            }
            if let found = range, taken.contains(where: { $0.overlaps(found) }) { range = nil }
            entity.range = range
            if let range { taken.append(range) }
            placed.append(entity)
        }
        self.entities = placed
    }

    /// Makes a text from plain (already unescaped) text whose entities are already placed.
    public init(text: String, entities: [TextEntity]) {
        self.text = text
        self.entities = entities
    }

    private static let named: [(name: [Unicode.Scalar], value: Unicode.Scalar)] = [
        (Array("amp;".unicodeScalars), "&"), (Array("lt;".unicodeScalars), "<"), (Array("gt;".unicodeScalars), ">"),
        (Array("quot;".unicodeScalars), "\""), (Array("apos;".unicodeScalars), "'"), (Array("#39;".unicodeScalars), "'"),
    ]

    private static func entity(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        for (name, value) in named {
            let end = index + 1 + name.count
            guard end <= scalars.count else { continue }
            if scalars[(index + 1)..<end].elementsEqual(name) { return (value, name.count + 1) }
        }
        return nil
    }

    /// Whether the text under an entity's range is the entity (`#tag`, `@name`, any casing).
    private static func matches(_ entity: TextEntity, _ slice: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = slice.first, entity.kind.sigils.contains(first) else { return false }
        let body = String(String.UnicodeScalarView(slice.dropFirst()))
        return body.lowercased() == entity.value.lowercased()
    }

    private static func find(_ entity: TextEntity, in scalars: [Unicode.Scalar], avoiding taken: [Range<Int>]) -> Range<Int>? {
        let body = Array(entity.value.lowercased().unicodeScalars)
        guard !body.isEmpty else { return nil }
        let lowered = scalars.map { String($0).lowercased().unicodeScalars.count == 1 ? String($0).lowercased().unicodeScalars.first! : $0 }
        var start = 0
        while start + body.count < lowered.count {
            if entity.kind.sigils.contains(scalars[start]) {
                let end = start + 1 + body.count
                if Array(lowered[(start + 1)..<end]) == body, end == lowered.count || !TweetText.isWordScalar(scalars[end]) {
                    let range = start..<end
                    if !taken.contains(where: { $0.overlaps(range) }) { return range }
                }
            }
            start += 1
        }
        return nil
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
    }
}
