/// Everyone with a page: the People list (sortable, with the project's pinned list at its top), and
/// per person their profile, counts, contact card and tweets, paged.
struct PeopleSection: SiteSection {
    static let entry = NavigationEntry(id: "people", title: "People", path: Routes.people)

    let context: SiteContext
    let people: [StoredPerson]
    let directory: TwitterDirectory
    let cards: PostCards
    let changes: TwitterPlan
    /// The People table's rows, one per person, made on another thread; taken by `plan`.
    let rows: MadeAside<[PersonRow]>

    var navigation: NavigationEntry? { Self.entry }
    var keepsUnplanned: Bool { changes.updates }
    var replannedTemplates: Set<String> { ["twitter/people"] }

    func plan(into sink: PageSink) throws {
        let changed = try changes.changes()
        let pinnedNames = (context.settings["people"]?.list ?? []).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
        var pinned: [PersonRow] = []
        var missing: [String] = []
        for name in pinnedNames {
            if let person = directory.people[name.lowercased()] { pinned.append(PersonRow(person, from: Routes.people, directory: directory)) } else { missing.append("@" + name) }
        }
        if changed?.peopleIndex ?? true || context.memory.edited(template: "twitter/people") {
            // Taken, not copied: the 14,000 rows of a 100,000-post store are freed with the page.
            let rows = rows.take()
            try sink.longPage(SitePage(path: Routes.people, template: "twitter/people", title: "People", section: Self.entry.id, model: PeoplePage(
                count: people.count, pinned: pinned, hasPinned: !pinned.isEmpty, missing: missing.joined(separator: ", "),
                hasMissing: !missing.isEmpty, rows: rows)))
        }

        // A full build reads the people's posts a batch of people at a time.
        var prefetch = changed == nil ? TweetListPrefetch(store: context.store, kind: .authors, keys: people.map(\.user.id), counts: people.map(\.tweetCount)) : nil
        for (index, person) in people.enumerated() {
            let user = person.user
            // In an update, a person's pages are planned when their profile, name or list changed.
            var scope = (whole: true, profile: true)
            if let changed, let previous = changes.previous {
                scope = changed.person(user.screenName.lowercased(), previous: previous, current: changes.current)
                guard scope.whole || scope.profile || changed.authors.contains(user.id) else { continue }
            }
            if scope.profile || scope.whole {
                try sink.file(OutputFile(path: Routes.contactCard(user.screenName), bytes: Array(VCard.card(for: user).utf8)))
            }
            let batch = try prefetch?.batch(at: index)
            let daily = try batch.map { $0.daily[user.id] ?? [] } ?? context.store.tweetsPer(.day, .author(user.id))
            var list = TweetListPlanner(context: context, cards: cards, filter: .author(user.id),
                                        heading: "\(user.name) (@\(user.screenName))", path: { Routes.person(user.screenName, page: $0) },
                                        section: Self.entry.id)
            list.links = { here in [PageLink(text: "People", href: Routes.relative(from: here, to: Routes.people))] }
            list.noun = user.network == .twitter ? "tweets" : "posts"
            list.header = { here in Self.profile(person, daily: daily, from: here, directory: directory) }
            list.daily = daily
            list.preread = batch.map { TweetListPrefetch.preread(user.id, in: $0) }
            if let changed {
                try list.planChanges(new: changed.newTweets, cards: changed.cards, header: scope.profile, whole: scope.whole, into: sink)
            } else {
                try list.plan(into: sink)
            }
        }
    }

    /// The top of a person's page: avatar, bio, location, website, counts, contact card, a plot.
    static func profile(_ person: StoredPerson, daily: [(key: String, count: Int)], from page: String, directory: TwitterDirectory) -> HTMLFragment {
        let user = person.user
        var facts: [HTMLFragment] = []
        func fact(_ term: String, _ value: HTMLFragment) {
            facts.append(.element("dt", [:], [.text(term)]))
            facts.append(.element("dd", [:], [value]))
        }
        if let bio = user.bio { fact("Bio", .text(bio)) }
        if let location = user.location { fact("Location", .text(location)) }
        if let website = user.website, let href = Routes.external(website) {
            fact("Website", .element("a", ["href": href, "rel": "nofollow noopener"], [.text(website)]))
        }
        fact(user.network == .twitter ? "Tweets stored" : "Posts stored", .text(person.tweetCount.formatted))
        fact("Times mentioned", .text(person.mentionCount.formatted))
        fact("Searches found in", .text(person.searchCount.formatted))
        let actions = HTMLFragment.element("p", ["class": "person-actions"], [
            .element("a", ["href": Routes.relative(from: page, to: Routes.contactCard(user.screenName)), "download": "",
                           "type": "text/vcard"], [.text("Add to contacts")]),
            .text(" · "),
            .element("a", ["href": Routes.profileOnWeb(user)], [.text("On " + user.network.label)]),
        ])
        var parts: [HTMLFragment] = [
            .element("div", ["class": "person"], [
                TweetHTML.avatar(user, size: 96, page: page, local: directory.ownerPicture(.avatar, of: user)),
                .element("div", [:], [.element("p", ["class": "person-name"], [.text(user.name), .text(" "),
                                                                              .element("span", ["class": "tweet-handle"], [.text("@" + user.screenName)])]),
                                      .element("dl", ["class": "person-facts"], facts), actions]),
            ], block: true),
        ]
        // A Mastodon export's owner's header, from the site's own copy, above the rest.
        if let header = directory.ownerPicture(.header, of: user) {
            parts.insert(.element("p", ["class": "person-header"], [.element("img", ["src": Routes.relative(from: page, to: header), "alt": "",
                                                                                     "loading": "lazy", "decoding": "async"])], block: true), at: 0)
        }
        if daily.count > 1 {
            let noun = user.network == .twitter ? "tweets" : "posts"
            parts.append(Plot.perDay(daily, title: "\(noun.capitalized) per day by @\(user.screenName)",
                                     description: "How many of @\(user.screenName)'s stored \(noun) were posted on each day (UTC).",
                                     counting: noun.capitalized))
            parts.append(Plot.calendar(daily, title: "\(noun.capitalized) by @\(user.screenName), day by day",
                                       description: "A calendar, a year per row and a day per cell, darker for days with more of @\(user.screenName)'s stored \(noun) (UTC).",
                                       noun: (String(noun.dropLast()), noun)))
        }
        return .joined(parts, block: true)
    }
}

/// The People page.
public struct PeoplePage: Encodable, Sendable {
    public var count: Int
    public var pinned: [PersonRow]
    public var hasPinned: Bool
    /// Pinned screen names with no page (no stored profile).
    public var missing: String
    public var hasMissing: Bool
    public var rows: [PersonRow]
}

/// One person in the People tables.
public struct PersonRow: Encodable, Sendable {
    public var name: String
    public var handle: String
    public var href: String
    public var cardHref: String
    public var avatar: HTMLFragment
    public var tweets: Int
    public var mentioned: Int
    public var searches: Int

    init(_ person: StoredPerson, from page: String, directory: TwitterDirectory) {
        name = person.user.name
        handle = "@" + person.user.screenName
        let root = Routes.root(from: page)
        let paths = Routes.personPages(person.user.screenName)
        href = root + paths.page
        cardHref = root + paths.contactCard
        avatar = TweetHTML.avatar(person.user, size: 48, page: page, local: directory.ownerPicture(.avatar, of: person.user))
        tweets = person.tweetCount
        mentioned = person.mentionCount
        searches = person.searchCount
    }
}
