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
        var container = encoder.singleValueContainer()
        try container.encode(token())
    }

    /// The list as one fragment, noted in the page's table as placed when it holds a part.
    func placed() throws -> HTMLFragment {
        if !items.isEmpty { HTMLFragment.table?.markPartPlaced() }
        return HTMLFragment.trusted(String(decoding: try html(), as: UTF8.self), block: true)
    }

    /// The text that stands for the list in a model: as `placed().placed()`, but with a page's
    /// table the list's bytes join it as they are, never made a string (checking fifty cards'
    /// UTF-8 again was 2 % of a full build).
    func token() throws -> String {
        guard let table = HTMLFragment.table else { return try placed().placed() }
        let html = try html()
        if !items.isEmpty { table.markPartPlaced() }
        return HTMLFragment.token(numbered: table.add(bytes: html), block: true)
    }

    /// The list's HTML.
    private func html() throws -> [UInt8] {
        // As bytes: a card is about 2 KB.
        var html = Array(("<ol class=\"" + HTMLFragment.escape(listClass) + "\">").utf8)
        html.reserveCapacity(items.count * 2_048 + 64)
        // Runs of items from the same parts (all of them, as sources make lists) are read together.
        var start = items.startIndex
        while start < items.endIndex {
            let parts = items[start].parts
            var end = start + 1
            while end < items.endIndex, items[end].parts === parts { end += 1 }
            try parts.append(items[start..<end].map(\.number), to: &html, before: Array("<li>".utf8), after: Array("</li>".utf8))
            start = end
        }
        html += "</ol>".utf8
        return html
    }
}
