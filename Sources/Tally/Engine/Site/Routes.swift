/// The one place that makes output paths, slugs and links.
///
/// Paths are relative to the output folder, use only `[a-z0-9._/-]`, and pages end in
/// `index.html`, so links work from `file://` and from any sub-path of a host.
public enum Routes {
    public static let home = "index.html"
    /// All rows of a long table on `page`, as a classic script beside it (`hashtags.table.js`).
    public static func tableRows(page: String, name: String) -> String { folder(of: page) + slug(name) + ".table.js" }
    /// A long table on `page` as CSV beside it, for pages that link no CSV of their own.
    public static func tableCSV(page: String, name: String) -> String { folder(of: page) + slug(name) + ".table.csv" }
    /// The Atom feed of the list whose newest page is `page`, beside it (`all-tweets/feed.xml`).
    public static func feed(of page: String) -> String { folder(of: page) + "feed.xml" }
    /// The folder part of an output path, with its final `/` (empty at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
    /// The per-build facts script (build time, newest data).
    public static let siteScript = "assets/site.js"
    /// A theme asset.
    public static func asset(_ name: String) -> String { "assets/\(name)" }

    /// The link from the page at `from` to the file at `to`, both output paths.
    public static func relative(from: String, to: String) -> String {
        root(from: from) + to
    }

    /// The prefix that leads from the page at `path` back to the output folder (`../../`); from a
    /// part rendered once for many pages (`SharedParts.page`), the token each page replaces.
    public static func root(from path: String) -> String {
        if path == SharedParts.page { return SharedParts.root }
        // Counted on the UTF-8 bytes: a character at a time (grapheme breaking) was a hundredth of
        // a 100k rebuild, for the People table's two links a row.
        var depth = 0
        for byte in path.utf8 where byte == UInt8(ascii: "/") { depth += 1 }
        return String(repeating: "../", count: depth)
    }

    /// A slug safe on every file system and host: the text's ASCII letters and digits, and, unless
    /// the text is already exactly that, a hash of the whole text, so that different texts (also
    /// ones differing only in case, or only in non-ASCII letters) never share a path.
    ///
    /// A hashed slug always ends in `-` and 12 hex digits; a text of that shape is hashed too, so no
    /// text can be its own slug and equal another text's hashed one (`freebandnames-daaa54aaad36`
    /// next to `#freebandnames`). Two hashed slugs meet only when both the readable part and the
    /// 48-bit hash do.
    public static func slug(_ text: String) -> String {
        // Most names (a screen name, a hashtag) are short ASCII: read as bytes, with no lower-cased
        // copy, they are checked and slugged without allocating (strings cost a fifth of the
        // People table's rows at 100,000 posts). Other text is lower-cased as Unicode says
        // (`K`, the Kelvin sign, lower-cases to an ASCII `k`).
        var isASCII = true
        var isPlain = true
        for byte in text.utf8 {
            if byte >= 0x80 { isASCII = false; isPlain = false; break }
            if !((byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-")) { isPlain = false }
        }
        let lowered: [UInt8]
        if isPlain {
            lowered = Array(text.utf8)
            if !lowered.isEmpty, lowered.count <= 60, lowered.first != UInt8(ascii: "-"), !reserved.contains(text), !endsLikeHash(lowered) { return text }
        } else if isASCII {
            lowered = text.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
        } else {
            lowered = Array(text.lowercased().utf8)
        }
        var readable: [UInt8] = []
        readable.reserveCapacity(min(lowered.count, 41))
        var inWord = false
        for byte in lowered {
            if (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                if !inWord, !readable.isEmpty { readable.append(UInt8(ascii: "-")) }
                readable.append(byte)
                inWord = true
            } else {
                inWord = false
            }
        }
        if readable.count > 40 { readable.removeLast(readable.count - 40) }
        var slug = readable.isEmpty ? Array("t".utf8) : readable
        slug.append(UInt8(ascii: "-"))
        appendHex(fnv1a(text.utf8), to: &slug)
        return String(decoding: slug, as: UTF8.self)
    }

    /// Numeric ids (most sources' ids) are their own slug; anything else is slugged like text.
    public static func idSlug(_ id: String) -> String {
        let bytes = Array(id.utf8)
        if !bytes.isEmpty, bytes.count <= 30, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) { return id }
        return slug(id)
    }

    /// Names Windows will not create as files or folders, whatever the extension.
    private static let reserved: Set<String> = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// Whether `bytes` end the way every hashed slug does: `-` and 12 lower-case hex digits.
    private static func endsLikeHash(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 13, bytes[bytes.count - 13] == UInt8(ascii: "-") else { return false }
        return bytes.suffix(12).allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    private static func isSlugByte(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The top 48 bits of `value` as 12 lower-case hex digits.
    private static func appendHex(_ value: UInt64, to bytes: inout [UInt8]) {
        for place in 0..<12 {
            let digit = UInt8((value >> UInt64(60 - place * 4)) & 0xf)
            bytes.append(digit < 10 ? 48 + digit : 87 + digit)
        }
    }
}
