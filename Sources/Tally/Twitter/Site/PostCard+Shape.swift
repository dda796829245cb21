/// A post card walks itself: it is walked once per post of every full build, and its text runs
/// and counts, walked as `Encodable` lists, were most of that (`ShapeWalkable`).
extension PostCard: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.flag("isRetweet", isRetweet)
            try walker.value("retweetedBy", retweetedBy)
            walker.text("retweetVerb", retweetVerb)
            walker.text("retweetHref", retweetHref)
            try walker.value("retweetTime", retweetTime)
            try walker.value("post", post)
        }
    }
}

extension PostCard.Post: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            try walker.value("person", person)
            walker.text("href", href)
            try walker.value("time", time)
            walker.text("network", network)
            walker.text("networkLabel", networkLabel)
            walker.flag("hasWebLink", hasWebLink)
            walker.text("webHref", webHref)
            walker.flag("isReply", isReply)
            walker.text("replyingTo", replyingTo)
            walker.flag("hasParentLink", hasParentLink)
            walker.text("parentHref", parentHref)
            walker.flag("hasWarning", hasWarning)
            walker.text("warning", warning)
            try walker.list("text", text)
            walker.flag("hasMedia", hasMedia)
            try walker.list("media", media)
            walker.flag("hasQuote", hasQuote)
            try walker.list("quote", quote)
            walker.flag("hasCounts", hasCounts)
            try walker.list("counts", counts)
        }
    }
}

extension PostCard.Count: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("text", text)
            walker.text("separator", separator)
        }
    }
}

extension PostCard.Person: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.flag("isKnown", isKnown)
            walker.text("name", name)
            walker.flag("hasPage", hasPage)
            walker.text("pageHref", pageHref)
            walker.flag("hasHandle", hasHandle)
            walker.text("handle", handle)
            walker.text("initials", initials)
            walker.flag("hasAvatar", hasAvatar)
            walker.text("avatarSrc", avatarSrc)
        }
    }
}

extension PostCard.Time: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("iso", iso)
            walker.text("text", text)
        }
    }
}

extension PostCard.TextPart: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.flag("isText", isText)
            walker.flag("isBreak", isBreak)
            walker.flag("isLink", isLink)
            walker.text("value", value)
            walker.text("linkClass", linkClass)
            walker.text("href", href)
            walker.flag("isExternal", isExternal)
            walker.flag("hasTitle", hasTitle)
            walker.text("title", title)
        }
    }
}

extension PostCard.Media: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("href", href)
            walker.text("src", src)
            walker.text("alt", alt)
            walker.integer("width", width)
            walker.integer("height", height)
            walker.flag("hasBadge", hasBadge)
            walker.text("badge", badge)
        }
    }
}
