import Foundation

/// The addresses a fetch asks: a server the user named, and an API's URL on it.
public enum APIEndpoint {
    /// The server's base URL with `path` and `query` added (`path` starts with `/`).
    static func url(_ server: URL, _ path: String, _ query: [(String, String)]) throws -> URL {
        guard var parts = URLComponents(url: server, resolvingAgainstBaseURL: false) else {
            throw APIError(url: server.absoluteString, reason: "not a URL to fetch from")
        }
        parts.path = (parts.path.hasSuffix("/") ? String(parts.path.dropLast()) : parts.path) + path
        parts.queryItems = query.isEmpty ? nil : query.map { URLQueryItem(name: $0.0, value: $0.1) }
        // `+` in a query means a space to many servers; a literal plus must be escaped.
        parts.percentEncodedQuery = parts.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = parts.url else { throw APIError(url: server.absoluteString, reason: "not a URL to fetch from") }
        return url
    }

    /// The server a user named: `--server URL` (http or https, any host) or `--instance HOST` (https).
    public static func server(url: String?, host: String?, default fallback: String?) throws -> URL {
        let given = url ?? host.map { "https://" + $0 } ?? fallback
        guard let given else { throw APIError(url: "", reason: "no server to ask: name it with --instance HOST or --server URL") }
        guard let server = URL(string: given), let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let name = server.host, !name.isEmpty else {
            throw APIError(url: given, reason: "not an http or https URL of a server")
        }
        return server
    }
}
