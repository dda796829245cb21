extension Routes {
    /// The page hosts show for a missing address; its links start from the site's root path.
    public static let notFound = "404.html"
    /// Every page's absolute URL, written only when the site has a base URL.
    public static let sitemap = "sitemap.xml"
    /// Allows crawling and points to the sitemap.
    public static let robots = "robots.txt"
}
