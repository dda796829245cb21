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
        self.init(escaped: escaped, entities: raw, work: nil)
    }

    /// The same, counting its steps: the work is linear in the text and the entities, however many
    /// entities miss their offsets (each once scanned the whole text).
    init(escaped: String, entities raw: [TextEntity], work: WorkCounter?) {
        // Plain ASCII without `&`: byte offsets are code-point offsets and nothing needs unescaping,
        // so entities are checked in place with no copy of the text.
        if let fast = TweetText.placeASCII(escaped, raw, work: work) {
            self = fast
            return
        }
        let scalars = Array(escaped.unicodeScalars)
        work?.add(scalars.count)
        // Most tweets hold no `&`: then the text is already unescaped and offsets map to themselves.
        var unescaped = scalars
        var map: [Int]? = nil
        if scalars.contains("&") {
            var output: [Unicode.Scalar] = []
            output.reserveCapacity(scalars.count)
            var offsets = [Int](repeating: 0, count: scalars.count + 1)
            var index = 0
            while index < scalars.count {
                offsets[index] = output.count
                if scalars[index] == "&", let (replacement, length) = TweetText.entity(in: scalars, at: index) {
                    for offset in 1..<length { offsets[index + offset] = output.count }
                    output.append(replacement)
                    index += length
                } else {
                    output.append(scalars[index])
                    index += 1
                }
            }
            offsets[scalars.count] = output.count
            unescaped = output
            map = offsets
        }
        self.text = map == nil ? escaped : String(String.UnicodeScalarView(unescaped))

        var placed: [TextEntity] = []
        placed.reserveCapacity(raw.count)
        var taken = TakenRanges(length: unescaped.count)
        // Built on the first entity that misses its offsets, once for all of them.
        var candidates: Candidates? = nil
        for var entity in raw {
            work?.add()
            var range: Range<Int>? = nil
            if let given = entity.range, given.lowerBound >= 0, given.upperBound <= scalars.count, given.lowerBound < given.upperBound {
                let mapped = map.map { $0[given.lowerBound]..<$0[given.upperBound] } ?? given
                if !mapped.isEmpty, entity.kind == .url || TweetText.matches(entity, unescaped[mapped], work: work) { range = mapped }
            }
            if range == nil, entity.kind != .url {
                if candidates == nil { candidates = Candidates(unescaped, work: work) }
                range = candidates!.first(entity, avoiding: taken, work: work)
            }
            if let found = range, taken.overlaps(found, work: work) { range = nil }
            entity.range = range
            if let range { taken.insert(range, work: work) }
            placed.append(entity)
        }
        self.entities = placed
    }

    /// The fast path for ASCII text (bytes are code points): unescapes by bytes and succeeds
    /// only when every entity lands exactly on its own text; otherwise the general path decides.
    private static func placeASCII(_ escaped: String, _ raw: [TextEntity], work: WorkCounter?) -> TweetText? {
        var source = escaped
        return source.withUTF8 { bytes -> TweetText? in
            work?.add(bytes.count + raw.count)
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var output = bytes.contains(UInt8(ascii: "&")) ? [UInt8]() : nil
            var map: [Int] = []
            if output != nil {
                output!.reserveCapacity(bytes.count)
                map = [Int](repeating: 0, count: bytes.count + 1)
                var index = 0
                while index < bytes.count {
                    map[index] = output!.count
                    if bytes[index] == UInt8(ascii: "&"), let (replacement, length) = asciiEntity(bytes, at: index) {
                        for offset in 1..<length { map[index + offset] = output!.count }
                        output!.append(replacement)
                        index += length
                    } else {
                        output!.append(bytes[index])
                        index += 1
                    }
                }
                map[bytes.count] = output!.count
            }
            var placed = raw
            var previousEnd = 0
            for (index, entity) in raw.enumerated() {
                guard let given = entity.range, given.lowerBound >= 0, given.upperBound <= bytes.count, given.count >= 1 else { return nil }
                let range = output == nil ? given : map[given.lowerBound]..<map[given.upperBound]
                guard range.lowerBound >= previousEnd, range.count >= 1 else { return nil }
                if entity.kind != .url {
                    // Compare in the unescaped text: the output if there was anything to unescape.
                    let sigil = UInt8(ascii: entity.kind == .hashtag ? "#" : "@")
                    let matches = output.map { text in
                        text[range.lowerBound] == sigil && text[(range.lowerBound + 1)..<range.upperBound].elementsEqual(entity.value.utf8)
                    } ?? (bytes[range.lowerBound] == sigil && bytes[(range.lowerBound + 1)..<range.upperBound].elementsEqual(entity.value.utf8))
                    guard matches else { return nil }
                }
                placed[index].range = range
                previousEnd = range.upperBound
            }
            let text = output.map { String(decoding: $0, as: UTF8.self) } ?? escaped
            return TweetText(text: text, entities: placed)
        }
    }

    private static func asciiEntity(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
        for (name, value) in named {
            let end = index + 1 + name.count
            guard end <= bytes.count else { continue }
            if bytes[(index + 1)..<end].elementsEqual(name.lazy.map { UInt8($0.value) }) { return (UInt8(value.value), name.count + 1) }
        }
        return nil
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
    private static func matches(_ entity: TextEntity, _ slice: ArraySlice<Unicode.Scalar>, work: WorkCounter?) -> Bool {
        guard let first = slice.first, entity.kind.isSigil(first) else { return false }
        // The usual case, the same text as the entity, needs no allocation.
        let value = entity.value.unicodeScalars
        work?.add(min(slice.count, value.count) + 1)
        if slice.dropFirst().elementsEqual(value) { return true }
        // Lower-casing turns one scalar into at most three and never into none: a longer slice
        // cannot match, and is not copied (a range over the whole text, 40,000 times, once was).
        guard slice.count - 1 <= 3 * value.count else { return false }
        work?.add(slice.count + value.count)
        let body = String(String.UnicodeScalarView(slice.dropFirst()))
        return body.lowercased() == entity.value.lowercased()
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
    }
}
