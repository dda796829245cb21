/// The layout's model walks itself: it is walked once per page of every build.
extension LayoutContext: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.text("siteTitle", siteTitle)
            walker.text("pageTitle", pageTitle)
            walker.flag("isHome", isHome)
            walker.text("root", root)
            walker.text("body", body)
            try walker.list("nav", nav)
            walker.text("siteScriptHref", siteScriptHref)
            walker.text("canonicalURL", canonicalURL)
            walker.text("ogTitle", ogTitle)
            walker.text("stylesheetHref", stylesheetHref)
            walker.text("scriptHref", scriptHref)
            try walker.list("meta", meta)
            walker.flag("staleAtBuild", staleAtBuild)
            walker.text("fetchedAsOf", fetchedAsOf)
            walker.texts("pageScripts", pageScripts)
            walker.text("searchHref", searchHref)
            try walker.value("pageScript", pageScript)
            walker.text("pageStylesheetHref", pageStylesheetHref)
            try walker.value("feed", feed)
            try walker.value("fileLinks", fileLinks)
        }
    }
}

extension LayoutContext.NavItem: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("title", title)
            walker.text("href", href)
            walker.flag("current", current)
        }
    }
}

extension LayoutContext.Feed: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("href", href)
            walker.text("title", title)
        }
    }
}

extension LayoutContext.FileLinks: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("root", root)
            walker.text("script", script)
            walker.text("hash", hash)
        }
    }
}

extension LayoutContext.PageScriptContext: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) throws {
        try walker.object { walker in
            walker.text("href", href)
            try walker.list("data", data)
        }
    }
}

extension LayoutContext.PageScriptContext.Attribute: ShapeWalkable {
    func walkShape(_ walker: inout ShapeWalker) {
        walker.object { walker in
            walker.text("name", name)
            walker.text("value", value)
        }
    }
}
