import Foundation

/// Tells addresses on this machine or a private network from public ones, so that a download a
/// file's data asked for cannot be redirected into the user's own network (a router's admin page,
/// a local service), which the site would then publish.
enum PrivateAddresses {
    /// Where an address leads.
    enum Reach: Equatable {
        case loopback, local, global
    }

    /// The first of `host`'s addresses that is not global, with what it is, as the message's words
    /// (`127.0.0.1 (loopback)`); nil when every address is global or the name does not resolve (the
    /// download then fails on its own).
    static func firstNonGlobal(_ host: String) -> String? {
        for address in resolve(host) {
            switch reach(address) {
            case .global: continue
            case .loopback: return "\(text(address)) (this machine)"
            case .local: return "\(text(address)) (a private, link-local or multicast address)"
            }
        }
        return nil
    }

    /// Whether `host` names this machine only: every address is loopback.
    static func isLoopback(_ host: String) -> Bool {
        let addresses = resolve(host)
        return !addresses.isEmpty && addresses.allSatisfy { reach($0) == .loopback }
    }

    /// Where an address of 4 (IPv4) or 16 (IPv6) bytes leads.
    static func reach(_ b: [UInt8]) -> Reach {
        if b.count == 4 {
            if b[0] == 127 { return .loopback }
            let local = b[0] == 0 || b[0] == 10 || (b[0] == 100 && b[1] & 0xC0 == 64) || (b[0] == 169 && b[1] == 254)
                || (b[0] == 172 && b[1] & 0xF0 == 16) || (b[0] == 192 && b[1] == 168) || (b[0] == 198 && b[1] & 0xFE == 18) || b[0] >= 224
            return local ? .local : .global
        }
        guard b.count == 16 else { return .local }
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] == 1 ? .loopback : .local }
        // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) lead where their IPv4 address does.
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return reach(Array(b[12...])) }
        if b[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return reach(Array(b[12...])) }
        // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
        if b[0] & 0xFE == 0xFC || (b[0] == 0xFE && b[1] & 0xC0 == 0x80) || b[0] == 0xFF { return .local }
        return .global
    }

    /// The host's addresses, as the resolver gives them (an address literal gives itself).
    private static func resolve(_ host: String) -> [[UInt8]] {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [[UInt8]] = []
        var entry = list
        while let current = entry?.pointee {
            if current.ai_family == AF_INET, let raw = current.ai_addr {
                raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    withUnsafeBytes(of: address.pointee.sin_addr) { addresses.append(Array($0)) }
                }
            } else if current.ai_family == AF_INET6, let raw = current.ai_addr {
                raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    withUnsafeBytes(of: address.pointee.sin6_addr) { addresses.append(Array($0)) }
                }
            }
            entry = current.ai_next
        }
        return addresses
    }

    private static func text(_ address: [UInt8]) -> String {
        if address.count == 4 { return address.map(String.init).joined(separator: ".") }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return address.withUnsafeBytes { bytes in
            guard inet_ntop(AF_INET6, bytes.baseAddress, &buffer, socklen_t(buffer.count)) != nil else { return "an IPv6 address" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
