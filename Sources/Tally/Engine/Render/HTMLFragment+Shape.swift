/// Fragments, and shared parts placed as fragments, walk as the one text they encode as.
extension HTMLFragment: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.text(placed())
    }
}

extension SharedPart: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        walker.text(try token())
    }
}

extension SharedPartList: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        walker.text(try token())
    }
}
