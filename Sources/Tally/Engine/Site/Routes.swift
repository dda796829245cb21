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
        return String(repeating: "../", count: path.reduce(0) { $1 == "/" ? $0 + 1 : $0 })
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
        let lowered = Array(text.lowercased().utf8)
        let plain = !lowered.isEmpty && lowered.count <= 60 && text == text.lowercased()
            && lowered.allSatisfy { isSlugByte($0) && $0 != UInt8(ascii: ".") } && lowered.first != UInt8(ascii: "-")
            && !reserved.contains(text) && !endsLikeHash(lowered)
        if plain { return text }
        var words: [String] = []
        var current: [UInt8] = []
        for byte in lowered {
            if (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current = []
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        var readable = words.joined(separator: "-")
        if readable.count > 40 { readable = String(readable.prefix(40)) }
        let hash = hex(fnv1a(Array(text.utf8)))
        return readable.isEmpty ? "t-\(hash)" : "\(readable)-\(hash)"
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

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<12).map { digits[Int((value >> UInt64(60 - $0 * 4)) & 0xf)] })
    }
}
