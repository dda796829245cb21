/// The legacy iTunes RSS JSON, as a format of the charts source.
public struct ITunesRSSFormat: Sendable {
    public init() {}
    public var name: String { "iTunes RSS" }
    public var shape: String { ITunesRSSReader.shape }
    public func claims(_ root: JSONValue) -> Bool { ITunesRSSReader.claims(root) }
    public func read(_ root: JSONValue, path: String) throws -> ChartFeed { try ITunesRSSReader.read(root, path: path) }
}

/// The Apple RSS generator JSON (v1 and the current feeds), as a format of the charts source.
public struct AppleRSSFormat: Sendable {
    public init() {}
    public var name: String { "Apple RSS" }
    public var shape: String { AppleRSSReader.shape }
    public func claims(_ root: JSONValue) -> Bool { AppleRSSReader.claims(root) }
    public func read(_ root: JSONValue, path: String) throws -> ChartFeed { try AppleRSSReader.read(root, path: path) }
}
