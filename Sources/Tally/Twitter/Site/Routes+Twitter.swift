/// The Twitter source's pages and its links to twitter.com.
extension Routes {
    /// The history of searches.
    public static let searches = "searches/index.html"

    /// The folder of a term's search on its network: `searches/<term>/` on Twitter (as before
    /// there were networks), `searches/<term>/mastodon/` and `…/bluesky/` on the others. A term
    /// slug is one segment, so no term's folder can be another's network folder.
    static func searchFolder(_ term: SearchTerm) -> String {
        "searches/\(slug(term.folded))" + (term.network == .twitter ? "" : "/\(term.network.rawValue)")
    }
    /// A term's popularity page on its network.
    public static func popularity(_ term: SearchTerm) -> String { "\(searchFolder(term))/index.html" }
    /// A popularity table written as data (`hashtags.csv`, `users.json`…) beside its page.
    public static func popularityData(_ term: SearchTerm, kind: TextEntity.Kind, format: String) -> String {
        "\(searchFolder(term))/\(kind == .hashtag ? "hashtags" : "users").\(format)"
    }
    /// The list of a term's tweets.
    public static func termTweets(_ term: SearchTerm, page: Int? = nil) -> String { paged("\(searchFolder(term))/tweets", page) }

    /// The combined page of a term searched on several networks (`folded`, the term folded).
    public static func popularityEverywhere(_ folded: String) -> String { "searches/\(slug(folded))/everywhere/index.html" }
    /// A combined popularity table written as data beside its page.
    public static func popularityEverywhereData(_ folded: String, kind: TextEntity.Kind, format: String) -> String {
        "searches/\(slug(folded))/everywhere/\(kind == .hashtag ? "hashtags" : "users").\(format)"
    }
    /// The list of the posts every search of a term found, each once.
    public static func everywhereTweets(_ folded: String, page: Int? = nil) -> String { paged("searches/\(slug(folded))/everywhere/tweets", page) }
    /// One tweet.
    public static func tweet(_ id: String) -> String { "tweets/\(idSlug(id))/index.html" }

    /// A hashtag's page on the web, for hashtags with no search of their own yet.
    public static func hashtagOnWeb(_ tag: String) -> String {
        external("https://twitter.com/hashtag/" + percentEncodeComponent(tag))!
    }

    /// A user's profile on the web.
    public static func userOnWeb(_ screenName: String) -> String {
        external("https://twitter.com/" + percentEncodeComponent(screenName))!
    }

    /// A tweet on the web.
    public static func tweetOnWeb(_ id: String, screenName: String?) -> String {
        // With no known author, Twitter's own form: `i/web` is a path, not one encoded segment.
        external("https://twitter.com/\(screenName.map(percentEncodeComponent) ?? "i/web")/status/\(percentEncodeComponent(id))")!
    }
}

/// People, hashtags, timelines, the list of every tweet, and pictures.
extension Routes {
    /// A paged list's page: `folder/index.html` (nil) shows its newest items; page `n` (counted
    /// from the oldest, from 1) is `folder/n/index.html`, so new items never renumber a page.
    static func paged(_ folder: String, _ page: Int?) -> String {
        page.map { "\(folder)/\($0)/index.html" } ?? "\(folder)/index.html"
    }

    /// Every stored tweet, newest first, in pages.
    public static func allTweets(page: Int? = nil) -> String { paged("all-tweets", page) }

    /// Every stored picture, newest first, in pages.
    public static func gallery(page: Int? = nil) -> String { paged("gallery", page) }

    /// Everyone with a page.
    public static let people = "people/index.html"
    /// A person's page and the further pages of their tweets; keyed by screen name, case-blind.
    public static func person(_ screenName: String, page: Int? = nil) -> String { paged(personFolder(screenName), page) }
    /// A person's contact card.
    public static func contactCard(_ screenName: String) -> String { personFolder(screenName) + "/contact.vcf" }
    /// A person's page and contact card at once: the People table links both for every person,
    /// and the name's slug is worked out once.
    static func personPages(_ screenName: String) -> (page: String, contactCard: String) {
        let folder = personFolder(screenName)
        return (paged(folder, nil), folder + "/contact.vcf")
    }
    private static func personFolder(_ screenName: String) -> String { "people/\(slug(screenName.lowercased()))" }

    /// Hashtags seen in two or more tweets.
    public static let hashtags = "hashtags/index.html"
    /// A hashtag's tweets (`folded` is the tag without `#`, lower-cased).
    public static func hashtag(_ folded: String, page: Int? = nil) -> String { paged("hashtags/\(slug(folded))", page) }

    /// The timelines imported.
    public static let timelines = "timelines/index.html"
    /// One timeline's tweets.
    public static func timeline(_ name: String, page: Int? = nil) -> String { paged("timelines/\(slug(name.lowercased()))", page) }

    /// A tweet's picture, fitted and zoomable (`number` from 1).
    public static func tweetImage(_ id: String, number: Int) -> String { "tweets/\(idSlug(id))/images/\(number)/index.html" }

    /// A picture from an imported archive, copied into the site (`name` as the archive has it).
    ///
    /// Only an extension already in lower case (`jpg`, `png`, up to 5 letters or digits) is kept;
    /// any other name is slugged whole, with no extension, so that `a.JPG` and `a.jpg`, or `a.jpeg2000`
    /// and `a`, never share a path.
    public static func archiveMedia(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "media/twitter/\(slug(name))" }
        let ext = name[name.index(after: dot)...]
        let safeExt = !ext.isEmpty && ext.count <= 5 && ext.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }
        return "media/twitter/" + (safeExt ? "\(slug(String(name[..<dot]))).\(ext)" : slug(name))
    }
}
