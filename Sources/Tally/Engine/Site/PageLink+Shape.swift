/// Links walk themselves with the page models that list them (`TweetPage+Shape`).
extension PageLink: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("text", text)
            walker.text("href", href)
        }
    }
}
