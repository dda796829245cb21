/// Every stored picture as a grid of thumbnails, newest first, each leading to its post: paged
/// like the post lists (50 a page, numbered from the oldest, the newest at `gallery/index.html`).
struct GallerySection: SiteSection {
    static let pageSize = TweetListPlanner.pageSize
    static let heading = "Pictures"

    let context: SiteContext
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var name: String { "Pictures" }
    var navigation: NavigationEntry? { nil }
    var keepsUnplanned: Bool { changes.updates }

    func plan(into sink: PageSink) throws {
        // Pictures come only with new posts, and show nothing else that changes but their
        // authors' names (the archive pictures kept, which change where a thumbnail comes from,
        // make the build whole): in an update the gallery is planned again whole when a new post,
        // or a post of a renamed author, has a picture, else not at all.
        if let changed = try changes.changes(), try !context.store.hasPictures(changed.newTweets.union(changed.byChangedUsers)) { return }
        let total = try context.store.galleryCount()
        let pages = max(1, (total + Self.pageSize - 1) / Self.pageSize)
        // The post lists' pager: newer, older, the page numbers (`TweetListPlanner.pager`).
        let pager = TweetListPlanner(context: context, cards: cards, filter: .all, heading: Self.heading,
                                     path: { Routes.gallery(page: $0) }, section: TweetsSection.entry.id)
        var sizes = [total - (pages - 1) * Self.pageSize]
        var number = pages
        try context.store.forEachGalleryChunk(sizes: { sizes.popLast() ?? Self.pageSize }) { items in
            guard number >= 1 else { return }
            try page(number, of: pages, total: total, items: items, pager: pager, into: sink)
            number -= 1
        }
        if total == 0 { try page(1, of: 1, total: 0, items: [], pager: pager, into: sink) }
    }

    private func page(_ number: Int, of pages: Int, total: Int, items: [GalleryItem], pager: TweetListPlanner, into sink: PageSink) throws {
        let here = number >= pages ? Routes.gallery() : Routes.gallery(page: number)
        let intro: String
        if number == pages {
            intro = (total == 1 ? "1 picture" : "\(total.formatted) pictures") + " from the stored posts, newest first; each opens its post"
        } else {
            // Only what this page holds, so it stays the same as newer pictures arrive.
            let first = (number - 1) * Self.pageSize + 1
            intro = "Pictures \(first.formatted)–\((first + Self.pageSize - 1).formatted), counted from the oldest; newest first"
        }
        try sink.page(SitePage(path: here, template: "twitter/gallery", title: number < pages ? "\(Self.heading) (page \(number))" : Self.heading,
                               section: TweetsSection.entry.id, model: GalleryPage(
                                   heading: Self.heading, intro: intro, pager: pager.pager(page: number, of: pages, from: here, months: [], total: total),
                                   grid: grid(items, from: here), hasPictures: !items.isEmpty)))
    }

    /// The thumbnails, a post's own pictures in their order.
    private func grid(_ items: [GalleryItem], from here: String) -> HTMLFragment {
        var ordered: [GalleryItem] = []
        var run: [GalleryItem] = []
        for item in items {
            if let last = run.last, last.tweetID != item.tweetID { ordered += run.reversed(); run = [] }
            run.append(item)
        }
        ordered += run.reversed()
        let cells = ordered.compactMap { item -> HTMLFragment? in
            guard let src = directory.imageSource(item.media.imageURL, tweet: item.tweetID, from: here) else { return nil }
            let (width, height) = TweetHTML.fit(item.media, within: 160)
            var inner: [HTMLFragment] = [.element("img", ["class": "thumb", "src": src, "alt": item.media.alt ?? Self.describe(item),
                                                          "width": "\(width)", "height": "\(height)", "loading": "lazy", "referrerpolicy": "no-referrer"])]
            if item.media.kind != "photo" { inner.append(.element("span", ["class": "media-badge"], [.text(item.media.kind == "gif" ? "GIF" : "Video")])) }
            return .element("li", [:], [.element("a", ["href": Routes.relative(from: here, to: Routes.tweet(item.tweetID))], inner)])
        }
        return .element("ul", ["class": "gallery"], cells, block: true)
    }

    /// What a picture without its own alt text shows, out of its post's context: whose post, and
    /// which day ("Photo 1 of a post by Ann on 2013-12-20").
    static func describe(_ item: GalleryItem) -> String {
        let what = TweetHTML.describe(item.media, item.position) + (item.media.kind == "photo" ? "" : ",")
        return "\(what) of a post\(item.author.map { " by " + $0 } ?? "") on \(UTCTime.dayText(item.createdAt))"
    }
}

/// A page of the gallery.
struct GalleryPage: Encodable, Sendable {
    var heading: String
    var intro: String
    var pager: HTMLFragment
    var grid: HTMLFragment
    var hasPictures: Bool
}
