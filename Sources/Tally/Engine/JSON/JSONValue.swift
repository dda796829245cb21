import CSimdJSON

/// A JSON value inside the current document of a `JSONParser`.
///
/// Reads never copy until a Swift `String` is asked for. A value must not outlive the next parse.
public struct JSONValue {
    let raw: sj_value

    /// The kinds of JSON value.
    public enum Kind: Sendable {
        case array, object, integer, unsignedInteger, double, string, bool, null
    }

    public var kind: Kind {
        switch sj_type_of(raw) {
        case SJ_ARRAY: return .array
        case SJ_OBJECT: return .object
        case SJ_INT64: return .integer
        case SJ_UINT64: return .unsignedInteger
        case SJ_DOUBLE: return .double
        case SJ_STRING: return .string
        case SJ_BOOL: return .bool
        default: return .null
        }
    }

    /// The field `key` of an object, or nil when this is no object or has no such field.
    public subscript(key: StaticString) -> JSONValue? {
        var out = sj_value()
        let found = key.withUTF8Buffer { name in
            name.withMemoryRebound(to: CChar.self) { sj_object_find(raw, $0.baseAddress, $0.count, &out) }
        }
        return found ? JSONValue(raw: out) : nil
    }

    /// The field `key` of an object, for keys known only at run time.
    public func field(_ key: String) -> JSONValue? {
        var out = sj_value()
        var name = key
        let found = name.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sj_object_find(raw, $0.baseAddress, $0.count, &out) }
        }
        return found ? JSONValue(raw: out) : nil
    }

    /// The string, or nil for any other kind.
    public var string: String? {
        var bytes: UnsafePointer<CChar>?
        var length = 0
        guard sj_string(raw, &bytes, &length), let bytes else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Calls `body` with the string's UTF-8 bytes without copying them.
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R? {
        var bytes: UnsafePointer<CChar>?
        var length = 0
        guard sj_string(raw, &bytes, &length), let bytes else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The number as a signed integer, when it is one exactly.
    public var int64: Int64? {
        var out: Int64 = 0
        return sj_int64(raw, &out) ? out : nil
    }

    /// The number as an unsigned integer, when it is one exactly.
    public var uint64: UInt64? {
        var out: UInt64 = 0
        return sj_uint64(raw, &out) ? out : nil
    }

    /// Any number as a double.
    public var double: Double? {
        var out: Double = 0
        return sj_double(raw, &out) ? out : nil
    }

    public var bool: Bool? {
        var out = false
        return sj_bool(raw, &out) ? out : nil
    }

    public var isNull: Bool { sj_type_of(raw) == SJ_NULL }

    /// The elements of an array, or nil when this is no array.
    public var array: JSONArray? {
        var iter = sj_iter()
        return sj_array_begin(raw, &iter) ? JSONArray(start: iter, count: sj_array_count(raw)) : nil
    }

    /// The fields of an object in document order, or nil when this is no object.
    public var fields: JSONFields? {
        var iter = sj_iter()
        return sj_object_begin(raw, &iter) ? JSONFields(start: iter) : nil
    }

    /// The first key that appears twice in any object under this value, with the object's path,
    /// both with control characters escaped for messages.
    public var duplicateKey: (path: String, key: String)? {
        var path = [CChar](repeating: 0, count: 512)
        var key = [CChar](repeating: 0, count: 256)
        guard sj_find_duplicate_key(raw, &path, path.count, &key, key.count) else { return nil }
        return (String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).escapingControls(),
                String(decoding: key.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).escapingControls())
    }

    /// An integer written either as a JSON number or as a decimal string (archives write every
    /// number as a string).
    public var integerLike: Int64? {
        if let value = int64 { return value }
        if let text = string { return Int64(text) }
        if let value = double, value.rounded() == value, abs(value) < 9e15 { return Int64(value) }
        return nil
    }

    /// An identifier written as a string or as an integer.
    public var identifier: String? {
        if let text = string { return text.isEmpty ? nil : text }
        if let value = uint64 { return String(value) }
        if let value = int64 { return String(value) }
        return nil
    }
}

/// The elements of a JSON array, in order.
public struct JSONArray: Sequence {
    let start: sj_iter
    /// How many elements the array has.
    public let count: Int

    public struct Iterator: IteratorProtocol {
        var iter: sj_iter
        public mutating func next() -> JSONValue? {
            var out = sj_value()
            return sj_array_next(&iter, &out) ? JSONValue(raw: out) : nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(iter: start) }
}

/// The fields of a JSON object, in document order.
public struct JSONFields: Sequence {
    let start: sj_iter

    public struct Iterator: IteratorProtocol {
        var iter: sj_iter
        public mutating func next() -> (key: String, value: JSONValue)? {
            var key: UnsafePointer<CChar>?
            var length = 0
            var out = sj_value()
            guard sj_object_next(&iter, &key, &length, &out), let key else { return nil }
            return (String(decoding: UnsafeRawBufferPointer(start: key, count: length), as: UTF8.self), JSONValue(raw: out))
        }
    }

    public func makeIterator() -> Iterator { Iterator(iter: start) }
}
