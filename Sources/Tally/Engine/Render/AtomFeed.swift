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
        let base = baseURL.flatMap { try? BaseURL(validating: $0) }
        func href(_ target: String) -> String { base?.url(for: target) ?? Routes.relative(from: path, to: target) }
        func id(_ target: String, _ fragment: String? = nil) -> String {
            (base?.url(for: target) ?? Self.tagPrefix + target) + (fragment.map { "#" + $0 } ?? "")
        }
        let updated = entries.map(\.updated).max() ?? 0
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "<id>\(Self.escape(id(path)))</id>\n"
        out += "<title>\(Self.escape(title))</title>\n"
        out += "<updated>\(UTCTime.iso(updated))</updated>\n"
        out += "<author><name>\(Self.escape(author))</name></author>\n"
        out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.escape(href(path)))\"/>\n"
        out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(href(page)))\"/>\n"
        out += "<generator>Tally</generator>\n"
        for entry in entries {
            out += "<entry>\n"
            out += "<id>\(Self.escape(id(entry.path, entry.fragment)))</id>\n"
            out += "<title type=\"text\">\(Self.escape(entry.title))</title>\n"
            out += "<updated>\(UTCTime.iso(entry.updated))</updated>\n"
            if let name = entry.author, !name.isEmpty { out += "<author><name>\(Self.escape(name))</name></author>\n" }
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(href(entry.path)))\"/>\n"
            out += "<content type=\"html\">\(Self.escape(entry.html))</content>\n"
            out += "</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// Text escaped for XML content and attributes; characters XML 1.0 cannot hold (controls
    /// other than tab and line breaks, U+FFFE, U+FFFF) become U+FFFD, so hostile data still parses.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.removingDirectionalControls.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n", "\r": out.append(scalar)
            default:
                let value = scalar.value
                out.append(value < 0x20 || value == 0xFFFE || value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return String(out)
    }

    /// A title from an entry's text: its first line, cut at a word near `length` characters.
    public static func title(_ text: String, length: Int = 80) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard line.count > length else { return line }
        let cut = line.prefix(length)
        let word = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return word + "…"
    }
}
