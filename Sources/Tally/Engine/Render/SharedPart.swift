/// A part placed in a page model: encodes as the rendered part, as an `HTMLFragment` would.
public struct SharedPart: Encodable, Sendable {
    let parts: SharedParts
    let number: Int

    /// The part's HTML, its links still starting at `SharedParts.root`.
    func html() throws -> String { try parts.html(number) }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token())
    }

    /// The part as a fragment, noted in the page's table as placed.
    func placed() throws -> HTMLFragment {
        HTMLFragment.table?.markPartPlaced()
        return HTMLFragment.trusted(try parts.html(number), block: true)
    }

    /// The text that stands for the part in a model: as `placed().placed()`, but with a page's
    /// table the part's bytes join it as they are read, never made a string.
    func token() throws -> String {
        guard let table = HTMLFragment.table else { return try placed().placed() }
        var html: [UInt8] = []
        try parts.append(number, to: &html)
        table.markPartPlaced()
        return HTMLFragment.token(numbered: table.add(bytes: html), block: true)
    }
}
