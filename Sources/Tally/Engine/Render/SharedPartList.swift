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
        var html = "<ol class=\"" + HTMLFragment.escape(listClass) + "\">"
        for item in items { html += "<li>" + (try item.parts.html(item.number)) + "</li>" }
        if !items.isEmpty { HTMLFragment.table?.markPartPlaced() }
        try HTMLFragment.trusted(html + "</ol>", block: true).encode(to: encoder)
    }
}
