/// A page body's HTML cut at its values, so that cmark-gfm runs once per shape of page instead of
/// once per page: the Markdown skeleton of a model's shape (`TemplateSkeletons`) is rendered with a
/// marker in place of each value, the HTML is cut at the markers, and each later page of that
/// shape fills it with its values as cmark-gfm would show them.
///
/// Why a value's HTML can be told without cmark-gfm: a value from data is escaped for Markdown
/// (`MarkdownEscaping`), so every ASCII punctuation character is literal and no line break is left;
/// in text cmark-gfm then shows it as it is, with `&`, `<`, `>` and `"` escaped. What the escaping
/// leaves to its place is whitespace at a value's ends (trimmed in headings, cells and paragraphs;
/// an empty value can end a paragraph) and control characters: a value with them is refused
/// (`text`), and its page goes through cmark-gfm. A value put in a link as it is (`{{{href}}}`) is
/// taken when each of its bytes is one cmark-gfm leaves alone in a URL and the link stays allowed
/// (`href`). A body whose HTML reads its values again (sort keys in cells, sized images) or has a
/// marker anywhere else (a code span, raw Markdown) gets no skeleton.
///
/// As with a template's skeleton, one is kept only when filling it gives exactly the HTML cmark-gfm
/// made for the page it was made from, and (with runs) when two and three items of each run agree.
struct BodySkeleton {
    typealias Skeleton = TemplateSkeletons.Skeleton

    /// The HTML cut at its values; its slots escape as `bodyText` and `bodyHref`.
    var skeleton: Skeleton

    var size: Int { skeleton.size }

    /// The body skeleton of a Markdown skeleton with `values` values outside runs and `runs` runs;
    /// nil when its HTML does not cut cleanly (see the type's comment).
    init?(markdown: Skeleton, values: Int, runs: Int) {
        func tokens(items: Int) -> [Skeleton.Token]? {
            guard let marked = Self.marked(markdown, items: items) else { return nil }
            return Self.tokens(of: MarkdownRenderer.cmarkHTML(marked), values: values, runs: runs)
        }
        // Two items per run make a skeleton (and no run needs none); three check it.
        guard let made = tokens(items: runs == 0 ? 0 : 2).flatMap(Skeleton.init(tokens:)) else { return nil }
        if runs > 0 {
            guard let checked = tokens(items: 3), made.expanded(items: 3) == checked else { return nil }
        }
        skeleton = made
    }

    /// The body filled with a model's values (`TemplateSkeletons.Walk`), or nil when a value's
    /// HTML there cannot be told without cmark-gfm.
    func filled(_ values: [String], runs: [[[String]]]) -> String? {
        skeleton.filled(values, runs: runs)
    }

    // MARK: Markers

    /// A marker: `zqxj`, `M` (escaped for Markdown) or `N` (as it is), the placeholder's id, `K`,
    /// then `&'"` (which cmark-gfm shows differently in text and in a URL) and `jxqz`. Letters keep
    /// it whole in a URL, where cmark-gfm would percent-encode a control character.
    private static func marker(_ ref: Skeleton.Ref, _ slot: Skeleton.Slot) -> String? {
        let id = Skeleton.placeholderID(ref, transform: slot.transform)
        switch slot.escaping {
        case .markdown: return MarkdownEscaping.escape("zqxjM" + id + "K&'\"jxqz")
        case .none: return "zqxjN" + id + "K&'\"jxqz"
        default: return nil
        }
    }

    private static let opening = "zqxj", closing = "jxqz"
    /// How the tail shows in text (escaped for Markdown) and in a link's URL (put as it is).
    private static let textTail = "&amp;'&quot;jxqz", hrefTail = "&amp;&#x27;%22jxqz"

    /// The Markdown skeleton as text, `items` items in each run and a marker for each value; nil
    /// when a value is put in some other way (escaped for HTML, in a Markdown template).
    static func marked(_ markdown: Skeleton, items: Int) -> String? {
        var out = ""
        for token in markdown.expanded(items: items) {
            switch token {
            case .literal(let text): out += text
            case .slot(let ref, let slot):
                guard let marker = marker(ref, slot) else { return nil }
                out += marker
            }
        }
        return out
    }

    /// cmark-gfm's HTML of a marked skeleton, cut at its markers; nil when a marker is not whole or
    /// not where a value can be told (a code span, a value escaped for Markdown in a URL, raw
    /// Markdown in text), or when the HTML holds what `MarkdownRenderer` reads values from again.
    static func tokens(of html: String, values: Int, runs: Int) -> [Skeleton.Token]? {
        guard html[...].firstByteRange(of: "<img src=\"") == nil, html[...].firstByteRange(of: "<code>sort:") == nil else { return nil }
        var tokens: [Skeleton.Token] = []
        var rest = Substring(html)
        while let found = rest.firstByteRange(of: opening) {
            let before = rest[..<found.lowerBound]
            tokens.append(.literal(String(before)))
            var scanner = rest[found.upperBound...]
            guard let kind = scanner.first, kind == "M" || kind == "N" else { return nil }
            scanner = scanner.dropFirst()
            guard let (ref, transform) = Skeleton.placeholderID(in: &scanner, values: values, runs: runs), scanner.first == "K" else { return nil }
            scanner = scanner.dropFirst()
            let escaping: Skeleton.Escaping
            if kind == "M", scanner.hasPrefix(textTail) {
                escaping = .bodyText
                scanner = scanner.dropFirst(textTail.count)
            } else if kind == "N", scanner.hasPrefix(hrefTail) {
                escaping = .bodyHref(start: before.hasSuffix("href=\""))
                scanner = scanner.dropFirst(hrefTail.count)
            } else {
                return nil
            }
            tokens.append(.slot(ref, Skeleton.Slot(escaping: escaping, transform: transform)))
            rest = scanner
        }
        tokens.append(.literal(String(rest)))
        let merged = Skeleton.merged(tokens)
        // No piece of a marker is left in the text: cmark-gfm cut none apart.
        for case .literal(let text) in merged where text[...].firstByteRange(of: closing) != nil { return nil }
        return merged
    }

    // MARK: Values

    /// A value escaped for Markdown as cmark-gfm shows it in text, or nil when that depends on
    /// where it stands: empty, a space at either end, or a control or line-separating character.
    static func text(_ value: String) -> String? {
        var value = value
        let (usable, special, wide) = value.withUTF8 { bytes -> (Bool, Bool, Bool) in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return (false, false, false) }
            var special = false, wide = false
            for byte in bytes {
                switch byte {
                case 0..<0x20, 0x7F: return (false, false, false)
                case 0x22, 0x26, 0x3C, 0x3E: special = true
                case 0x80...: wide = true
                default: break
                }
            }
            return (true, special, wide)
        }
        guard usable else { return nil }
        if wide {
            // Directional controls are dropped by the escaping (and may leave a space at an
            // end); U+0085, U+2028 and U+2029 become line breaks' spaces.
            if value.unicodeScalars.contains(where: { $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }) { return nil }
            let kept = value.removingDirectionalControls
            if kept.utf8.count != value.utf8.count {
                guard let first = kept.utf8.first, let last = kept.utf8.last, first != 0x20, last != 0x20 else { return nil }
                value = kept
            }
        }
        guard special else { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value put as it is in a link's URL, or nil unless cmark-gfm leaves every byte of it alone
    /// there and the link stays allowed: `start` when the value begins the URL (it is then allowed
    /// itself, and is not `/`, which a `/` after it would make a `//` link), else with no scheme's
    /// colon and not starting with `/`.
    static func href(_ value: String, start: Bool) -> String? {
        var value = value
        let usable = value.withUTF8 { bytes -> Bool in
            guard let first = bytes.first else { return false }
            var colon = false
            for byte in bytes {
                guard hrefKept[Int(byte)] else { return false }
                if byte == UInt8(ascii: ":") { colon = true }
            }
            if start { return MarkdownRenderer.isAllowed(bytes) && !(bytes.count == 1 && first == UInt8(ascii: "/")) }
            return !colon && first != UInt8(ascii: "/")
        }
        return usable ? value : nil
    }

    /// The bytes cmark-gfm copies into a link's URL as they are: letters, digits and the
    /// punctuation URLs are made of (not `&`, `'`, parentheses or a backslash, which it reads or
    /// escapes).
    private static let hrefKept: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~/:?#=%+,;@!$*".utf8.contains(UInt8(byte))
        }
    }
}
