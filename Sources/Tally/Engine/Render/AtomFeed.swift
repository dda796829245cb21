import Foundation

/// An Atom feed (RFC 4287) of a list page's newest entries, written as a file beside the page.
///
/// Links are absolute when the site has a base URL, else relative to the feed's own address
/// (which RFC 4287 resolves against the feed's URL, as a reader that fetched it knows it). Ids
/// are the pages' absolute URLs with a base URL, else `tag:` URIs of their output paths: either
/// way the same entry keeps its id from build to build. `updated` is the newest entry's time,
/// not the build's, so a feed changes only when what it lists does.
public struct AtomFeed: Sendable {
    /// One entry: a page of the site (`path`) and what it says.
    public struct Entry: Sendable {
        /// The output path of the page the entry links to; with `fragment` it makes the id.
        public var path: String
        /// Added to the id, for several entries that link to one page (`#item-7`).
        public var fragment: String?
        public var title: String
        public var updated: Int64
        public var author: String?
        /// The entry's text as HTML made by `HTMLFragment` (escaped again for XML here).
        public var html: String

        public init(path: String, fragment: String? = nil, title: String, updated: Int64, author: String?, html: String) {
            self.path = path
            self.fragment = fragment
            self.title = title
            self.updated = updated
            self.author = author
            self.html = html
        }
    }

    /// How many entries a feed holds: the newest.
    public static let limit = 50
    /// The `tag:` authority and date of ids made without a base URL (`.invalid`: no one's domain).
    static let tagPrefix = "tag:tally.invalid,2026:"

    /// The feed's own output path (`all-tweets/feed.xml`).
    public var path: String
    /// The page it is the feed of.
    public var page: String
    public var title: String
    /// Who the feed is by when an entry names no author: the site.
    public var author: String
    public var entries: [Entry]

    public init(path: String, page: String, title: String, author: String, entries: [Entry]) {
        self.path = path
        self.page = page
        self.title = title
        self.author = author
        self.entries = Array(entries.prefix(Self.limit))
    }

    /// The feed as XML, with links absolute under `baseURL` when there is one.
    public func xml(baseURL: String?) -> String {
        String(decoding: bytes(baseURL: baseURL), as: UTF8.self)
    }

    /// The same XML as UTF-8 bytes, written straight into one buffer: a rebuild writes a feed
    /// per changed list, fifty entries each, and each entry's text escaped into a string of its
    /// own, then added to the feed's, was a twentieth of a 20k rebuild's planning.
    public func bytes(baseURL: String?) -> [UInt8] {
        let base = baseURL.flatMap { try? BaseURL(validating: $0) }
        func href(_ target: String) -> String { base?.url(for: target) ?? Routes.relative(from: path, to: target) }
        func id(_ target: String, _ fragment: String? = nil) -> String {
            (base?.url(for: target) ?? Self.tagPrefix + target) + (fragment.map { "#" + $0 } ?? "")
        }
        let updated = entries.map(\.updated).max() ?? 0
        var out: [UInt8] = []
        out.reserveCapacity(1024 + entries.reduce(0) { $0 + $1.html.utf8.count * 5 / 4 + $1.title.utf8.count + 400 })
        func put(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func put(escaped text: String) { Self.appendEscaped(text, to: &out) }
        put("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<id>")
        put(escaped: id(path))
        put("</id>\n<title>")
        put(escaped: title)
        put("</title>\n<updated>")
        out += UTCTime.iso(updated).utf8
        put("</updated>\n<author><name>")
        put(escaped: author)
        put("</name></author>\n<link rel=\"self\" type=\"application/atom+xml\" href=\"")
        put(escaped: href(path))
        put("\"/>\n<link rel=\"alternate\" type=\"text/html\" href=\"")
        put(escaped: href(page))
        put("\"/>\n<generator>Tally</generator>\n")
        for entry in entries {
            put("<entry>\n<id>")
            put(escaped: id(entry.path, entry.fragment))
            put("</id>\n<title type=\"text\">")
            put(escaped: entry.title)
            put("</title>\n<updated>")
            out += UTCTime.iso(entry.updated).utf8
            put("</updated>\n")
            if let name = entry.author, !name.isEmpty {
                put("<author><name>")
                put(escaped: name)
                put("</name></author>\n")
            }
            put("<link rel=\"alternate\" type=\"text/html\" href=\"")
            put(escaped: href(entry.path))
            put("\"/>\n<content type=\"html\">")
            put(escaped: entry.html)
            put("</content>\n</entry>\n")
        }
        put("</feed>\n")
        return out
    }

    /// Text escaped for XML content and attributes; characters XML 1.0 cannot hold (controls
    /// other than tab and line breaks, U+FFFE, U+FFFF) become U+FFFD, so hostile data still parses;
    /// directional controls are dropped (`removingDirectionalControls`).
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` escaped as `escape` escapes it.
    ///
    /// Works on the UTF-8 bytes: every character it changes is ASCII or a three-byte sequence
    /// that valid UTF-8 cannot hold anywhere but at a character's start. Going a Unicode scalar at
    /// a time was a tenth of a rebuild's planning (fifty entries a feed, a feed per changed list).
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var source = text
        source.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "&"): out += "&amp;".utf8
                case UInt8(ascii: "<"): out += "&lt;".utf8
                case UInt8(ascii: ">"): out += "&gt;".utf8
                case UInt8(ascii: "\""): out += "&quot;".utf8
                case 0x09, 0x0A, 0x0D: out.append(byte)
                case 0..<0x20: out += Self.replacement
                case 0xE2 where index + 1 < bytes.count
                    && (bytes[index] == 0x80 && (0xAA...0xAE).contains(bytes[index + 1])
                        || bytes[index] == 0x81 && (0xA6...0xA9).contains(bytes[index + 1])):
                    // U+202A–U+202E and U+2066–U+2069.
                    index += 2
                case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                    // U+FFFE and U+FFFF.
                    out += Self.replacement
                    index += 2
                default: out.append(byte)
                }
            }
        }
    }

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// A title from an entry's text: its first line, cut at a word near `length` characters.
    public static func title(_ text: String, length: Int = 80) -> String {
        if let line = firstASCIILine(text) {
            guard line.count > length else { return String(decoding: line, as: UTF8.self) }
            let cut = line.prefix(length)
            return String(decoding: cut.lastIndex(of: UInt8(ascii: " ")).map { cut[..<$0] } ?? cut, as: UTF8.self) + "…"
        }
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard line.count > length else { return line }
        let cut = line.prefix(length)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }

    /// The first line that is not empty, trimmed of spaces and tabs, as bytes, when it is ASCII:
    /// each byte is then a character, as `title` counts them (a newline or other control always
    /// ends a character, so the bytes after the line do not matter); else nil. Splitting the
    /// whole text into characters was most of a feed entry's making.
    private static func firstASCIILine(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { bytes -> [UInt8]? in
            func isNewline(_ byte: UInt8) -> Bool { (0x0A...0x0D).contains(byte) }
            var start = 0
            while start < bytes.count, isNewline(bytes[start]) { start += 1 }
            var end = start
            while end < bytes.count, !isNewline(bytes[end]) {
                if bytes[end] >= 0x80 { return nil }
                end += 1
            }
            func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            while start < end, isBlank(bytes[start]) { start += 1 }
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            return Array(bytes[start..<end])
        }
    }
}
