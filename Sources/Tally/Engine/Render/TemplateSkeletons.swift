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
/// The placeholder carries `&` and `'`, which every content type Tally uses escapes differently
/// (`&amp;&#39;` for HTML, `&amp;'` for the theme's partials, `\&\'` for Markdown), so the skeleton
/// knows which escaping each insertion got. Empty text is kept as it is, so nothing that depends on
/// a value being empty can differ. A model with values of other kinds, or a shape whose rendering
/// cannot be cut cleanly, is rendered directly.
final class TemplateSkeletons: @unchecked Sendable {
    /// The most shapes kept per template; past that, new shapes render directly.
    static let shapesPerTemplate = 4096

    private let lock = NSLock()
    private var skeletons: [String: Skeleton] = [:]
    private var unusable: Set<String> = []
    private var shapeCounts: [String: Int] = [:]

    /// Renders `template` (named `name`, for the cache) with `context`, a model turned into
    /// dictionaries, arrays and scalars (`MustacheValueEncoder`).
    func render(_ template: MustacheTemplate, name: String, context: Any, library: MustacheLibrary) -> String {
        var walk = Walk()
        guard let stand = walk.standIn(for: context) else { return template.render(context, library: library) }
        let key = name + "\u{0}" + walk.shape
        lock.lock()
        let known = skeletons[key]
        let refused = known == nil && (unusable.contains(key) || shapeCounts[name, default: 0] >= Self.shapesPerTemplate)
        lock.unlock()
        if let known { return known.fill(walk.values) }
        if refused { return template.render(context, library: library) }
        let skeleton = Skeleton(cutting: template.render(stand, library: library), slots: walk.values.count)
        lock.withLock {
            shapeCounts[name, default: 0] += 1
            if let skeleton { skeletons[key] = skeleton } else { unusable.insert(key) }
        }
        return skeleton?.fill(walk.values) ?? template.render(context, library: library)
    }

    /// One walk of a model: its shape as text, its text values in order, and the same model with
    /// each text value replaced by its placeholder.
    private struct Walk {
        var shape = ""
        var values: [String] = []

        mutating func standIn(for value: Any) -> Any? {
            switch value {
            case let text as String:
                if text.isEmpty {
                    shape += "e"
                    return text
                }
                shape += "s"
                values.append(text)
                return Skeleton.placeholder(values.count - 1)
            case let flag as Bool:
                shape += flag ? "t" : "f"
                return flag
            case let number as Int:
                return standIn(for: String(number))
            case let number as Int64:
                return standIn(for: String(number))
            case let number as Double:
                return standIn(for: String(describing: number))
            case let dictionary as [String: Any]:
                shape += "{"
                var out: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
                for key in dictionary.keys.sorted() {
                    shape += key
                    shape += ":"
                    guard let inner = standIn(for: dictionary[key]!) else { return nil }
                    out[key] = inner
                }
                shape += "}"
                return out
            case let array as [Any]:
                shape += "[\(array.count)"
                var out: [Any] = []
                out.reserveCapacity(array.count)
                for element in array {
                    guard let inner = standIn(for: element) else { return nil }
                    out.append(inner)
                }
                shape += "]"
                return out
            default:
                return nil
            }
        }
    }

    /// A rendering cut at its placeholders: literal text, then a value, then literal text….
    struct Skeleton {
        /// How each value was inserted.
        enum Escaping { case none, html, safeHTML, markdown }

        var literals: [String]
        var slots: [(index: Int, escaping: Escaping)]

        static func placeholder(_ index: Int) -> String { "\u{1}\(index)&'\u{2}" }

        private static let tails: [(String, Escaping)] = [
            ("&'\u{2}", .none), ("&amp;&#39;\u{2}", .html), ("&amp;'\u{2}", .safeHTML), ("\\&\\'\u{2}", .markdown),
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
                case .safeHTML: out += SafeHTMLContentType().escapeText(value)
                case .markdown: out += MarkdownEscaping.escape(value)
                }
                out += literals[number + 1]
            }
            return out
        }

        /// swift-mustache's own HTML escaping, character by character as it does it (a quote
        /// followed by a combining mark is one character, and is left as it is).
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
