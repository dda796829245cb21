/// The legacy iTunes RSS JSON (`itunes.apple.com/us/rss/…/json`).
public struct ITunesRSSFormat: DocumentFormat {
    public init() {}
    public var name: String { "iTunes RSS" }
    public var shape: String { ITunesRSSReader.shape }
    public func claims(_ root: JSONValue) -> Bool { ITunesRSSReader.claims(root) }
    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        try read(root, path: path)
    }
    public func read(_ root: JSONValue, path: String) throws -> ChartFeed { try ITunesRSSReader.read(root, path: path) }
}

/// The Apple RSS generator JSON, v1 (`rss.itunes.apple.com/api/v1`) and current (`rss.applemarketingtools.com/api/v2`).
public struct AppleRSSFormat: DocumentFormat {
    public init() {}
    public var name: String { "Apple RSS" }
    public var shape: String { AppleRSSReader.shape }
    public func claims(_ root: JSONValue) -> Bool { AppleRSSReader.claims(root) }
    public func read(_ root: JSONValue, path: String, options: ImportOptions) throws -> any ImportBatch {
        try read(root, path: path)
    }
    public func read(_ root: JSONValue, path: String) throws -> ChartFeed { try AppleRSSReader.read(root, path: path) }
}

extension ChartFeed: ImportBatch {
    public var itemCount: Int { entries.count }
}
