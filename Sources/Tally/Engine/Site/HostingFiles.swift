/// The files static hosts and crawlers look for at the site's root: `robots.txt` always,
/// `sitemap.xml` when the base URL is known (a sitemap holds absolute URLs only).
public enum HostingFiles {
    /// The most URLs one sitemap file may list (sitemaps.org); past it `sitemap.xml` is an index.
    public static let sitemapLimit = 50_000

    /// `sitemap.xml` (and its parts, for a large site) and `robots.txt` for the pages at `pagePaths`.
    public static func make(pagePaths: [String], baseURL: String?, partSize: Int = sitemapLimit) -> [OutputFile] {
        guard let base = baseURL.flatMap({ try? BaseURL(validating: $0) }) else {
            return [OutputFile(path: Routes.robots, bytes: Array("User-agent: *\nAllow: /\n".utf8))]
        }
        let urls = pagePaths.filter { $0 != Routes.notFound }.map { escapeXML(base.url(for: $0)) }
        var files: [OutputFile] = []
        func urlset(_ urls: ArraySlice<String>) -> [UInt8] {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for url in urls { xml += "<url><loc>\(url)</loc></url>\n" }
            return Array((xml + "</urlset>\n").utf8)
        }
        if urls.count <= partSize {
            files.append(OutputFile(path: Routes.sitemap, bytes: urlset(urls[...])))
        } else {
            var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for (number, start) in stride(from: 0, to: urls.count, by: partSize).enumerated() {
                let part = Routes.sitemapPart(number + 1)
                files.append(OutputFile(path: part, bytes: urlset(urls[start..<min(start + partSize, urls.count)])))
                index += "<sitemap><loc>\(escapeXML(base.url(for: part)))</loc></sitemap>\n"
            }
            files.insert(OutputFile(path: Routes.sitemap, bytes: Array((index + "</sitemapindex>\n").utf8)), at: 0)
        }
        let robots = "User-agent: *\nAllow: /\nSitemap: \(base.url(for: Routes.sitemap))\n"
        files.append(OutputFile(path: Routes.robots, bytes: Array(robots.utf8)))
        return files
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
