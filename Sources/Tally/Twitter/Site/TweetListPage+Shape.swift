/// A page of a list of posts walks itself: every list's pages, in a full build.
extension TweetListPage: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.text("heading", heading)
            walker.text("intro", intro)
            try walker.list("links", links)
            try walker.value("header", header)
            try walker.value("pager", pager)
            try walker.value("list", list)
            walker.flag("hasTweets", hasTweets)
        }
    }
}
