/// A page per hashtag seen in two or more stored tweets, listing them newest first, and a list of
/// those hashtags.
struct HashtagsSection: SiteSection {
    static let entry = NavigationEntry(id: "hashtags", title: "Hashtags", path: Routes.hashtags)

    let context: SiteContext
    let hashtags: [StoredHashtag]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var navigation: NavigationEntry? { hashtags.isEmpty ? nil : Self.entry }
    var keepsUnplanned: Bool { changes.updates }
    var replannedTemplates: Set<String> { ["twitter/hashtags"] }

    func plan(into sink: PageSink) throws {
        guard !hashtags.isEmpty else { return }
        let changed = try changes.changes()
        if changed?.hashtagsIndex ?? true || context.memory.edited(template: "twitter/hashtags") {
            let rows = hashtags.map { PageRow(text: "#" + $0.display, href: Routes.relative(from: Routes.hashtags, to: Routes.hashtag($0.folded)), count: $0.tweetCount) }
            try sink.longPage(SitePage(path: Routes.hashtags, template: "twitter/hashtags", title: "Hashtags", section: Self.entry.id,
                                   model: HashtagsPage(rows: rows, count: rows.count)))
        }
        // A full build reads the hashtags' posts (and days) a batch of hashtags at a time.
        var prefetch = changed == nil ? TweetListPrefetch(store: context.store, kind: .hashtags, keys: hashtags.map(\.folded), counts: hashtags.map(\.tweetCount)) : nil
        for (index, tag) in hashtags.enumerated() {
            // In an update, a hashtag's pages are planned when it is new, respelled, or its list changed.
            let was = changes.previous?.hashtags[tag.folded]
            let whole = was == nil || was?.head != changes.current.hashtags[tag.folded]?.head
            if let changed, !whole, !changed.hashtags.contains(tag.folded) { continue }
            var list = TweetListPlanner(context: context, cards: cards, filter: .hashtag(tag.folded), heading: "#" + tag.display,
                                        path: { Routes.hashtag(tag.folded, page: $0) }, section: Self.entry.id)
            list.links = { here in [PageLink(text: "All hashtags", href: Routes.relative(from: here, to: Routes.hashtags))] }
            if let batch = try prefetch?.batch(at: index) {
                list.daily = batch.daily[tag.folded] ?? []
                list.preread = TweetListPrefetch.preread(tag.folded, in: batch)
            }
            if let changed {
                try list.planChanges(new: changed.newTweets, cards: changed.cards, header: false, whole: whole, into: sink)
            } else {
                try list.plan(into: sink)
            }
        }
    }
}

/// A link with a count, for list tables.
public struct PageRow: Encodable, Sendable {
    public var text: String
    public var href: String
    public var count: Int
}

/// Every hashtag with a page, most tweets first.
public struct HashtagsPage: Encodable, Sendable {
    public var rows: [PageRow]
    public var count: Int
}
