/// Rules both chart readers share: media types, chart keys, artwork sizes, dates and prices.
enum ChartFields {
    /// Normalises the many names feeds give one media type (`Track`, `song`, `songs`) to one plural,
    /// lower-case name; names not in the table pass through lower-cased.
    static func mediaType(_ raw: String) -> String {
        let word = raw.lowercased().trimmingSpaces
        let table: [String: String] = [
            "track": "songs", "song": "songs", "songs": "songs",
            "album": "albums", "albums": "albums",
            "application": "apps", "app": "apps", "apps": "apps", "iossoftware": "apps", "macsoftware": "apps",
            "ios-apps": "apps", "mac-apps": "apps", "software": "apps",
            "podcast": "podcasts", "podcasts": "podcasts", "podcast-episodes": "podcast episodes", "podcast episode": "podcast episodes",
            "movie": "movies", "movies": "movies", "feature movie": "movies",
            "book": "books", "books": "books", "ebook": "books", "ebooks": "books",
            "audiobook": "audiobooks", "audiobooks": "audiobooks", "audio-books": "audiobooks",
            "course": "courses", "courses": "courses", "itunes u": "courses", "itunes-u": "courses",
            "music video": "music videos", "musicvideo": "music videos", "music-videos": "music videos",
            "tv episode": "tv shows", "tv season": "tv shows", "tvseason": "tv shows", "tv-shows": "tv shows", "tv show": "tv shows",
        ]
        return table[word] ?? word
    }

    /// The media type a legacy feed URL names (`…/rss/topsongs/…`), for feeds with no entries.
    static func mediaType(fromFeedURL url: String) -> String? {
        let lower = url.lowercased()
        let names: [(String, String)] = [
            ("musicvideos", "music videos"), ("audiobooks", "audiobooks"), ("tvepisodes", "tv shows"), ("tvseasons", "tv shows"),
            ("songs", "songs"), ("albums", "albums"), ("applications", "apps"), ("apps", "apps"), ("podcasts", "podcasts"),
            ("movies", "movies"), ("ebooks", "books"), ("books", "books"), ("courses", "courses"),
        ]
        return names.first { lower.contains($0.0) }?.1
    }

    /// The chart's key: the feed URL without scheme, host, query and the segments that only set
    /// the size (`limit=25`, `100`), lower-cased. `https://itunes.apple.com/us/rss/topalbums/limit=20/json`
    /// and `…/limit=2/json` are the same chart: `us/rss/topalbums/json`.
    static func chartKey(feedURL: String?, title: String, country: String?, mediaType: String) -> String {
        guard let feedURL, let schemeEnd = feedURL.range(of: "://") else {
            return [country ?? "", mediaType, title.lowercased()].joined(separator: "/")
        }
        var rest = feedURL[schemeEnd.upperBound...]
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        let segments = rest.split(separator: "/").dropFirst().filter { segment in
            !segment.allSatisfy(\.isNumber) && !segment.lowercased().hasPrefix("limit=")
        }
        return segments.joined(separator: "/").lowercased()
    }

    /// Width and height written in an artwork URL's last path segment (`…/170x170bb-85.png`,
    /// `…/200x200bb.png`), which is the image's true size on Apple's servers.
    static func sizeInURL(_ url: String) -> (width: Int, height: Int)? {
        guard let last = url.split(separator: "/").last else { return nil }
        let bytes = Array(last.utf8)
        var index = 0
        func digits() -> Int? {
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            guard index > start, index - start < 6 else { return nil }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        guard let width = digits(), index < bytes.count, bytes[index] == UInt8(ascii: "x"), width > 0 else { return nil }
        index += 1
        guard let height = digits(), height > 0 else { return nil }
        return (width, height)
    }

    /// An http(s) URL from the feed, trimmed; nil for anything else (`javascript:`, relative, empty).
    static func web(_ text: String?) -> String? {
        guard let text = text?.trimmingSpaces, !text.isEmpty else { return nil }
        let lower = text.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? text : nil
    }

    /// A non-empty string with its surrounding spaces removed.
    static func clean(_ text: String?) -> String? {
        guard let text = text?.trimmingSpaces, !text.isEmpty else { return nil }
        return text
    }

    /// `2020-02-28` from `2020-02-28`, `2012-08-02T00:00:00-07:00` or similar; nil otherwise.
    static func day(_ text: String?) -> String? {
        guard let text = text?.trimmingSpaces, text.utf8.count >= 10 else { return nil }
        let prefix = String(text.prefix(10))
        let bytes = Array(prefix.utf8)
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || ($0.element >= 48 && $0.element <= 57) })
        else { return nil }
        return prefix
    }

    /// A feed's `updated`: ISO 8601 with an offset (legacy and v1 feeds) or RFC 2822
    /// (`Wed, 27 Apr 2022 08:49:26 +0000`, the current feeds), as seconds since 1970.
    static func timestamp(_ text: String) -> Int64? {
        if let iso = iso8601(text) { return iso }
        // RFC 2822: optional weekday, day, month name, year, time, zone.
        var parts = text.split(separator: " ").map(String.init)
        if let first = parts.first, first.hasSuffix(",") { parts.removeFirst() }
        guard parts.count >= 4, let day = Int(parts[0]), let year = Int(parts[2]) else { return nil }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard let month = months.firstIndex(of: parts[1].prefix(3).lowercased()) else { return nil }
        let clock = parts[3].split(separator: ":").compactMap { Int($0) }
        guard clock.count >= 2 else { return nil }
        var offset = 0
        if parts.count >= 5 {
            let zone = Array(parts[4].utf8)
            if zone.count == 5, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
               let hours = Int(String(decoding: zone[1..<3], as: UTF8.self)),
               let minutes = Int(String(decoding: zone[3..<5], as: UTF8.self)) {
                offset = (hours * 3600 + minutes * 60) * (zone[0] == UInt8(ascii: "-") ? -1 : 1)
            }
        }
        return UTCTime.seconds(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1],
                                   second: clock.count > 2 ? clock[2] : 0, offset: offset)
    }

    /// `2014-09-01T04:06:12-07:00`, `2020-04-02T02:05:09.000-07:00` or `…Z`.
    static func iso8601(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count >= 19, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard b[index] >= 48, b[index] <= 57 else { return nil }
                value = value * 10 + Int(b[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var index = 19
        if index < b.count, b[index] == UInt8(ascii: ".") {
            index += 1
            while index < b.count, b[index] >= 48, b[index] <= 57 { index += 1 }
        }
        var offset = 0
        if index + 6 <= b.count, b[index] == UInt8(ascii: "+") || b[index] == UInt8(ascii: "-"),
           let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6)) {
            offset = (hours * 3600 + minutes * 60) * (b[index] == UInt8(ascii: "-") ? -1 : 1)
        }
        return UTCTime.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// A price from its label and, when given, its amount (`"1.29000"` or a number): "Free" and
    /// "Get" are 0, "$1.29" is 1.29 when no amount is given.
    static func price(label: String?, amount: Double?, currency: String?) -> ChartPrice? {
        guard let label = clean(label) else {
            guard let amount else { return nil }
            return ChartPrice(label: amount == 0 ? "Free" : String(amount), amount: amount, currency: currency)
        }
        var value = amount
        if value == nil {
            let lower = label.lowercased()
            if lower == "free" || lower == "get" {
                value = 0
            } else {
                let number = label.filter { $0.isNumber || $0 == "." }
                value = number.isEmpty ? nil : Double(number)
            }
        }
        return ChartPrice(label: label, amount: value, currency: clean(currency))
    }

    /// A JSON path step for `key`: `.name`, or `["im:name"]` when the key is not a plain name.
    static func step(_ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "." + key : "[\"\(key)\"]"
    }
}

extension JSONValue {
    /// A string, or a number written as one (legacy feeds write every number as a string, but a
    /// re-serialised file may not).
    var text: String? {
        if let string { return string }
        if let value = int64 { return String(value) }
        if let value = double { return String(value) }
        return nil
    }

    /// A finite number, or a string holding one (`"1.29000"`, `"53"`; not "nan" or "inf").
    var number: Double? {
        let value = double ?? string.flatMap { Double($0.trimmingSpaces) }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The `label` of a legacy `{label: …}` wrapper, or the value itself when it is a plain string.
    var label: String? {
        self["label"]?.text ?? string
    }

    /// The legacy `attributes` object's field `key`.
    func attribute(_ key: String) -> JSONValue? {
        self["attributes"]?.field(key)
    }

    /// The elements of an array, or this value alone when it is a single object (legacy feeds
    /// write one entry or one link without the array).
    var elements: [JSONValue] {
        if let array { return Array(array) }
        return kind == .object ? [self] : []
    }
}
