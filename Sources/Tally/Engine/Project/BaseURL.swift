import Foundation

/// The site's public address, as `--base-url` or `base_url` give it: an absolute http(s) URL with
/// a host, kept with a trailing slash so page paths can follow it.
///
/// It is used only for what must be absolute (canonical and Open Graph URLs, `sitemap.xml`,
/// `robots.txt`, the 404 page's links); every other link stays relative.
public struct BaseURL: Sendable, Equatable, CustomStringConvertible {
    /// `https://example.org/dash/`: always ends in `/`.
    public let string: String
    /// The path part, `/dash/`: the 404 page's links start with it, so they work at any depth.
    public let path: String

    /// Checks `text` and normalises it; throws `BaseURLError` saying what was expected.
    public init(validating text: String) throws {
        let trimmed = text.trimmingSpaces
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else {
            throw BaseURLError(value: text, reason: "it does not start with http:// or https://")
        }
        guard let host = components.host, !host.isEmpty, trimmed.lowercased().hasPrefix(scheme + "://") else {
            throw BaseURLError(value: text, reason: "it names no host")
        }
        guard components.user == nil, components.password == nil else {
            throw BaseURLError(value: text, reason: "it carries a user name or password")
        }
        guard components.query == nil, components.fragment == nil else {
            throw BaseURLError(value: text, reason: "it has a query or fragment (?… or #…)")
        }
        guard Routes.external(trimmed) == trimmed else {
            throw BaseURLError(value: text, reason: "it holds characters a URL cannot (spaces, quotes, angle brackets…)")
        }
        var path = components.percentEncodedPath
        if !path.hasSuffix("/") { path += "/" }
        let port = components.port.map { ":\($0)" } ?? ""
        self.path = path
        self.string = "\(scheme)://\(host.lowercased())\(port)\(path)"
    }

    /// The absolute URL of an output path (`searches/index.html` → `https://…/dash/searches/`):
    /// a page's `index.html` is left off, as hosts serve it for the folder.
    public func url(for outputPath: String) -> String {
        string + Self.pretty(outputPath)
    }

    /// `a/b/index.html` → `a/b/`, `index.html` → ``; other paths as they are.
    static func pretty(_ outputPath: String) -> String {
        if outputPath == "index.html" { return "" }
        if outputPath.hasSuffix("/index.html") { return String(outputPath.dropLast("index.html".count)) }
        return outputPath
    }

    public var description: String { string }
}

/// A base URL that is not an absolute http(s) URL.
public struct BaseURLError: Error, Sendable, CustomStringConvertible {
    public var value: String
    public var reason: String
    public var description: String {
        "base URL \"\(value)\" is not usable: \(reason); expected an absolute http(s) URL such as https://example.org/dashboard/"
    }
}
