/// The charts' pages and links.
extension Routes {
    /// Every chart, as cards.
    public static let charts = "charts/index.html"
    /// The theme's default artwork, for items with none or whose artwork fails to load.
    public static let defaultArtwork = asset("artwork.svg")

    /// One chart's current ranking.
    public static func chart(key: String) -> String { "charts/\(slug(key))/index.html" }
    /// One chart item.
    public static func chartItem(_ id: String) -> String { "charts/items/\(idSlug(id))/index.html" }
    /// The cover made for an item the feed gives no artwork for (`GeneratedCover`), beside its page.
    public static func chartItemCover(_ id: String) -> String { "charts/items/\(idSlug(id))/cover.svg" }
    /// An item's rank history in one chart, as an SVG image beside its page.
    public static func chartItemHistory(_ id: String, chartKey: String) -> String {
        "charts/items/\(idSlug(id))/rank-\(slug(chartKey)).svg"
    }

    /// Share links for a URL and a title: mail, X, Facebook, LinkedIn, Reddit.
    public static func shareLinks(url: String, title: String) -> [(name: String, href: String)] {
        let u = percentEncodeComponent(url)
        let t = percentEncodeComponent(title)
        return [
            ("Email", "mailto:?subject=\(t)&body=\(u)"),
            ("X", "https://twitter.com/intent/tweet?text=\(t)&url=\(u)"),
            ("Facebook", "https://www.facebook.com/sharer/sharer.php?u=\(u)"),
            ("LinkedIn", "https://www.linkedin.com/sharing/share-offsite/?url=\(u)"),
            ("Reddit", "https://www.reddit.com/submit?url=\(u)&title=\(t)"),
        ].compactMap { name, href in external(href).map { (name, $0) } }
    }
}
