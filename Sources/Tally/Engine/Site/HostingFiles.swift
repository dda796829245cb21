/// The files static hosts and crawlers look for at the site's root: `robots.txt` always,
/// `sitemap.xml` when the base URL is known (a sitemap holds absolute URLs only).
public enum HostingFiles {
    /// `sitemap.xml` and `robots.txt` for the pages at `pagePaths` (output paths), in that order.
    public static func make(pagePaths: [String], baseURL: String?) -> [OutputFile] {
        guard let base = baseURL.flatMap({ try? BaseURL(validating: $0) }) else {
            return [OutputFile(path: Routes.robots, bytes: Array("User-agent: *\nAllow: /\n".utf8))]
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for path in pagePaths where path != Routes.notFound {
            xml += "<url><loc>\(escapeXML(base.url(for: path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        let robots = "User-agent: *\nAllow: /\nSitemap: \(base.url(for: Routes.sitemap))\n"
        return [OutputFile(path: Routes.sitemap, bytes: Array(xml.utf8)), OutputFile(path: Routes.robots, bytes: Array(robots.utf8))]
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
