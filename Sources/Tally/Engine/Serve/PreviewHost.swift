import Foundation

/// Which `Host` headers the preview answers, against DNS rebinding: a page on another site whose
/// name was made to resolve to this machine sends that name, and gets nothing.
///
/// Accepted: `localhost`, `127.0.0.1`, `[::1]` and the address the server was told to listen on,
/// with the port it listens on or none (a request without a port says port 80, which no browser
/// sends for another port). Listening on every address (`0.0.0.0`, `::`) also accepts any IP
/// address, as typed to reach the machine from another one; a name that is not an address is
/// still refused. A request with no `Host` at all (HTTP/1.0) cannot come from a rebinding.
public struct PreviewHost: Sendable, Equatable {
    /// The `--host` value.
    public var listening: String
    public var port: Int

    public init(listening: String, port: Int) {
        self.listening = listening
        self.port = port
    }

    /// Whether a request with this `Host` header (nil when it has none) is answered.
    public func accepts(_ header: String?) -> Bool {
        guard let header else { return true }
        guard let (name, givenPort) = Self.split(header.lowercased()) else { return false }
        if let givenPort, givenPort != port { return false }
        let own = Self.bracketed(listening.lowercased())
        if ["localhost", "127.0.0.1", "[::1]", own].contains(name) { return true }
        return ["0.0.0.0", "[::]"].contains(own) && Self.isAddress(name)
    }

    /// The name and the port of a `Host` value, or nil when it is malformed.
    static func split(_ value: String) -> (name: String, port: Int?)? {
        var name = value, port: Int?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = String(value[...close])
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = value.lastIndex(of: ":") {
            guard let number = Int(value[value.index(after: colon)...]) else { return nil }
            name = String(value[..<colon])
            port = number
        }
        guard !name.isEmpty, !name.contains(":") || name.hasPrefix("[") else { return nil }
        return (name, port)
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether `name` is an IPv4 address or a bracketed IPv6 one, not a name to look up.
    private static func isAddress(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            var address = in6_addr()
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
        }
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1
    }
}
