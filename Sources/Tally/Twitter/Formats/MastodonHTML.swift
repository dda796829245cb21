import Foundation

/// Mastodon's HTML `content` reduced to plain text with its links, mentions and hashtags as
/// entities, so that a page escapes it once like any tweet and never shows its markup.
///
/// Only text survives: tags are dropped (a `<script>`'s or `<style>`'s content with them), `<br>`
/// and paragraphs become line breaks, character references are decoded once (`&amp;lt;` stays the
/// text `&lt;`). An `<a>` becomes an entity over its text: a hashtag (`class="hashtag"` or `#…`),
/// a mention (`class="mention"` or `@…`, named `name@instance` by `account`), else a link when its
/// `href` is http(s); any other link (`javascript:`, `data:`) stays plain text. A link's hidden
/// parts (`<span class="invisible">`) stay in the text, which so holds the whole address, and
/// drop out of the short form it shows.
enum MastodonHTML {
    /// Reduces `html`; `account` names a mention's account from its `href` and shown text.
    static func text(_ html: String, account: (_ href: String?, _ shown: String) -> String?) -> TweetText {
        var reducer = Reducer(Array(html.unicodeScalars))
        reducer.run()
        var entities: [TextEntity] = []
        for link in reducer.links {
            let shown = String(String.UnicodeScalarView(reducer.output[link.range]))
            let web = link.href.flatMap(Routes.external)
            if link.classes.contains("hashtag") || shown.hasPrefix("#") {
                let value = shown.hasPrefix("#") ? String(shown.dropFirst()) : shown
                guard !value.isEmpty else { continue }
                entities.append(TextEntity(kind: .hashtag, value: value, range: link.range, expandedURL: web))
            } else if link.classes.contains("mention") || shown.hasPrefix("@") {
                let fallback = shown.hasPrefix("@") ? String(shown.dropFirst()) : shown
                guard let name = account(link.href, shown) ?? (fallback.isEmpty ? nil : fallback) else { continue }
                entities.append(TextEntity(kind: .user, value: name, range: link.range, expandedURL: web))
            } else if web != nil, let href = link.href {
                let short = link.ellipsis ? link.visible + "…" : link.visible
                entities.append(TextEntity(kind: .url, value: href, range: link.range, expandedURL: href,
                                           displayURL: short.isEmpty ? nil : short))
            }
        }
        var text = reducer.output
        // Trailing line breaks of a last paragraph carry nothing.
        while let last = text.last, last == "\n" || last == " " { text.removeLast() }
        let length = text.count
        entities = entities.map { entity in
            var entity = entity
            if let range = entity.range, range.upperBound > length { entity.range = nil }
            return entity
        }
        return TweetText(text: String(String.UnicodeScalarView(text)), entities: entities)
    }

    /// The text of `html` with no entities (a bio, a display name written with markup).
    static func plainText(_ html: String) -> String {
        text(html, account: { _, _ in nil }).text
    }

    /// An `<a>` seen in the content.
    struct Link {
        var href: String?
        var classes: [String]
        var range: Range<Int>
        /// The text outside hidden spans, and whether an `ellipsis` span shortened it.
        var visible: String
        var ellipsis: Bool
    }

    /// A single pass over the scalars: tags are read and dropped, text copied out.
    private struct Reducer {
        let input: [Unicode.Scalar]
        var index = 0
        var output: [Unicode.Scalar] = []
        var links: [Link] = []
        /// The `<a>` being read: its attributes and where its text started.
        var open: (href: String?, classes: [String], start: Int, visible: [Unicode.Scalar], ellipsis: Bool)?
        /// For each `<span>` open inside the link, whether it hides its text.
        var spans: [Bool] = []

        init(_ input: [Unicode.Scalar]) { self.input = input }

        /// Elements whose content is no text of the post.
        static let skipped: Set<String> = ["script", "style", "template", "textarea", "title", "noscript", "iframe", "object"]

        mutating func run() {
            while index < input.count {
                let scalar = input[index]
                if scalar == "<", let tag = readTag() {
                    handle(tag)
                } else if scalar == "&" {
                    let (decoded, length) = Self.reference(input, at: index)
                    emit(decoded)
                    index += length
                } else {
                    emit(scalar == "\n" || scalar == "\r" || scalar == "\t" ? " " : scalar)
                    index += 1
                }
            }
            closeLink()
        }

        mutating func emit(_ scalar: Unicode.Scalar) {
            output.append(scalar)
            if open != nil, !spans.contains(true) { open!.visible.append(scalar) }
        }

        mutating func lineBreaks(_ count: Int) {
            guard !output.isEmpty else { return }
            var have = 0
            for scalar in output.reversed() { if scalar == "\n" { have += 1 } else { break } }
            for _ in have..<max(have, count) { output.append("\n") }
        }

        mutating func handle(_ tag: Tag) {
            switch tag.name {
            case "br":
                output.append("\n")
            case "p", "div", "blockquote", "li", "ul", "ol", "pre", "h1", "h2", "h3", "h4", "h5", "h6":
                lineBreaks(tag.closing && tag.name != "p" ? 1 : 2)
            case "a":
                if tag.closing { closeLink() } else if open == nil {
                    let classes = (tag.attributes["class"] ?? "").split(separator: " ").map { $0.lowercased() }
                    open = (tag.attributes["href"], classes, output.count, [], false)
                    spans = []
                }
            case "span":
                guard open != nil else { return }
                if tag.closing {
                    if !spans.isEmpty { spans.removeLast() }
                } else if !tag.selfClosing {
                    let classes = (tag.attributes["class"] ?? "").split(separator: " ").map { $0.lowercased() }
                    if classes.contains("ellipsis") { open!.ellipsis = true }
                    spans.append(classes.contains("invisible"))
                }
            default:
                if !tag.closing, !tag.selfClosing, Self.skipped.contains(tag.name) { skipContent(of: tag.name) }
            }
        }

        mutating func closeLink() {
            guard let link = open else { return }
            open = nil
            spans = []
            guard output.count > link.start else { return }
            links.append(Link(href: link.href, classes: link.classes, range: link.start..<output.count,
                              visible: String(String.UnicodeScalarView(link.visible)), ellipsis: link.ellipsis))
        }

        /// Skips to the end of `</name>` (any case), or to the end of the input.
        mutating func skipContent(of name: String) {
            let closing = Array(("</" + name).unicodeScalars)
            while index < input.count {
                if input[index] == "<", index + closing.count <= input.count,
                   zip(input[index..<(index + closing.count)], closing).allSatisfy({ Self.lower($0) == $1 }) {
                    while index < input.count, input[index] != ">" { index += 1 }
                    index += 1
                    return
                }
                index += 1
            }
        }

        struct Tag {
            var name: String
            var closing: Bool
            var selfClosing: Bool
            var attributes: [String: String]
        }

        /// Reads a tag, comment or declaration at `index` (a `<`), moving past it; nil when the
        /// `<` starts no tag (`a < b`), which then stays text.
        mutating func readTag() -> Tag? {
            var cursor = index + 1
            guard cursor < input.count else { return nil }
            if input[cursor] == "!" || input[cursor] == "?" {
                // A comment ends at `-->`, anything else at `>`.
                let isComment = cursor + 2 < input.count && input[cursor + 1] == "-" && input[cursor + 2] == "-"
                cursor += isComment ? 3 : 1
                while cursor < input.count {
                    if isComment ? (input[cursor] == ">" && cursor >= 2 && input[cursor - 1] == "-" && input[cursor - 2] == "-") : input[cursor] == ">" { break }
                    cursor += 1
                }
                index = min(cursor + 1, input.count)
                return Tag(name: "!", closing: false, selfClosing: true, attributes: [:])
            }
            let closing = input[cursor] == "/"
            if closing { cursor += 1 }
            var name = ""
            while cursor < input.count, Self.isNameScalar(input[cursor]) {
                name.unicodeScalars.append(Self.lower(input[cursor]))
                cursor += 1
            }
            guard !name.isEmpty else { return nil }
            var attributes: [String: String] = [:]
            var selfClosing = false
            while cursor < input.count, input[cursor] != ">" {
                let scalar = input[cursor]
                if scalar == "/" { selfClosing = true; cursor += 1; continue }
                if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" { cursor += 1; continue }
                var key = ""
                while cursor < input.count, !" \n\t\r=>/".unicodeScalars.contains(input[cursor]) {
                    key.unicodeScalars.append(Self.lower(input[cursor]))
                    cursor += 1
                }
                if key.isEmpty { cursor += 1; continue }
                selfClosing = false
                var value = ""
                if cursor < input.count, input[cursor] == "=" {
                    cursor += 1
                    var raw: [Unicode.Scalar] = []
                    if cursor < input.count, input[cursor] == "\"" || input[cursor] == "'" {
                        let quote = input[cursor]
                        cursor += 1
                        while cursor < input.count, input[cursor] != quote { raw.append(input[cursor]); cursor += 1 }
                        cursor += 1
                    } else {
                        while cursor < input.count, !" \n\t\r>".unicodeScalars.contains(input[cursor]) { raw.append(input[cursor]); cursor += 1 }
                    }
                    value = Self.decode(raw)
                }
                if attributes[key] == nil { attributes[key] = value }
            }
            index = min(cursor + 1, input.count)
            return Tag(name: name, closing: closing, selfClosing: selfClosing, attributes: attributes)
        }

        static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
        }

        static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            scalar >= "A" && scalar <= "Z" ? Unicode.Scalar(scalar.value + 32)! : scalar
        }

        /// Decodes the character references of an attribute's value, once.
        static func decode(_ raw: [Unicode.Scalar]) -> String {
            var out = String.UnicodeScalarView()
            var at = 0
            while at < raw.count {
                if raw[at] == "&" {
                    let (scalar, length) = reference(raw, at: at)
                    out.append(scalar)
                    at += length
                } else {
                    out.append(raw[at])
                    at += 1
                }
            }
            return String(out)
        }

        static let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…"]

        /// The character a reference at `at` (an `&`) stands for and its length; a lone `&`, or
        /// a reference Tally does not know, is itself. A number naming no character (0, a
        /// surrogate, past U+10FFFF) is U+FFFD, as browsers read it.
        static func reference(_ input: [Unicode.Scalar], at: Int) -> (Unicode.Scalar, Int) {
            var end = at + 1
            while end < input.count, end - at <= 10, input[end] != ";", input[end] != "&", input[end] != "<" { end += 1 }
            guard end < input.count, input[end] == ";", end > at + 1 else { return ("&", 1) }
            let body = String(String.UnicodeScalarView(input[(at + 1)..<end]))
            if body.hasPrefix("#") {
                let digits = body.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                guard let value else { return ("&", 1) }
                let scalar = value == 0 ? nil : Unicode.Scalar(value)
                return (scalar ?? "\u{FFFD}", end - at + 1)
            }
            if let scalar = named[body] { return (scalar, end - at + 1) }
            return ("&", 1)
        }
    }
}
