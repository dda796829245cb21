extension Routes {
    /// The page hosts show for a missing address; its links start from the site's root path.
    public static let notFound = "404.html"
    /// Every page's absolute URL, written only when the site has a base URL.
    public static let sitemap = "sitemap.xml"
    /// One part of a sitemap too large for one file (`sitemap-1.xml`…), listed by `sitemap.xml`.
    public static func sitemapPart(_ number: Int) -> String { "sitemap-\(number).xml" }
    /// Allows crawling and points to the sitemap.
    public static let robots = "robots.txt"
}
