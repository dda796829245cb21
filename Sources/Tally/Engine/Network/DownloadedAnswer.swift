import Foundation

/// A 2xx answer: its body and headers (names in lower case, repeated ones joined by ", ").
public struct DownloadedAnswer: Sendable {
    public var body: Data
    public var headers: [String: String]

    public init(body: Data, headers: [String: String] = [:]) {
        self.body = body
        self.headers = headers
    }

    /// The `rel="next"` target of the `Link` header (RFC 8288), resolved against `url`.
    public func nextLink(from url: URL) -> URL? {
        guard let link = headers["link"] else { return nil }
        for part in Self.linkValues(link) {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">"), open < close else { continue }
            let parameters = part[part.index(after: close)...].split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "\"", with: "")
            }
            guard parameters.contains(where: { $0.hasPrefix("rel=") && $0.dropFirst(4).split(separator: " ").contains("next") }) else { continue }
            return URL(string: String(part[part.index(after: open)..<close]), relativeTo: url)?.absoluteURL
        }
        return nil
    }

    /// The link values of a header, split at the commas between them (a URL may hold commas
    /// only inside its `<…>`).
    private static func linkValues(_ header: String) -> [Substring] {
        var values: [Substring] = []
        var start = header.startIndex, inside = false
        for index in header.indices {
            switch header[index] {
            case "<": inside = true
            case ">": inside = false
            case "," where !inside:
                values.append(header[start..<index])
                start = header.index(after: index)
            default: break
            }
        }
        values.append(header[start...])
        return values
    }
}
