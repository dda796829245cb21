/// Writes a `ShapeWalkable` model's walk: the same marks, keys, values and lists that
/// `ShapeEncoder` writes for the model's `Encodable` conformance.
struct ShapeWalker {
    var walk = TemplateSkeletons.Walk()

    /// The walk of `model`.
    static func walk(_ model: some ShapeWalkable) throws -> TemplateSkeletons.Walk {
        var walker = ShapeWalker()
        try model.walkShape(&walker)
        return walker.walk
    }

    /// A keyed value: its fields between the marks that open and close one.
    mutating func object(_ fields: (inout ShapeWalker) throws -> Void) rethrows {
        walk.hasher.add(UInt8(ascii: "{"))
        try fields(&self)
        walk.hasher.add(UInt8(ascii: "}"))
    }

    /// A value that is one text (an HTML fragment's token).
    mutating func text(_ value: String) {
        walk.text(value)
    }

    mutating func text(_ key: String, _ value: String) {
        walk.hasher.add(key: key)
        walk.text(value)
    }

    /// A text that may be absent: left out with its key when nil.
    mutating func text(_ key: String, _ value: String?) {
        if let value { text(key, value) }
    }

    mutating func flag(_ key: String, _ value: Bool) {
        walk.hasher.add(key: key)
        walk.flag(value)
    }

    mutating func integer(_ key: String, _ value: Int) {
        walk.hasher.add(key: key)
        walk.integer(value)
    }

    /// A nested value, or nothing (not even its key) when nil.
    mutating func value<Value: ShapeWalkable>(_ key: String, _ value: Value?) throws {
        guard let value else { return }
        walk.hasher.add(key: key)
        try value.walkShape(&self)
    }

    /// A list of values that walk themselves.
    mutating func list<Item: ShapeWalkable>(_ key: String, _ items: [Item]) throws {
        walk.hasher.add(key: key)
        try list(items) { walker, item in try item.walkShape(&walker) }
    }

    /// A list of texts.
    mutating func texts(_ key: String, _ items: [String]) {
        walk.hasher.add(key: key)
        list(items) { walker, item in walker.walk.text(item) }
    }

    /// A list: its place among the decisions reserved as it begins, then each item walked on its
    /// own, noting where the page's fragment numbers stood after it (`Walk.fragmentsAtEnd`).
    private mutating func list<Item>(_ items: [Item], _ walkItem: (inout ShapeWalker, Item) throws -> Void) rethrows {
        let slot = walk.decisions.count
        walk.decisions.append(false)
        var walks: [TemplateSkeletons.Walk] = []
        walks.reserveCapacity(items.count)
        let table = HTMLFragment.table
        for item in items {
            var walker = ShapeWalker()
            try walkItem(&walker, item)
            walker.walk.fragmentsAtEnd = table?.count ?? 0
            walks.append(walker.walk)
        }
        walk.list(walks, slot: slot)
    }
}
