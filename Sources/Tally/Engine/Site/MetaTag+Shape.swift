/// A page's meta tags are walked with its layout (`LayoutContext+Shape`).
extension MetaTag: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("property", property)
            walker.text("name", name)
            walker.text("content", content)
        }
    }
}
