/// Reads the Apple RSS generator JSON: `{feed: {title, id, country, updated, results: [...]}}`.
///
/// Both generations: the v1 generator (`rss.itunes.apple.com/api/v1`: singular `kind` such as
/// "album", ISO `updated` with milliseconds) and the current feeds (`rss.applemarketingtools.com/api/v2`:
/// plural `kind` such as "albums", RFC 2822 `updated`, `contentAdvisoryRating` spelt "Explict").
/// Fields may be missing (`genres`, `url`, `copyright`, `artistUrl`); `id` and `name` may not.
enum AppleRSSReader {
    static let shape = "{feed: {title, country, updated, results: [{id, name, artistName, artworkUrl100, …}]}}"

    static func claims(_ root: JSONValue) -> Bool {
        guard root.kind == .object, let feed = root["feed"], feed.kind == .object else { return false }
        return feed["results"]?.kind == .array && feed["title"]?.kind == .string
    }

    static func read(_ root: JSONValue, path: String) throws -> ChartFeed {
        guard claims(root), let feed = root["feed"], let results = feed["results"]?.array else {
            throw ShapeError(path: path, reason: "expected an Apple RSS feed \(shape); found keys \(root.keyList)")
        }
        let base = path + ".feed"
        var entries: [ChartEntry] = []
        entries.reserveCapacity(results.count)
        for (index, value) in results.enumerated() {
            entries.append(try entry(value, rank: index + 1, path: "\(base).results[\(index)]"))
        }
        let feedURL = ChartFields.web(feed["id"]?.string) ?? link(feed["links"], "self")
        let kinds = entries.compactMap(\.kind)
        let mediaType = kinds.first.map(ChartFields.mediaType)
            ?? feedURL.map { String($0.split(separator: "/").last?.split(separator: ".").first ?? "") }.map(ChartFields.mediaType)
            ?? "unknown"
        let title = ChartFields.clean(feed["title"]?.string) ?? "Top " + mediaType
        let country = ChartFields.clean(feed["country"]?.string)?.lowercased() ?? feedURL.flatMap(country(inGeneratorURL:))
        let updatedText = ChartFields.clean(feed["updated"]?.string)
        return ChartFeed(
            key: ChartFields.chartKey(feedURL: feedURL, title: title, country: country, mediaType: mediaType),
            feedURL: feedURL, title: title, mediaType: mediaType, country: country,
            updatedAt: updatedText.flatMap(ChartFields.timestamp), updatedText: updatedText,
            storeURL: link(feed["links"], "alternate"), rights: ChartFields.clean(feed["copyright"]?.string),
            entries: entries)
    }

    private static func entry(_ value: JSONValue, rank: Int, path: String) throws -> ChartEntry {
        guard value.kind == .object else {
            throw ShapeError(path: path, reason: "expected a result object, found \(value.kind.described)")
        }
        guard let id = value["id"]?.identifier else {
            throw ShapeError(path: path + ".id", reason: "expected the item's id as a string")
        }
        guard let name = ChartFields.clean(value["name"]?.string) else {
            throw ShapeError(path: path + ".name", reason: "expected the item's name as a string")
        }
        var images: [ChartImage] = []
        if let url = ChartFields.web(value["artworkUrl100"]?.string) {
            // The field says 100, but the v1 generator's URLs point at 200x200bb: the URL is right.
            let size = ChartFields.sizeInURL(url) ?? (100, 100)
            images.append(ChartImage(url: url, width: size.width, height: size.height))
        }
        var advisory = ChartFields.clean(value["contentAdvisoryRating"]?.string)
        if advisory == "Explict" { advisory = "Explicit" }
        let genres = value["genres"]?.array.map { Array($0) } ?? []
        // A genre list ends with the store's umbrella ("Music"); the first is the precise one.
        let category = genres.lazy.compactMap { ChartFields.clean($0["name"]?.string) }.first
        return ChartEntry(
            id: id, rank: rank, name: name,
            artist: ChartFields.clean(value["artistName"]?.string),
            artistURL: ChartFields.web(value["artistUrl"]?.string),
            kind: ChartFields.clean(value["kind"]?.string),
            category: category,
            releaseDate: ChartFields.day(value["releaseDate"]?.string),
            rights: ChartFields.clean(value["copyright"]?.string),
            storeURL: ChartFields.web(value["url"]?.string),
            images: images, advisory: advisory,
            collection: ChartFields.clean(value["collectionName"]?.string))
    }

    /// `links: [{self: url}, {alternate: url}]`.
    private static func link(_ links: JSONValue?, _ rel: StaticString) -> String? {
        guard let list = links?.elements else { return nil }
        for item in list { if let url = ChartFields.web(item[rel]?.string) { return url } }
        return nil
    }

    /// `…/api/v2/us/music/…` → "us".
    private static func country(inGeneratorURL url: String) -> String? {
        let segments = url.split(separator: "/")
        guard let api = segments.firstIndex(where: { $0 == "v1" || $0 == "v2" }), api + 1 < segments.count else { return nil }
        let code = segments[api + 1]
        return code.count == 2 ? code.lowercased() : nil
    }
}
