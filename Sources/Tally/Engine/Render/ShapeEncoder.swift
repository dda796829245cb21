/// Walks an `Encodable` page model into a `TemplateSkeletons.Walk`: its shape hashed as it is
/// encoded, its text values collected, each list's items walked on their own to tell a run.
///
/// Every value becomes what `MustacheValueEncoder` makes of it (a nil optional is left out, a
/// whole number is a `TemplateInteger`), so a shape stands for one rendering of the template; a
/// value that encoder keeps but the skeletons do not take (a fraction, a nil given as a value)
/// makes the model unusable, and it renders directly.
final class ShapeEncoder: Encoder {
    /// The walk a value writes into: a list item's own, or the one its value is nested in.
    final class Box {
        var walk = TemplateSkeletons.Walk()
        var usable = true
        /// How deep the values being encoded are nested: a value that encodes itself as a value
        /// of its own type (a number type the encoders do not name) would recurse for ever.
        var depth = 0
    }

    private enum Opened { case nothing, keyed, list, single }

    let box: Box
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private var opened = Opened.nothing
    // A list's place among the walk's decisions (reserved as it begins), and its items' walks.
    private var slot = 0
    fileprivate var items: [TemplateSkeletons.Walk] = []

    init(box: Box) {
        self.box = box
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(.keyed)
        return KeyedEncodingContainer(ShapeKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(.list)
        return ShapeUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        open(.single)
        return ShapeSingleContainer(box: box)
    }

    private func open(_ kind: Opened) {
        if opened == kind { return }
        guard opened == .nothing else {
            box.usable = false
            return
        }
        opened = kind
        switch kind {
        case .keyed:
            box.walk.hasher.add(UInt8(ascii: "{"))
        case .list:
            slot = box.walk.decisions.count
            box.walk.decisions.append(false)
        case .nothing, .single:
            break
        }
    }

    /// Ends the value: what it opened is closed in the walk (a value that opened nothing is an
    /// empty dictionary, as `MustacheValueEncoder` makes it).
    func close() {
        switch opened {
        case .nothing:
            box.walk.hasher.add(UInt8(ascii: "{"))
            box.walk.hasher.add(UInt8(ascii: "}"))
        case .keyed:
            box.walk.hasher.add(UInt8(ascii: "}"))
        case .list:
            box.walk.list(items, slot: slot)
        case .single:
            break
        }
    }

    /// Writes `value` into `box`'s walk: the scalars at once, any other value through an encoder
    /// of its own sharing the walk.
    static func write<Value: Encodable>(_ value: Value, into box: Box) throws {
        // The type, not the value, is asked: a dynamic cast per value stood out in profiles.
        if Value.self == String.self {
            box.walk.text(unsafeBitCast(value, to: String.self))
        } else if Value.self == Int.self {
            box.walk.integer(unsafeBitCast(value, to: Int.self))
        } else if Value.self == Bool.self {
            box.walk.flag(unsafeBitCast(value, to: Bool.self))
        } else if Value.self == Int64.self {
            box.walk.text(String(unsafeBitCast(value, to: Int64.self)))
        } else if Value.self == Double.self || box.depth > 64 {
            box.usable = false
        } else {
            box.depth += 1
            defer { box.depth -= 1 }
            let encoder = ShapeEncoder(box: box)
            try value.encode(to: encoder)
            encoder.close()
        }
    }

    /// Writes one item of a list into a walk of its own.
    fileprivate func item<Value: Encodable>(_ value: Value) throws {
        let itemBox = Box()
        itemBox.depth = box.depth
        try Self.write(value, into: itemBox)
        if !itemBox.usable { box.usable = false }
        // Where the page's fragment numbers stood after the item: a run's check cut after its
        // third item reserves the numbers of the rest (`Walk.fragmentsPastCheck`).
        itemBox.walk.fragmentsAtEnd = HTMLFragment.table?.count ?? 0
        items.append(itemBox.walk)
    }
}

private struct ShapeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ShapeEncoder
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) {
        encoder.box.walk.hasher.add(key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        encoder.box.walk.flag(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        encoder.box.walk.text(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        encoder.box.walk.integer(value)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        encoder.box.walk.text(String(value))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.box.usable = false }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try ShapeEncoder.write(value, into: encoder.box)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        fatalError("page models do not use nested containers")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        fatalError("page models do not use nested containers")
    }

    mutating func superEncoder() -> any Encoder { fatalError("page models do not use superEncoder") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("page models do not use superEncoder") }
}

private struct ShapeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ShapeEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.items.count }

    mutating func encodeNil() throws { encoder.box.usable = false }
    mutating func encode(_ value: Bool) throws { try encoder.item(value) }
    mutating func encode(_ value: String) throws { try encoder.item(value) }
    mutating func encode(_ value: Int) throws { try encoder.item(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.item(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        fatalError("page models do not use nested containers")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("page models do not use nested containers") }
    mutating func superEncoder() -> any Encoder { fatalError("page models do not use superEncoder") }
}

private struct ShapeSingleContainer: SingleValueEncodingContainer {
    let box: ShapeEncoder.Box
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { box.usable = false }
    mutating func encode(_ value: Bool) throws { box.walk.flag(value) }
    mutating func encode(_ value: String) throws { box.walk.text(value) }
    mutating func encode(_ value: Int) throws { box.walk.integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try ShapeEncoder.write(value, into: box) }
}
