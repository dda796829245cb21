import CSimdJSON
import Foundation

/// Parses JSON with simdjson; the values it returns borrow from it until its next parse.
///
/// One parser is reused for every document of an import, so its buffers are allocated once.
public final class JSONParser {
    private let handle: OpaquePointer

    /// How many readable bytes must follow a buffer passed with `padded: true`.
    public static var padding: Int { Int(sj_padding) }

    /// Creates a parser that refuses documents nested deeper than `maxDepth`.
    public init(maxDepth: Int = 1024) {
        guard let handle = sj_parser_new(maxDepth) else { fatalError("simdjson could not allocate a parser") }
        self.handle = handle
    }

    deinit { sj_parser_free(handle) }

    /// Parses `bytes`; with `padded` the caller guarantees `JSONParser.padding` readable bytes after them.
    public func parse(_ bytes: UnsafeRawBufferPointer, padded: Bool = false) throws -> JSONValue {
        var root = sj_value()
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)!
        let code = sj_parse(handle, base, bytes.count, padded, &root)
        guard code == 0 else { throw JSONSyntaxError(message: String(cString: sj_error_message(code))) }
        return JSONValue(raw: root)
    }

    /// Parses a whole byte array (simdjson copies it into a padded buffer).
    public func parse(_ data: [UInt8]) throws -> JSONValue {
        try data.withUnsafeBytes { try parse($0) }
    }
}

/// simdjson's reason for rejecting a document.
public struct JSONSyntaxError: Error, Sendable {
    public var message: String
}
