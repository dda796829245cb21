/// Turns an `Encodable` page model into dictionaries, arrays and scalars for swift-mustache.
///
/// swift-mustache reads dictionaries directly but structs through `Mirror`, whose runtime type
/// lookups dominated rendering. Encoding each model once keeps models plain Swift values and
/// rendering fast. A nil optional is left out, as `Mirror` did. Whole numbers become
/// `TemplateInteger`s, which templates can group and pluralise.
enum MustacheValueEncoder {
    static func encode(_ value: any Encodable) throws -> Any {
        let encoder = ValueEncoder()
        try value.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A slot an encoder writes one value into; containers mutate it in place (no copy per key).
private final class Box {
    var dictionary: [String: Any]? = nil
    var array: [Any]? = nil
    var single: Any? = nil

    var value: Any { dictionary ?? array ?? single ?? [String: Any]() }
}

private final class ValueEncoder: Encoder {
    let storage = Box()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Room for a dozen keys, most models' (a People table row has eight): reserving room for
        // sixteen doubled each of a 14,000-row table's dictionaries, a fifth of a rebuild's peak.
        if storage.dictionary == nil { storage.dictionary = Dictionary(minimumCapacity: 12) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.array == nil { storage.array = [] }
        return UnkeyedContainer(box: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: storage)
    }
}

/// Encodes a nested value into its own box and returns what it became.
private func nested<Value: Encodable>(_ value: Value) throws -> Any {
    // The type, not the value, is asked: a dynamic cast per value (`as?`) stood out in profiles.
    if Value.self == String.self || Value.self == Bool.self { return value }
    if Value.self == Int.self { return TemplateInteger(value: unsafeBitCast(value, to: Int.self)) }
    let encoder = ValueEncoder()
    try value.encode(to: encoder)
    return encoder.storage.value
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    var codingPath: [any CodingKey] = []

    private func set(_ value: Any, _ key: Key) {
        box.dictionary![key.stringValue] = value
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(TemplateInteger(value: value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try nested(value), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fatalError("page models do not use nested containers")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fatalError("page models do not use nested containers")
    }

    mutating func superEncoder() -> any Encoder { fatalError("page models do not use superEncoder") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("page models do not use superEncoder") }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey] = []
    var count: Int { box.array!.count }

    private func append(_ value: Any) {
        box.array!.append(value)
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { append(value) }
    mutating func encode(_ value: String) throws { append(value) }
    mutating func encode(_ value: Int) throws { append(TemplateInteger(value: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try nested(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        fatalError("page models do not use nested containers")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("page models do not use nested containers") }
    mutating func superEncoder() -> any Encoder { fatalError("page models do not use superEncoder") }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { box.single = Optional<Any>.none as Any }
    mutating func encode(_ value: Bool) throws { box.single = value }
    mutating func encode(_ value: String) throws { box.single = value }
    mutating func encode(_ value: Int) throws { box.single = TemplateInteger(value: value) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.single = try nested(value) }
}
