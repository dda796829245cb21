/// A part placed in a page model: encodes as the rendered part, as an `HTMLFragment` would.
public struct SharedPart: Encodable, Sendable {
    let parts: SharedParts
    let number: Int

    /// The part's HTML, its links still starting at `SharedParts.root`.
    func html() throws -> String { try parts.html(number) }

    public func encode(to encoder: Encoder) throws {
        try placed().encode(to: encoder)
    }

    /// The part as a fragment, noted in the page's table as placed.
    func placed() throws -> HTMLFragment {
        HTMLFragment.table?.markPartPlaced()
        return HTMLFragment.trusted(try parts.html(number), block: true)
    }
}
