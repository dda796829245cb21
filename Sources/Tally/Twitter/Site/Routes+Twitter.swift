/// The Twitter source's pages and its links to twitter.com.
extension Routes {
    /// The history of searches.
    public static let searches = "searches/index.html"

    /// A term's popularity page.
    public static func popularity(_ term: SearchTerm) -> String { "searches/\(slug(term.folded))/index.html" }
    /// A popularity table written as data (`hashtags.csv`, `users.json`…) beside its page.
    public static func popularityData(_ term: SearchTerm, kind: TextEntity.Kind, format: String) -> String {
        "searches/\(slug(term.folded))/\(kind == .hashtag ? "hashtags" : "users").\(format)"
    }
    /// The list of a term's tweets.
    public static func termTweets(_ term: SearchTerm) -> String { "searches/\(slug(term.folded))/tweets/index.html" }
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
        external("https://twitter.com/\(percentEncodeComponent(screenName ?? "i/web"))/status/\(percentEncodeComponent(id))")!
    }
}
