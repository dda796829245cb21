/// Reads the legacy iTunes RSS JSON (`itunes.apple.com/us/rss/topsongs/limit=100/json`):
/// `{feed: {title, id, updated, link, entry: [...]}}`, every value wrapped as `{label: …}`.
///
/// Quirks it takes in its stride (see fixtures/SOURCES.md): `entry` and `link` as one object
/// instead of an array; a file without the outer `feed` wrapper; `im:artist` without its `href`,
/// entries without `rights`, `summary` or images; prices "Free", "Get" or "$1.29" with or without
/// an `amount`; `im:rentalPrice`; every number written as a string.
enum ITunesRSSReader {
    static let shape = "{feed: {title, id, entry: [{im:name, im:artist, im:price, …}]}}"

    /// The feed object: under `feed`, or the document itself when the wrapper is missing.
    static func feed(_ root: JSONValue) -> (JSONValue, String)? {
        guard root.kind == .object else { return nil }
        if let feed = root["feed"], feed.kind == .object, isFeed(feed) { return (feed, "$.feed") }
        return isFeed(root) ? (root, "$") : nil
    }

    /// A legacy feed has a wrapped title and either entries or a wrapped id; nothing else Tally
    /// reads has `title.label`.
    private static func isFeed(_ value: JSONValue) -> Bool {
        guard value["title"]?["label"]?.kind == .string else { return false }
        if let entry = value["entry"] { return entry.kind == .array || entry.kind == .object }
        return value["id"]?["label"]?.kind == .string
    }

    static func claims(_ root: JSONValue) -> Bool { feed(root) != nil }

    static func read(_ root: JSONValue, path: String) throws -> ChartFeed {
        guard let (feed, feedPath) = feed(root) else {
            throw ShapeError(path: path, reason: "expected an iTunes RSS feed \(shape); found keys \(root.keyList)")
        }
        let base = path == "$" ? feedPath : path + feedPath.dropFirst()
        var title = feed["title"]?.label ?? ""
        if let colon = title.range(of: ": "), title.hasPrefix("iTunes Store") { title = String(title[colon.upperBound...]) }
        let feedURL = ChartFields.web(feed["id"]?.label)
            ?? feed["link"]?.elements.first { $0.attribute("rel")?.string == "self" }?.attribute("href")?.string
        let storeURL = ChartFields.web(alternate(feed["link"]))
        let updatedText = ChartFields.clean(feed["updated"]?.label)

        var entries: [ChartEntry] = []
        let list = feed["entry"]?.elements ?? []
        entries.reserveCapacity(list.count)
        let entryPath = base + ".entry"
        for (index, value) in list.enumerated() {
            let place = feed["entry"]?.kind == .array ? "\(entryPath)[\(index)]" : entryPath
            entries.append(try entry(value, rank: index + 1, path: place))
        }
        let country = countryCode(feedURL: feedURL, storeURL: storeURL, entries: entries)
        let mediaType = entries.first.flatMap { $0.kind }.map(ChartFields.mediaType)
            ?? feedURL.flatMap(ChartFields.mediaType(fromFeedURL:)) ?? "unknown"
        let cleanTitle = ChartFields.clean(title) ?? "Top " + mediaType
        return ChartFeed(
            key: ChartFields.chartKey(feedURL: feedURL, title: cleanTitle, country: country, mediaType: mediaType),
            feedURL: feedURL, title: cleanTitle, mediaType: mediaType, country: country,
            updatedAt: updatedText.flatMap(ChartFields.timestamp), updatedText: updatedText, storeURL: storeURL,
            rights: ChartFields.clean(feed["rights"]?.label), entries: entries)
    }

    private static func entry(_ value: JSONValue, rank: Int, path: String) throws -> ChartEntry {
        guard value.kind == .object else {
            throw ShapeError(path: path, reason: "expected an entry object, found \(value.kind.described)")
        }
        guard let name = ChartFields.clean(value["im:name"]?.label ?? value["title"]?.label) else {
            throw ShapeError(path: path + ChartFields.step("im:name"), reason: "expected the entry's name as {label: text}")
        }
        let storeURL = ChartFields.web(alternate(value["link"])) ?? ChartFields.web(value["id"]?.label)
        guard let id = ChartFields.clean(value["id"]?.attribute("im:id")?.text) ?? ChartFields.clean(value["id"]?.label) else {
            throw ShapeError(path: path + ".id", reason: "expected the entry's id as {label: url, attributes: {im:id}}")
        }
        // Music nests the precise type: {attributes: {term: Music}, im:contentType: {attributes: {term: Track}}}.
        let contentType = value["im:contentType"]
        let kind = ChartFields.clean(contentType?["im:contentType"]?.attribute("label")?.text
            ?? contentType?["im:contentType"]?.attribute("term")?.text
            ?? contentType?.attribute("label")?.text ?? contentType?.attribute("term")?.text)
        let release = value["im:releaseDate"]
        return ChartEntry(
            id: id, rank: rank, name: name,
            artist: ChartFields.clean(value["im:artist"]?.label),
            artistURL: ChartFields.web(value["im:artist"]?.attribute("href")?.string),
            kind: kind,
            category: ChartFields.clean(value["category"]?.attribute("label")?.text ?? value["category"]?.attribute("term")?.text),
            releaseDate: ChartFields.day(release?.label),
            releaseLabel: ChartFields.clean(release?.attribute("label")?.text),
            price: price(value["im:price"]),
            rentalPrice: price(value["im:rentalPrice"]),
            summary: ChartFields.clean(value["summary"]?.label),
            rights: ChartFields.clean(value["rights"]?.label),
            storeURL: storeURL,
            images: images(value["im:image"]),
            collection: ChartFields.clean(value["im:collection"]?["im:name"]?.label),
            trackCount: value["im:itemCount"]?.label.flatMap { Int($0) })
    }

    /// `{label: "$1.29", attributes: {amount: "1.29000", currency: "USD"}}`.
    private static func price(_ value: JSONValue?) -> ChartPrice? {
        guard let value else { return nil }
        return ChartFields.price(label: value.label, amount: value.attribute("amount")?.number,
                                 currency: value.attribute("currency")?.text)
    }

    /// The `href` of the `alternate` link (or the first link with one), for `link` as an object or an array.
    private static func alternate(_ link: JSONValue?) -> String? {
        guard let links = link?.elements, !links.isEmpty else { return nil }
        let preferred = links.first { $0.attribute("rel")?.string == "alternate" } ?? links.first { $0.attribute("href") != nil }
        return preferred?.attribute("href")?.string
    }

    /// `[{label: url, attributes: {height: "55"}}]`, sized from the URL (`55x55bb`) when it says,
    /// else square at the given height; smallest first.
    private static func images(_ value: JSONValue?) -> [ChartImage] {
        guard let list = value?.elements else { return [] }
        var images: [ChartImage] = []
        for image in list {
            guard let url = ChartFields.web(image.label) else { continue }
            let height = image.attribute("height")?.number.flatMap { $0.isFinite && $0 >= 1 && $0 < 100_000 ? Int($0) : nil }
            if let size = ChartFields.sizeInURL(url) {
                images.append(ChartImage(url: url, width: size.width, height: size.height))
            } else {
                let side = height ?? 100
                images.append(ChartImage(url: url, width: side, height: side))
            }
        }
        return images.enumerated().sorted { ($0.element.height, $0.offset) < ($1.element.height, $1.offset) }.map(\.element)
    }

    /// The country from the feed URL (`/us/rss/`), the store link (`cc=us`), or an entry's store URL.
    private static func countryCode(feedURL: String?, storeURL: String?, entries: [ChartEntry]) -> String? {
        if let feedURL, let code = pathCountry(feedURL) { return code }
        if let storeURL, let range = storeURL.range(of: "cc=") {
            let code = storeURL[range.upperBound...].prefix { $0.isLetter }
            if code.count == 2 { return code.lowercased() }
        }
        for entry in entries.prefix(3) {
            if let url = entry.storeURL, let code = pathCountry(url) { return code }
        }
        return nil
    }

    /// The first path segment when it is two letters: `https://itunes.apple.com/us/…` → "us".
    static func pathCountry(_ url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let segments = url[schemeEnd.upperBound...].split(separator: "/")
        guard segments.count > 1 else { return nil }
        let first = segments[1]
        return first.count == 2 && first.allSatisfy({ $0.isLetter && $0.isASCII }) ? first.lowercased() : nil
    }
}
