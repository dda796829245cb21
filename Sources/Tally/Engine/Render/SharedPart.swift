/// A part placed in a page model: encodes as the rendered part, as an `HTMLFragment` would.
public struct SharedPart: Encodable, Sendable {
    let parts: SharedParts
    let number: Int

    /// The part's HTML, its links still starting at `SharedParts.root`.
    func html() throws -> String { try parts.html(number) }

    public func encode(to encoder: Encoder) throws {
        HTMLFragment.table?.markPartPlaced()
        try HTMLFragment.trusted(try parts.html(number), block: true).encode(to: encoder)
    }
}
