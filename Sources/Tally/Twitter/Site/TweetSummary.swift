/// A tweet as lists and tweet pages show it: author, date, and text in linked segments.
public struct TweetSummary: Encodable, Sendable, Equatable {
    public var id: String
    public var href: String
    public var authorName: String
    public var authorHandle: String?
    public var authorHref: String?
    public var avatarURL: String?
    public var date: String
    public var dateISO: String
    public var segments: [TextSegment]
    public var webHref: String

    /// Builds the summary for the page at `page`; `terms` finds a hashtag's own search, if any.
    init(_ tweet: StoredTweet, from page: String, terms: TermIndex) {
        id = tweet.id
        href = Routes.relative(from: page, to: Routes.tweet(tweet.id))
        authorName = tweet.author?.name ?? "Unknown author"
        authorHandle = tweet.author?.screenName
        authorHref = tweet.author.map { Routes.userOnWeb($0.screenName) }
        avatarURL = tweet.author?.avatarURL.flatMap(Routes.external)
        date = UTCTime.format(tweet.createdAt)
        dateISO = UTCTime.iso(tweet.createdAt)
        webHref = Routes.tweetOnWeb(tweet.id, screenName: tweet.author?.screenName)
        segments = TweetSummary.segments(tweet.text, from: page, terms: terms)
    }

    /// Splits the text at its placed entities; entities out of bounds or overlapping are left as text.
    static func segments(_ text: TweetText, from page: String, terms: TermIndex) -> [TextSegment] {
        let scalars = Array(text.text.unicodeScalars)
        func slice(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }
        var result: [TextSegment] = []
        var cursor = 0
        let placed = text.entities.compactMap { entity in entity.range.map { (entity, $0) } }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        for (entity, range) in placed where range.lowerBound >= cursor && range.upperBound <= scalars.count && !range.isEmpty {
            if range.lowerBound > cursor { result.append(TextSegment(text: slice(cursor..<range.lowerBound), href: nil, kind: nil)) }
            let shown = slice(range)
            switch entity.kind {
            case .hashtag:
                let href = terms.term(forHashtag: entity.folded).map { Routes.relative(from: page, to: Routes.popularity($0)) }
                result.append(TextSegment(text: shown, href: href ?? Routes.hashtagOnWeb(entity.value), kind: "hashtag"))
            case .user:
                result.append(TextSegment(text: shown, href: Routes.userOnWeb(entity.value), kind: "user"))
            case .url:
                let target = Routes.external(entity.expandedURL ?? entity.value) ?? Routes.external(entity.value)
                result.append(TextSegment(text: entity.displayURL ?? shown, href: target, kind: target == nil ? nil : "url"))
            }
            cursor = range.upperBound
        }
        if cursor < scalars.count { result.append(TextSegment(text: slice(cursor..<scalars.count), href: nil, kind: nil)) }
        return result
    }
}

/// Finds the search, if any, that a hashtag stands for (`#swift` or `swift`).
struct TermIndex {
    private var byFolded: [String: SearchTerm] = [:]

    init(_ terms: [SearchTerm]) {
        for term in terms { byFolded[term.folded] = term }
    }

    func term(forHashtag folded: String) -> SearchTerm? {
        byFolded["#" + folded] ?? byFolded[folded]
    }
}
