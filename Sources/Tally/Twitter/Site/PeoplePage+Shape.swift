/// The People page walks itself: a row per person, in every build that changes a count.
extension PeoplePage: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.integer("count", count)
            try walker.list("pinned", pinned)
            walker.flag("hasPinned", hasPinned)
            walker.text("missing", missing)
            walker.flag("hasMissing", hasMissing)
            try walker.list("rows", rows)
        }
    }
}

extension PersonRow: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.text("name", name)
            walker.text("handle", handle)
            walker.text("href", href)
            walker.text("cardHref", cardHref)
            try walker.value("avatar", avatar)
            walker.integer("tweets", tweets)
            walker.integer("mentioned", mentioned)
            walker.integer("searches", searches)
        }
    }
}
