/// A file of the built site: its path under the output folder and its bytes.
public struct OutputFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    /// The part of the build that made it (`notes:Notes`, `search`): a rebuild that plans only
    /// what changed keeps the previous build's files of the parts that say so. Set by the build.
    public var section = ""

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The bytes as UTF-8 text.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
