/// A post's own page walks itself: one per post in a full build.
extension TweetPage: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.text("heading", heading)
            try walker.value("card", card)
            try walker.value("parents", parents)
            walker.flag("hasParents", hasParents)
            try walker.value("replies", replies)
            walker.flag("hasReplies", hasReplies)
            try walker.value("images", images)
            try walker.list("links", links)
            walker.flag("hasLinks", hasLinks)
            try walker.list("hashtags", hashtags)
            walker.flag("hasHashtags", hasHashtags)
            try walker.list("users", users)
            walker.flag("hasUsers", hasUsers)
            try walker.list("terms", terms)
            walker.flag("hasTerms", hasTerms)
            walker.text("webHref", webHref)
            walker.text("webLabel", webLabel)
            walker.text("allTweetsHref", allTweetsHref)
        }
    }
}
