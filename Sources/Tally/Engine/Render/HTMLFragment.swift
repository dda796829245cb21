import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A piece of HTML built in code, for what Markdown cannot say: `<img>` with its size and lazy
/// loading, `<time datetime>`, links with `rel`, inline SVG.
///
/// Only code chooses element and attribute names (`StaticString`); every text and attribute value
/// is escaped here, and `href`/`src` keep only http, https, mailto or relative URLs, so data can
/// still never inject markup. In a Markdown template a fragment is placed like any value
/// (`{{avatar}}`): it travels through Markdown as a token of letters and digits that data cannot
/// forge (it carries a secret drawn once per process) and is put back after cmark-gfm. A block
/// fragment alone on its line replaces the paragraph cmark wraps it in.
public struct HTMLFragment: Sendable, Equatable, Encodable {
    /// The HTML, already safe.
    public private(set) var html: String
    /// Whether it is block content (`<figure>`, `<svg>`…), which may not sit inside a `<p>`.
    public var isBlock: Bool

    private init(html: String, isBlock: Bool) {
        self.html = html
        self.isBlock = isBlock
    }

    public static let empty = HTMLFragment(html: "", isBlock: false)

    /// Text, escaped.
    public static func text(_ text: String) -> HTMLFragment {
        HTMLFragment(html: escape(MarkdownEscaping.removingDirectionalControls(text)), isBlock: false)
    }

    /// HTML that is already safe: a theme partial's output, whose every value its content type
    /// escaped (`SafeHTMLContentType`) and whose links were checked. Never for data.
    static func trusted(_ html: String, block: Bool) -> HTMLFragment {
        HTMLFragment(html: html, isBlock: block)
    }

    /// A line break.
    public static let lineBreak = HTMLFragment(html: "<br>", isBlock: false)

    /// An element with attributes (a nil value leaves the attribute out, an empty one writes it
    /// bare) and children; void elements (`img`, `br`…) ignore children.
    public static func element(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:],
                               _ children: [HTMLFragment] = [], block: Bool = false) -> HTMLFragment {
        // Built as bytes: joining strings piece by piece (and lower-casing each attribute's name to
        // check it) was most of the time of a People table's avatars.
        var html: [UInt8] = []
        html.reserveCapacity(128)
        appendStartTag(name, attributes, to: &html)
        if !name.withUTF8Buffer({ tag in voidElements.contains { tag.elementsEqual($0.utf8) } }) {
            for child in children { html.append(contentsOf: child.html.utf8) }
            appendEndTag(name, to: &html)
        }
        return HTMLFragment(html: String(decoding: html, as: UTF8.self), isBlock: block)
    }

    /// An element's start tag, its attributes as `element` writes them, added to `html`: for code
    /// that builds several elements into one buffer (`trusted` makes the fragment).
    static func appendStartTag(_ name: StaticString, _ attributes: KeyValuePairs<StaticString, String?>, to html: inout [UInt8]) {
        html.append(UInt8(ascii: "<"))
        // `withUTF8Buffer`: a one-letter name (`a`) may be kept as a scalar, not as bytes.
        name.withUTF8Buffer { html.append(contentsOf: $0) }
        for (key, value) in attributes {
            guard let value else { continue }
            key.withUTF8Buffer { attribute in
                precondition(isAllowedAttribute(attribute), "no script or inline style attributes")
                html.append(UInt8(ascii: " "))
                html.append(contentsOf: attribute)
                if value.isEmpty && !attribute.elementsEqual("alt".utf8) && !attribute.elementsEqual("href".utf8) { return }
                let isLink = attribute.elementsEqual("href".utf8) || attribute.elementsEqual("src".utf8) || attribute.elementsEqual("xlink:href".utf8)
                html.append(contentsOf: "=\"".utf8)
                appendAttributeValue(value, isLink: isLink, to: &html)
                html.append(UInt8(ascii: "\""))
            }
        }
        html.append(UInt8(ascii: ">"))
    }

    /// An attribute's value as `element` writes it between its quotes, added to `html`: escaped,
    /// and for a link (`href`, `src`) left empty unless it is http, https, mailto or relative.
    /// For code that writes an element's fixed attributes itself and only its values from data.
    static func appendAttributeValue(_ value: String, isLink: Bool, to html: inout [UInt8]) {
        var safe = MarkdownEscaping.removingDirectionalControls(value)
        if isLink && !MarkdownRenderer.isAllowed(safe) { safe = "" }
        appendEscaped(safe, to: &html)
    }

    /// An element's end tag, added to `html`.
    static func appendEndTag(_ name: StaticString, to html: inout [UInt8]) {
        html.append(contentsOf: "</".utf8)
        name.withUTF8Buffer { html.append(contentsOf: $0) }
        html.append(UInt8(ascii: ">"))
    }

    /// Text escaped as `text` escapes it, added to `html`.
    static func appendText(_ text: String, to html: inout [UInt8]) {
        appendEscaped(MarkdownEscaping.removingDirectionalControls(text), to: &html)
    }

    /// Whether code may write this attribute: no event handler (`on…`, in any case) and no
    /// inline style.
    private static func isAllowedAttribute(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let lower = name.lazy.map { $0 | 0x20 }
        if name.count >= 2 && lower.starts(with: "on".utf8) { return false }
        return !(name.count == 5 && lower.elementsEqual("style".utf8))
    }

    /// Fragments one after another.
    public static func joined(_ parts: [HTMLFragment], block: Bool = false) -> HTMLFragment {
        HTMLFragment(html: parts.map(\.html).joined(), isBlock: block || parts.contains(where: \.isBlock))
    }

    public static func + (left: HTMLFragment, right: HTMLFragment) -> HTMLFragment {
        joined([left, right])
    }

    private static let voidElements = ["img", "br", "hr", "input", "meta", "link", "source"]

    /// Text escaped for HTML; `'` too when `apostrophes` (for HTML whose attributes a theme may
    /// quote with it). NUL becomes U+FFFD.
    ///
    /// Works on the UTF-8 bytes: every character it changes is ASCII, and no byte of a longer
    /// character is ASCII, so no combining mark can hide a quote. Going a Unicode scalar at a time
    /// cost a twentieth of a build.
    static func escape(_ text: String, apostrophes: Bool = false) -> String {
        var source = text
        return source.withUTF8 { bytes -> String in
            guard needsEscaping(bytes, apostrophes: apostrophes) else { return text }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8)
            appendEscaped(bytes, apostrophes: apostrophes, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` escaped as `escape` does, added to `out`.
    static func appendEscaped(_ text: String, apostrophes: Bool = false, to out: inout [UInt8]) {
        var source = text
        source.withUTF8 { bytes in
            if needsEscaping(bytes, apostrophes: apostrophes) {
                appendEscaped(bytes, apostrophes: apostrophes, to: &out)
            } else {
                out.append(contentsOf: bytes)
            }
        }
    }

    private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, apostrophes: Bool) -> Bool {
        bytes.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
                               || $0 == 0 || (apostrophes && $0 == UInt8(ascii: "'")) })
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, apostrophes: Bool, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;".utf8
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'") where apostrophes: out += "&#39;".utf8
            case 0: out += [0xEF, 0xBF, 0xBD]
            default: out.append(byte)
            }
        }
    }

    // MARK: Travelling through Markdown

    /// Drawn once per process: data that does not know it cannot write a token.
    static let secret: String = {
        var generator = SystemRandomNumberGenerator()
        return (0..<3).map { _ in String(generator.next() as UInt64, radix: 36) }.joined(separator: "q")
    }()
    private static var prefix: String { "tallyhtml" + secret + "z" }
    /// Stands for the site's root in HTML rendered once for many pages (`SharedParts`): letters and
    /// digits that data cannot forge, replaced by each page's own way back to the root.
    static let rootToken: String = {
        // Its own secret: the token is written into pages only as a way back to the root, and
        // must tell nothing about the fragment tokens' secret.
        var generator = SystemRandomNumberGenerator()
        return "tallyroot" + (0..<2).map { _ in String(generator.next() as UInt64, radix: 36) }.joined(separator: "q") + "z/"
    }()

    /// `html` with every `rootToken` replaced by `root` (`../../`, or empty at the site's root).
    static func placingRoot(in html: String, root: String) -> String {
        var source = html
        // Where each token is, as UTF-8 offsets; the pieces between them are then copied from
        // the page as they are (a page made as bytes and decoded again was checked as UTF-8 whole,
        // which was most of this).
        let found = source.withUTF8 { bytes -> [Int] in
            let token = rootTokenBytes
            var offsets: [Int] = []
            var from = 0
            while let at = ByteSearch.offset(of: token, in: bytes, from: from) {
                offsets.append(at)
                from = at + token.count
            }
            return offsets
        }
        guard !found.isEmpty else { return html }
        let utf8 = source.utf8
        var out = ""
        out.reserveCapacity(utf8.count + found.count * root.utf8.count)
        var copied = utf8.startIndex
        for offset in found {
            let at = utf8.index(utf8.startIndex, offsetBy: offset)
            // The token is ASCII: its ends are scalars' ends.
            out += Substring(utf8[copied..<at])
            out += root
            copied = utf8.index(at, offsetBy: rootTokenBytes.count)
        }
        out += Substring(utf8[copied...])
        return out
    }

    private static let rootTokenBytes = Array(rootToken.utf8)

    /// Appends `html` to `out` with every `rootToken` replaced by `root` (as `placingRoot`), or as
    /// it is when `root` is nil.
    static func appendPlacingRoot(_ html: [UInt8], root: String?, to out: inout [UInt8]) {
        guard let root else { return out += html }
        html.withUnsafeBufferPointer { bytes in
            var copied = 0
            while let at = ByteSearch.offset(of: rootTokenBytes, in: bytes, from: copied) {
                out += UnsafeBufferPointer(rebasing: bytes[copied..<at])
                out += root.utf8
                copied = at + rootTokenBytes.count
            }
            out += UnsafeBufferPointer(rebasing: bytes[copied...])
        }
    }

    /// What a layout's model holds in place of a body given as bytes (`Theme.renderPage`): letters
    /// and a secret, which no value from data can be.
    static let bodyMarker = "tallybody" + secret + "z"

    /// The token that stands for this fragment in Markdown: letters and digits only, so Markdown
    /// escaping and cmark-gfm leave it as it is. It carries the HTML itself, as hex.
    public var token: String {
        var out = Self.prefix + (isBlock ? "b" : "i")
        let digits = Array("0123456789abcdef".utf8)
        for byte in html.utf8 {
            out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
            out.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 15)]))
        }
        return out + "y"
    }

    /// While a page renders, its fragments are kept in a table and travel as their number in it,
    /// which keeps a page of ten thousand avatars from carrying them twice over as hex.
    @TaskLocal static var table: Table?

    /// The fragments of one page render, numbered in the order they were encoded.
    final class Table: @unchecked Sendable {
        /// A fragment's HTML: text, or bytes as a list of shared parts is read (`SharedPartList`),
        /// made text only if something asks for it as text.
        private enum Stored {
            case text(String)
            case bytes([UInt8])
        }

        private let lock = NSLock()
        private var fragments: [Stored] = []
        private var partsPlaced = false

        /// Whether a part rendered for many pages (`SharedParts`) was placed, whose links then
        /// start at `rootToken`.
        var placesParts: Bool { lock.withLock { partsPlaced } }

        func markPartPlaced() {
            lock.withLock { partsPlaced = true }
        }

        func add(_ html: String) -> Int {
            add(.text(html))
        }

        /// Safe HTML as UTF-8 bytes.
        func add(bytes html: [UInt8]) -> Int {
            add(.bytes(html))
        }

        private func add(_ stored: Stored) -> Int {
            lock.withLock {
                fragments.append(stored)
                return fragments.count - 1
            }
        }

        /// Takes `count` numbers for fragments that are never shown (a run's items past a
        /// skeleton's check), so that the fragments after them are numbered as in the walk.
        func reserve(_ count: Int) {
            guard count > 0 else { return }
            lock.withLock { fragments += repeatElement(.text(""), count: count) }
        }

        func html(_ number: Int) -> String? {
            guard let stored = stored(number) else { return nil }
            switch stored {
            case .text(let html): return html
            case .bytes(let html): return String(decoding: html, as: UTF8.self)
            }
        }

        /// Appends fragment `number`'s HTML to `out`; false when the table has no such fragment.
        func append(_ number: Int, to out: inout [UInt8]) -> Bool {
            guard let stored = stored(number) else { return false }
            switch stored {
            case .text(let html): out += html.utf8
            case .bytes(let html): out += html
            }
            return true
        }

        private func stored(_ number: Int) -> Stored? {
            lock.withLock { number < fragments.count ? fragments[number] : nil }
        }

        /// How many fragments the table holds.
        var count: Int { lock.withLock { fragments.count } }

        /// A table holding this one's first `count` fragments: a model encoded again into it
        /// numbers its fragments as its first encoding into this one did, and leaves this alone.
        func prefix(_ count: Int) -> Table {
            let copy = Table()
            lock.withLock {
                copy.fragments = Array(fragments.prefix(count))
                copy.partsPlaced = partsPlaced
            }
            return copy
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(placed())
    }

    /// The text that stands for the fragment in a model: a token numbered in the page's table,
    /// which the fragment joins, or (with no table) its own token.
    func placed() -> String {
        guard let table = Self.table else { return token }
        return Self.token(numbered: table.add(html), block: isBlock)
    }

    /// The token of fragment `number` in the page's table.
    static func token(numbered number: Int, block: Bool) -> String {
        prefix + "r" + (block ? "b" : "i") + String(number) + "y"
    }

    /// Markdown with each token of this page's fragment table replaced by the fragment's HTML:
    /// what the text stands for, the same in every build (a token is a number in the page's
    /// table after a secret drawn per process). Nil when it holds no token; a token this page's
    /// table does not know is left as it is.
    static func expandingTokens(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let table else { return nil }
        let marker = prefixBytes
        var out: [UInt8] = []
        var copied = 0, from = 0
        while let at = ByteSearch.offset(of: marker, in: bytes, from: from) {
            from = at + 1
            // `r`, `b` or `i`, the number, `y`.
            var end = at + marker.count
            guard end + 2 < bytes.count, bytes[end] == UInt8(ascii: "r") else { continue }
            end += 2
            var number = 0
            let digits = end
            while end < bytes.count, bytes[end] >= 48, bytes[end] <= 57, end - digits < 18 {
                number = number * 10 + Int(bytes[end] - 48)
                end += 1
            }
            guard end > digits, end < bytes.count, bytes[end] == UInt8(ascii: "y"), let html = table.html(number) else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<at]))
            // NUL (never in a page's Markdown) marks where the fragment, block or inline, is.
            out += [0, bytes[digits - 1]]
            out.append(contentsOf: html.utf8)
            out.append(0)
            copied = end + 1
            from = copied
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return out
    }

    private static let prefixBytes = Array(prefix.utf8)

    /// Puts every fragment back into HTML rendered by cmark-gfm. Tokens are ASCII: they are found
    /// and read as bytes, and the text between them copied as it is (read as characters, the
    /// text around each token was most of this, on every page of a build).
    static func restore(in html: String) -> String {
        var source = html
        let table = self.table
        let (pieces, tail) = source.withUTF8 { tokens(in: $0, table: table) }
        guard !pieces.isEmpty else { return html }
        let utf8 = source.utf8
        func text(_ range: Range<Int>) -> Substring {
            Substring(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
        let fragments = pieces.map { piece -> String in
            switch piece.fragment {
            case .numbered(let number): table?.html(number) ?? ""
            case .inline(let bytes): String(decoding: bytes, as: UTF8.self)
            }
        }
        var out = ""
        out.reserveCapacity(utf8.count + fragments.reduce(0) { $0 + $1.utf8.count })
        for (piece, fragment) in zip(pieces, fragments) {
            out += text(piece.kept)
            out += fragment
        }
        out += text(tail..<utf8.count)
        return out
    }

    /// The same, as the bytes of the page: a list of shared parts (`SharedPartList`), kept as
    /// bytes, is copied in without being read as text.
    static func restoreBytes(in html: String) -> [UInt8] {
        var source = html
        let table = self.table
        return source.withUTF8 { bytes in
            let (pieces, tail) = tokens(in: bytes, table: table)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + pieces.count * 4_096)
            for piece in pieces {
                out += UnsafeBufferPointer(rebasing: bytes[piece.kept])
                switch piece.fragment {
                case .numbered(let number): _ = table?.append(number, to: &out)
                case .inline(let fragment): out += fragment
                }
            }
            out += UnsafeBufferPointer(rebasing: bytes[tail...])
            return out
        }
    }

    /// A token's fragment: a number in the page's table, or the HTML the token carries itself.
    private enum Found {
        case numbered(Int)
        case inline([UInt8])
    }

    /// The tokens in `bytes` that `table` (or the token itself) can put back: the text before
    /// each to keep (UTF-8 offsets) and its fragment; then where the text after the last starts.
    private static func tokens(in bytes: UnsafeBufferPointer<UInt8>, table: Table?) -> (pieces: [(kept: Range<Int>, fragment: Found)], tail: Int) {
        var pieces: [(kept: Range<Int>, fragment: Found)] = []
        var rest = 0
        while let at = ByteSearch.offset(of: prefixBytes, in: bytes, from: rest) {
            let start = at + prefixBytes.count
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "y") { end += 1 }
            guard end < bytes.count, end > start else { break }
            var kind = bytes[start]
            let fragment: Found
            if kind == UInt8(ascii: "r") {
                // A number in this page's table, after its kind (`b` or `i`).
                guard end >= start + 2, let number = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end]), as: UTF8.self)),
                      let table, number < table.count else { break }
                kind = start + 1 < end ? bytes[start + 1] : UInt8(ascii: "i")
                fragment = .numbered(number)
            } else {
                var decoded: [UInt8] = []
                decoded.reserveCapacity((end - start) / 2)
                var high: UInt8? = nil
                for byte in UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]) {
                    let value = byte >= 97 ? byte &- 87 : byte &- 48
                    if let first = high { decoded.append(first << 4 | value); high = nil } else { high = value }
                }
                fragment = .inline(decoded)
            }
            var keptEnd = at, after = end + 1
            // A block alone in a paragraph replaces the paragraph.
            if kind == UInt8(ascii: "b"), at - 3 >= rest, after + 4 <= bytes.count,
               UnsafeBufferPointer(rebasing: bytes[(at - 3)..<at]).elementsEqual("<p>".utf8),
               UnsafeBufferPointer(rebasing: bytes[after..<(after + 4)]).elementsEqual("</p>".utf8) {
                keptEnd = at - 3
                after += 4
            }
            pieces.append((rest..<keptEnd, fragment))
            rest = after
        }
        return (pieces, rest)
    }
}
