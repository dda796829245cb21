/// Turns an `Encodable` page model into dictionaries, arrays and scalars for swift-mustache.
///
/// swift-mustache reads dictionaries directly but structs through `Mirror`, whose runtime type
/// lookups dominated rendering. Encoding each model once keeps models plain Swift values and
/// rendering fast. A nil optional is left out, as `Mirror` did. Whole numbers become
/// `TemplateInteger`s, which templates can group and pluralise.
enum MustacheValueEncoder {
    static func encode(_ value: any Encodable) throws -> Any {
        let encoder = ValueEncoder(standIn: nil)
        try value.encode(to: encoder)
        return encoder.storage.value
    }

    /// The model with its values replaced by placeholders, or its runs cut, as `standIn` says
    /// (`TemplateSkeletons` makes a skeleton from it).
    static func encode(_ value: any Encodable, standIn: TemplateSkeletons.StandIn) throws -> Any {
        let encoder = ValueEncoder(standIn: standIn)
        try value.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A slot an encoder writes one value into; containers mutate it in place (no copy per key).
private final class Box {
    var dictionary: [String: Any]? = nil
    var array: [Any]? = nil
    var single: Any? = nil

    /// For a list being made into stand-ins: the run's number when it is one, and how many of
    /// its items were met.
    var run: Int?
    var seen = 0

    var value: Any { dictionary ?? array ?? single ?? [String: Any]() }
}

private final class ValueEncoder: Encoder {
    let storage = Box()
    let standIn: TemplateSkeletons.StandIn?
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(standIn: TemplateSkeletons.StandIn?) {
        self.standIn = standIn
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Room for a dozen keys, most models' (a People table row has eight): reserving room for
        // sixteen doubled each of a 14,000-row table's dictionaries, a fifth of a rebuild's peak.
        if storage.dictionary == nil { storage.dictionary = Dictionary(minimumCapacity: 12) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: storage, standIn: standIn))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.array == nil {
            storage.array = []
            storage.run = standIn?.openList()
        }
        return UnkeyedContainer(box: storage, standIn: standIn)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: storage, standIn: standIn)
    }
}

/// Encodes a nested value into its own box and returns what it became.
private func nested<Value: Encodable>(_ value: Value, _ standIn: TemplateSkeletons.StandIn?) throws -> Any {
    // The type, not the value, is asked: a dynamic cast per value (`as?`) stood out in profiles.
    if Value.self == String.self { return standIn?.text(unsafeBitCast(value, to: String.self)) ?? value }
    if Value.self == Bool.self { return value }
    if Value.self == Int.self { return integer(unsafeBitCast(value, to: Int.self), standIn) }
    if Value.self == Int64.self {
        let number = unsafeBitCast(value, to: Int64.self)
        return standIn?.text(String(number)) ?? number
    }
    let encoder = ValueEncoder(standIn: standIn)
    try value.encode(to: encoder)
    return encoder.storage.value
}

private func integer(_ number: Int, _ standIn: TemplateSkeletons.StandIn?) -> Any {
    standIn?.integer(number) ?? TemplateInteger(value: number)
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let standIn: TemplateSkeletons.StandIn?
    var codingPath: [any CodingKey] = []

    private func set(_ value: Any, _ key: Key) {
        box.dictionary![key.stringValue] = value
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(standIn?.text(value) ?? value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(integer(value, standIn), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(standIn?.text(String(value)) ?? value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try nested(value, standIn), key) }

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
    let standIn: TemplateSkeletons.StandIn?
    var codingPath: [any CodingKey] = []
    var count: Int { box.array!.count }

    /// Appends an item, or for a run being made into stand-ins, `items` stand-ins made from its
    /// first item (or with values kept, its first `items` items).
    private func append<T: Encodable>(_ value: T) throws {
        guard let run = box.run, let standIn else {
            box.array!.append(try nested(value, standIn))
            return
        }
        defer { box.seen += 1 }
        if standIn.keepingValues {
            // An item's HTML fragments take numbers in the page's table, and the values after the
            // run must be numbered as the model's own encoding numbered them: the items past the
            // cut reserve the numbers the walk saw them take, or (not told) are encoded and dropped.
            if box.seen >= standIn.items, let skipped = standIn.skippedFragments {
                if box.seen == standIn.items { HTMLFragment.table?.reserve(skipped[run]) }
                return
            }
            let item = try standIn.item(box.seen, of: run) { try nested(value, standIn) }
            if box.seen < standIn.items { box.array!.append(item) }
        } else if box.seen == 0 {
            for item in 0..<standIn.items { box.array!.append(try standIn.item(item, of: run) { try nested(value, standIn) }) }
        }
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try append(value) }
    mutating func encode(_ value: String) throws { try append(value) }
    mutating func encode(_ value: Int) throws { try append(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try append(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        fatalError("page models do not use nested containers")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("page models do not use nested containers") }
    mutating func superEncoder() -> any Encoder { fatalError("page models do not use superEncoder") }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: Box
    let standIn: TemplateSkeletons.StandIn?
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws { box.single = Optional<Any>.none as Any }
    mutating func encode(_ value: Bool) throws { box.single = value }
    mutating func encode(_ value: String) throws { box.single = standIn?.text(value) ?? value }
    mutating func encode(_ value: Int) throws { box.single = integer(value, standIn) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.single = try nested(value, standIn) }
}
