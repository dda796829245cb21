/// A page model that walks itself into a skeleton's `TemplateSkeletons.Walk`, as `ShapeEncoder`
/// would walk its `Encodable` conformance, without going through `Encoder`'s containers.
///
/// A full build walks a post card per post and a layout per page: through `ShapeEncoder` each
/// nested value and each list item made an encoder, a boxed container and a generic container type
/// looked up at run time, and that was a tenth of a 20k full build's time (`perf`, 2026-11-29).
/// A conforming type states its fields in the order its `Encodable` conformance encodes them
/// (its properties' order, for a synthesized one), leaving out a nil optional as
/// `encodeIfPresent` does; `ShapeWalkerTests` checks each conforming type against its encoding.
/// A walk that disagreed would only make a skeleton that fails its check: the page would then
/// render directly, as the skeleton is checked against rendering the model itself.
protocol ShapeWalkable: Encodable {
    /// Walks the value: `walker.object { … }` around a keyed value's fields, or one text.
    /// Throws what its encoding throws (a shared part that cannot be read back).
    func walkShape(_ walker: inout ShapeWalker) throws
}
