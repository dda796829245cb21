import Foundation
import Mustache

/// Renders mustache templates through a cache of their output's shape, so that swift-mustache
/// runs once per shape of model instead of once per page.
///
/// What a template makes depends on its model's shape (which keys are there, the flags, how long
/// each list is) and, for the rest, only on the text of its values, each inserted escaped or as
/// it is. So a template is rendered once per shape with every text value replaced by a numbered
/// placeholder, the output is cut at the placeholders into a skeleton, and each later model of
/// that shape only fills the skeleton, each value escaped as the placeholder was. swift-mustache
/// still decides everything a template says (sections, partials, standalone lines, escaping by
/// content type); profiles of the build showed its per-value look-ups (dynamic casts on every
/// name) were a third of the build's time.
///
/// That holds only for templates whose output depends on a value's text through insertion alone.
/// A template (or a partial it includes) that transforms values (`{{uppercased(x)}}`), picks a
/// partial by a value (`{{>*x}}`) or indents a standalone partial is always rendered directly, and
/// so is a model holding values of other kinds. A new skeleton is kept only when filling it gives
/// exactly what rendering the model directly gives. The cache is bounded in bytes, and a template
/// whose shapes rarely repeat stops being cached.
final class TemplateSkeletons: @unchecked Sendable {
    /// The most bytes of skeleton text kept, over every template.
    static let byteLimit = 32 << 20
    /// After this many new shapes, a template whose shapes were found fewer times than they were
    /// made renders directly from then on.
    static let trialShapes = 512

    /// The templates that may be cached; every other one renders directly.
    private let known: Set<String>
    private let lock = NSLock()
    private var skeletons: [Key: Skeleton] = [:]
    private var unusable: Set<Key> = []
    private var bytes = 0
    private var misses: [String: Int] = [:]
    private var hits: [String: Int] = [:]

    /// A cache for the templates whose sources are given (name to text, as the theme names them);
    /// a template not among them always renders directly.
    init(sources: [String: String] = [:]) {
        var direct = Set<String>()
        var partials: [String: [String]] = [:]
        for (name, text) in sources {
            if !Self.fillable(text) { direct.insert(name) }
            partials[name] = Self.partials(in: text)
        }
        // A template including a partial that is rendered directly (or unknown) is too.
        var changed = true
        while changed {
            changed = false
            for (name, included) in partials where !direct.contains(name) {
                if included.contains(where: { direct.contains($0) || sources[$0] == nil }) {
                    direct.insert(name)
                    changed = true
                }
            }
        }
        known = Set(sources.keys).subtracting(direct)
    }

    /// Renders `template` (named `name`, for the cache) with `context`, a model turned into
    /// dictionaries, arrays and scalars (`MustacheValueEncoder`).
    func render(_ template: MustacheTemplate, name: String, context: Any, library: MustacheLibrary) -> String {
        guard known.contains(name) else { return template.render(context, library: library) }
        var walk = Walk()
        guard walk.visit(context) else { return template.render(context, library: library) }
        let key = Key(name: name, shape: walk.hasher, values: walk.values.count)
        lock.lock()
        if let known = skeletons[key] {
            hits[name, default: 0] += 1
            lock.unlock()
            return known.fill(walk.values)
        }
        let made = misses[name, default: 0]
        let refused = unusable.contains(key) || bytes >= Self.byteLimit
            || (made >= Self.trialShapes && hits[name, default: 0] < made)
        lock.unlock()
        let rendered = template.render(context, library: library)
        if refused { return rendered }
        // Only on a miss: the model again, each text value replaced by its placeholder.
        var placeholders = 0
        let stand = Walk.standIn(for: context, next: &placeholders)
        let skeleton = Skeleton(cutting: template.render(stand, library: library), slots: walk.values.count)
        // Byte for byte: String's == would take canonically equivalent texts as equal.
        let usable = skeleton.map { $0.fill(walk.values).utf8.elementsEqual(rendered.utf8) } ?? false
        lock.withLock {
            misses[name, default: 0] += 1
            if usable, let skeleton {
                skeletons[key] = skeleton
                bytes += skeleton.size
            } else {
                unusable.insert(key)
            }
        }
        return rendered
    }

    /// The partials a template's text includes, by name.
    static func partials(in text: String) -> [String] {
        tags(in: text).compactMap { tag in
            let body = tag.content.trimmingCharacters(in: .whitespaces)
            guard body.hasPrefix(">") else { return nil }
            return body.dropFirst().trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether a template's output depends on its values' text through insertion alone: no
    /// transforms, no partial named by a value, no indented standalone partial.
    static func fillable(_ text: String) -> Bool {
        for tag in tags(in: text) {
            let body = tag.content.trimmingCharacters(in: .whitespaces)
            if body.hasPrefix("!") || body.hasPrefix("%") { continue }
            if body.contains("(") || body.hasPrefix(">*") || body.hasPrefix("=") || body.hasPrefix("$") || body.hasPrefix("<") { return false }
            if body.hasPrefix(">"), tag.indentedAlone { return false }
        }
        return true
    }

    /// Every `{{…}}` tag's content, and whether it stands alone on its line after some indentation.
    private static func tags(in text: String) -> [(content: Substring, indentedAlone: Bool)] {
        var found: [(Substring, Bool)] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let lineStart = rest[..<open.lowerBound].lastIndex(of: "\n").map { rest.index(after: $0) } ?? rest.startIndex
            let before = rest[lineStart..<open.lowerBound]
            let lineEnd = rest[close.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
            let after = rest[close.upperBound..<lineEnd]
            let alone = !before.isEmpty && before.allSatisfy { $0 == " " || $0 == "\t" } && after.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            found.append((rest[open.upperBound..<close.lowerBound], alone))
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// A template with a model's shape: a 128-bit digest of the shape, and how many values it has.
    private struct Key: Hashable {
        var name: String
        var a: UInt64
        var b: UInt64
        var values: Int

        init(name: String, shape: ShapeHasher, values: Int) {
            self.name = name
            a = shape.a
            b = shape.b
            self.values = values
        }
    }

    /// FNV-1a over the shape's bytes, two lanes.
    struct ShapeHasher {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4

        mutating func add(_ byte: UInt8) {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte &+ 0x5b)) &* 0x100_0000_01b3
        }

        mutating func add(_ text: String) {
            for byte in text.utf8 { add(byte) }
        }

        /// A count, as its bytes.
        mutating func add(count: Int) {
            var value = UInt64(count)
            for _ in 0..<8 {
                add(UInt8(value & 0xff))
                value >>= 8
            }
        }
    }

    /// One walk of a model: its shape, hashed, and its text values in order.
    private struct Walk {
        var hasher = ShapeHasher()
        var values: [String] = []

        /// False when the model holds a value of a kind the cache does not take.
        mutating func visit(_ value: Any) -> Bool {
            switch value {
            case let text as String:
                if text.isEmpty {
                    hasher.add(UInt8(ascii: "e"))
                } else {
                    hasher.add(UInt8(ascii: "s"))
                    values.append(text)
                }
            case let flag as Bool:
                hasher.add(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
            case let number as Int:
                return visit(String(number))
            case let number as TemplateInteger:
                return visit(number.renderText)
            case let number as Int64:
                return visit(String(number))
            case let dictionary as [String: Any]:
                hasher.add(UInt8(ascii: "{"))
                hasher.add(count: dictionary.count)
                for key in dictionary.keys.sorted() {
                    // Length first, so that keys cannot run into each other.
                    hasher.add(count: key.utf8.count)
                    hasher.add(key)
                    guard visit(dictionary[key]!) else { return false }
                }
            case let array as [Any]:
                hasher.add(UInt8(ascii: "["))
                hasher.add(count: array.count)
                for element in array {
                    guard visit(element) else { return false }
                }
            default:
                return false
            }
            return true
        }

        /// The model with its text values replaced by placeholders numbered as `visit` met them.
        static func standIn(for value: Any, next: inout Int) -> Any {
            switch value {
            case let text as String:
                guard !text.isEmpty else { return text }
                next += 1
                return Skeleton.placeholder(next - 1)
            case let number as Int:
                return standIn(for: String(number), next: &next)
            case let number as TemplateInteger:
                return standIn(for: number.renderText, next: &next)
            case let number as Int64:
                return standIn(for: String(number), next: &next)
            case let dictionary as [String: Any]:
                var out: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
                for key in dictionary.keys.sorted() { out[key] = standIn(for: dictionary[key]!, next: &next) }
                return out
            case let array as [Any]:
                return array.map { standIn(for: $0, next: &next) }
            default:
                return value
            }
        }
    }

    /// A rendering cut at its placeholders: literal text, then a value, then literal text….
    struct Skeleton {
        /// How each value was inserted.
        enum Escaping { case none, html, safeHTML, markdown }

        var literals: [String]
        var slots: [(index: Int, escaping: Escaping)]
        var size: Int { literals.reduce(0) { $0 + $1.utf8.count } + slots.count * 16 }

        /// `&`, `'` and U+202E: every content type Tally uses treats them differently, so the
        /// placeholder's tail tells how it was escaped.
        static func placeholder(_ index: Int) -> String { "\u{1}\(index)&'\u{202E}\u{2}" }

        private static let tails: [(String, Escaping)] = [
            ("&'\u{202E}\u{2}", .none), ("&amp;&#39;\u{202E}\u{2}", .html), ("&amp;&#39;\u{2}", .safeHTML), ("\\&\\'\u{2}", .markdown),
        ]

        /// Cuts `rendered` at its placeholders; nil when one is not whole or a value's number is
        /// out of range (then the template is rendered directly).
        init?(cutting rendered: String, slots count: Int) {
            literals = []
            slots = []
            var rest = Substring(rendered)
            while let start = rest.firstIndex(of: "\u{1}") {
                literals.append(String(rest[..<start]))
                let afterMark = rest[rest.index(after: start)...]
                let digits = afterMark.prefix { $0.isASCII && $0.isNumber }
                guard let index = Int(digits), index < count else { return nil }
                let tail = afterMark[digits.endIndex...]
                guard let (text, escaping) = Self.tails.first(where: { tail.hasPrefix($0.0) }) else { return nil }
                slots.append((index, escaping))
                rest = tail.dropFirst(text.count)
            }
            guard !rest.contains("\u{2}") else { return nil }
            literals.append(String(rest))
        }

        func fill(_ values: [String]) -> String {
            var out = literals[0]
            for (number, slot) in slots.enumerated() {
                let value = values[slot.index]
                switch slot.escaping {
                case .none: out += value
                case .html: out += Self.mustacheHTMLEscape(value)
                case .safeHTML: out += SafeHTMLContentType.escape(value)
                case .markdown: out += MarkdownEscaping.escape(value)
                }
                out += literals[number + 1]
            }
            return out
        }

        /// swift-mustache's own HTML escaping (a template that asks for `CONTENT_TYPE: HTML`),
        /// character by character as it does it.
        static func mustacheHTMLEscape(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
            var out = ""
            out.reserveCapacity(text.utf8.count + 16)
            for character in text {
                switch character {
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "&": out += "&amp;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.append(character)
                }
            }
            return out
        }
    }
}
