/// The pieces of tweet pages built in code around the post card (`twitter/_card.html`): avatars,
/// a tweet's pictures on its own page, dates, and how pictures are sized and described.
struct TweetHTML {
    /// The page the card sits on (links are relative to it).
    let page: String
    let directory: TwitterDirectory

    /// An avatar with the person's initials under it, which show when the picture cannot load;
    /// `local`, the site's own copy of it (a Mastodon export's owner's), wins over its address.
    static func avatar(_ user: StoredUser?, size: Int, page: String, local: String? = nil) -> HTMLFragment {
        // Written into one buffer, the names and fixed values as they are and only the values
        // from data through `HTMLFragment`'s escaping and link check, so the HTML is what
        // `HTMLFragment.element` makes (TweetHTMLTests): made per element and joined, the avatars
        // were half the rows of a rebuild's People table.
        var html: [UInt8] = []
        html.reserveCapacity(320)
        html += (size > 48 ? #"<span class="avatar avatar-large">"# : #"<span class="avatar">"#).utf8
        html += #"<span class="avatar-initials" aria-hidden="true">"#.utf8
        HTMLFragment.appendText(Self.initials(user), to: &html)
        html += "</span>".utf8
        var source: String?
        if let local {
            source = Routes.relative(from: page, to: local)
        } else if var url = user?.avatarURL {
            if size > 48 { url = Self.largeAvatar(url) }
            source = Routes.secureImage(url)
        }
        // As `element` writes them: an empty `src` bare, an empty `alt` as `alt=""`.
        if let source {
            html += #"<img class="avatar-img""#.utf8
            if !source.isEmpty {
                html += #" src=""#.utf8
                HTMLFragment.appendAttributeValue(source, isLink: true, to: &html)
                html.append(UInt8(ascii: "\""))
            } else {
                html += " src".utf8
            }
            html += #" alt="" width=""#.utf8
            html += String(size).utf8
            html += #"" height=""#.utf8
            html += String(size).utf8
            html += #"" loading="lazy" decoding="async""#.utf8
            if local == nil { html += #" referrerpolicy="no-referrer""#.utf8 }
            html.append(UInt8(ascii: ">"))
        }
        html += "</span>".utf8
        return .trusted(String(decoding: html, as: UTF8.self), block: false)
    }

    /// The large picture of an avatar's address: Twitter names its sizes in the file name
    /// (`…/abc_normal.jpg` → `…/abc_400x400.jpg`); other addresses are kept as they are. Found as
    /// bytes: Foundation's `replacingOccurrences` bridged each address to `NSString`, about 20 µs
    /// a person, twice each (the profile and the contact card).
    static func largeAvatar(_ url: String) -> String {
        var rest = Substring(url)
        guard var found = rest.firstByteRange(of: "_normal.") else { return url }
        var out = ""
        while true {
            out += rest[..<found.lowerBound]
            out += "_400x400."
            rest = rest[found.upperBound...]
            guard let next = rest.firstByteRange(of: "_normal.") else { break }
            found = next
        }
        return out + rest
    }

    /// Up to two letters from the name (`Ada Lovelace` → `AL`), else the screen name's first.
    static func initials(_ user: StoredUser?) -> String {
        guard let user else { return "?" }
        // Most names are ASCII, read as bytes (Character by Character was a seventh of a People
        // table's avatars); ASCII has no other letters, digits or spaces than these.
        if user.name.utf8.allSatisfy({ $0 < 0x80 }) {
            var letters: [UInt8] = []
            var atWordStart = true
            for byte in user.name.utf8 where letters.count < 2 {
                if byte == 32 || (9...13).contains(byte) {
                    atWordStart = true
                } else if atWordStart, (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                    letters.append(byte >= 97 ? byte - 32 : byte)
                    atWordStart = false
                }
            }
            if !letters.isEmpty { return String(decoding: letters, as: UTF8.self) }
            return String(user.screenName.prefix(1)).uppercased()
        }
        let words = user.name.split(whereSeparator: { $0.isWhitespace }).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
        let letters = words.prefix(2).map { String($0).uppercased() }.joined()
        return letters.isEmpty ? String(user.screenName.prefix(1)).uppercased() : letters
    }

    /// The tweet's pictures as thumbnails, each opening its image page.
    func thumbnails(_ id: String, _ media: [StoredMedia]) -> HTMLFragment {
        let items = media.enumerated().compactMap { index, item -> HTMLFragment? in
            guard let src = directory.imageSource(item.imageURL, tweet: id, from: page) else { return nil }
            let (width, height) = Self.fit(item, within: 240)
            var inner: [HTMLFragment] = [.element("img", ["class": "thumb", "src": src, "alt": item.alt ?? Self.describe(item, index),
                                                          "width": "\(width)", "height": "\(height)", "loading": "lazy",
                                                          "referrerpolicy": "no-referrer"])]
            if item.kind != "photo" { inner.append(.element("span", ["class": "media-badge"], [.text(item.kind == "gif" ? "GIF" : "Video")])) }
            return .element("li", [:], [.element("a", ["href": Routes.relative(from: page, to: Routes.tweetImage(id, number: index + 1))], inner)])
        }
        return .element("ul", ["class": "tweet-media"], items, block: true)
    }

    static func describe(_ item: StoredMedia, _ index: Int) -> String {
        item.kind == "photo" ? "Photo \(index + 1)" : item.kind == "gif" ? "GIF \(index + 1), preview" : "Video \(index + 1), preview"
    }

    /// The picture's size scaled to fit `box` pixels wide and high, keeping its shape.
    static func fit(_ item: StoredMedia, within box: Int) -> (Int, Int) {
        guard let width = item.width, let height = item.height, width > 0, height > 0 else { return (box, box * 3 / 4) }
        let scale = min(1, Double(box) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
