/// Parts one after another, each in an item of a list (`<ol class="…"><li>…</li>…</ol>`).
public struct SharedPartList: Encodable, Sendable {
    /// The list's class attribute.
    public var listClass: String
    /// The parts, in order.
    public var items: [SharedPart]
    /// Whether the list holds no part.
    public var isEmpty: Bool { items.isEmpty }

    /// A list of `items` whose `<ol>` has the class `listClass`.
    public init(listClass: String, items: [SharedPart]) {
        self.listClass = listClass
        self.items = items
    }

    public func encode(to encoder: Encoder) throws {
        // As bytes, made a string once: a card is about 2 KB.
        var html = Array(("<ol class=\"" + HTMLFragment.escape(listClass) + "\">").utf8)
        html.reserveCapacity(items.count * 2_048 + 64)
        for item in items {
            html += "<li>".utf8
            try item.parts.append(item.number, to: &html)
            html += "</li>".utf8
        }
        html += "</ol>".utf8
        if !items.isEmpty { HTMLFragment.table?.markPartPlaced() }
        try HTMLFragment.trusted(String(decoding: html, as: UTF8.self), block: true).encode(to: encoder)
    }
}
