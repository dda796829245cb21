/// The Hashtags page walks itself: a row per hashtag, in every build that changes a count.
extension HashtagsPage: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            try walker.list("rows", rows)
            walker.integer("count", count)
        }
    }
}

extension PageRow: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("text", text)
            walker.text("href", href)
            walker.integer("count", count)
        }
    }
}
