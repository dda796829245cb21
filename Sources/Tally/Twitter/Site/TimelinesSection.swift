/// The timelines imported (home, user, list, mentions, public; or named with `--timeline`): a list,
/// and per timeline its tweets newest first with the people in them.
struct TimelinesSection: SiteSection {
    static let entry = NavigationEntry(id: "timelines", title: "Timelines", path: Routes.timelines)

    let context: SiteContext
    let timelines: [StoredTimeline]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan

    var navigation: NavigationEntry? { timelines.isEmpty ? nil : Self.entry }
    var name: String { "Timelines" }
    var keepsUnplanned: Bool { changes.updates }

    func plan(into sink: PageSink) throws {
        guard !timelines.isEmpty else { return }
        // A store holds a few timelines: in an update they are planned again whole, or not at all.
        if let changed = try changes.changes(), !changed.timelines { return }
        let rows = timelines.map { PageRow(text: $0.name, href: Routes.relative(from: Routes.timelines, to: Routes.timeline($0.name)), count: $0.tweetCount) }
        try sink.page(SitePage(path: Routes.timelines, template: "twitter/timelines", title: "Timelines", section: Self.entry.id,
                               model: HashtagsPage(rows: rows, count: rows.count)))
        for timeline in timelines {
            let people = try context.store.timelinePeople(timeline.id)
            var list = TweetListPlanner(context: context, cards: cards, filter: .timeline(timeline.id), heading: timeline.name,
                                        path: { Routes.timeline(timeline.name, page: $0) }, section: Self.entry.id)
            list.links = { here in [PageLink(text: "All timelines", href: Routes.relative(from: here, to: Routes.timelines))] }
            list.header = { here in
                let items = people.compactMap { user -> HTMLFragment? in
                    guard let path = directory.personPath(user.screenName) else { return nil }
                    return .element("li", [:], [TweetHTML.avatar(user, size: 48, page: here, local: directory.ownerPicture(.avatar, of: user)), .text(" "),
                                                .element("a", ["href": Routes.relative(from: here, to: path)], [.text(user.name)]),
                                                .text(" @" + user.screenName)])
                }
                guard !items.isEmpty else { return .joined([], block: true) }
                return .element("details", ["class": "timeline-people"], [
                    .element("summary", [:], [.text("People in this timeline (\(items.count))")]), .element("ul", ["class": "people-list"], items),
                ], block: true)
            }
            try list.plan(into: sink)
        }
    }
}
