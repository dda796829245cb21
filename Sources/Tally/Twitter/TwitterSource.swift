import ArgumentParser
import Foundation
import GRDB

/// Tweets from searches, timelines and archives: the popularity of their hashtags and users, and
/// every tweet.
public struct TwitterSource: DataSource {
    public init() {}

    /// The source's id, as `BuildMemory` keeps its state under it.
    static let sourceID = "twitter"

    public var id: String { Self.sourceID }
    /// Posts of every network, as messages and the home page name the source.
    public var title: String { "Posts" }
    /// Posts of every network; no format claims another's documents (the format tests check each fixture).
    public var formats: [any DocumentFormat] { TwitterFormat.allCases + MastodonFormat.allCases + BlueskyFormat.allCases }

    public func registerMigrations(in migrator: inout DatabaseMigrator) {
        TwitterSchema.register(in: &migrator)
    }

    /// The indexes of the big tables that the sink never reads: it finds rows by key only (a
    /// named owner's screen name is compared without case, which `user_by_screen_name` cannot
    /// answer anyway). Not `tweet_replies`, which holds replies only and costs the rest nothing.
    public var deferrableIndexes: [String] {
        ["tweet_newest", "tweet_by_author", "term_tweet_by_tweet", "tweet_tag_by_tweet", "term_mention_popularity", "user_by_screen_name"]
    }

    /// A post's tag rows checked once per distinct post and mention, each side in key order (the
    /// post's through `tweet_tag_by_tweet`): 0.07 s for the 265,000 rows of 100,000 tweets, where
    /// `PRAGMA foreign_key_check` looks up every row's post in mention order (0.26 s); posts once
    /// per distinct author, through `tweet_by_author` (0.011 s against 0.034 s).
    public var foreignKeyChecks: [String: String] {
        ["tweet": """
            SELECT 'author_id ' || quote(a.author_id) FROM (SELECT DISTINCT author_id FROM tweet WHERE author_id IS NOT NULL) a
                WHERE NOT EXISTS (SELECT 1 FROM user WHERE id = a.author_id)
            LIMIT 1
            """,
         "tweet_tag": """
            SELECT 'tweet_id ' || quote(g.tweet_id) FROM (SELECT DISTINCT tweet_id FROM tweet_tag) g
                WHERE NOT EXISTS (SELECT 1 FROM tweet WHERE id = g.tweet_id)
            UNION ALL
            SELECT 'mention_id ' || quote(g.mention_id) FROM (SELECT DISTINCT mention_id FROM tweet_tag) g
                WHERE NOT EXISTS (SELECT 1 FROM mention WHERE id = g.mention_id)
            LIMIT 1
            """]
    }

    public func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink {
        try TwitterSink(db: db, memo: TwitterSink.Memo())
    }

    public func makeSink(_ db: Database, options: ImportOptions, memo: ImportMemo) throws -> any ImportSink {
        try TwitterSink(db: db, memo: memo.value(for: id, make: TwitterSink.Memo.init))
    }

    public var settings: [SourceSetting] { [SourceSetting("people")] }

    public var folderHint: String? { "a Twitter archive folder holds data/tweets.js, a Mastodon export folder outbox.json and actor.json" }

    public var summary: String? { "posts from Twitter, Mastodon and Bluesky" }
    public var nextSteps: [String] {
        ["tally import ~/Downloads/twitter-2026-03-06-abc.zip   # a whole Twitter archive: its .zip, or the folder it unpacks to"]
    }
    public var fetchCommands: [any ParsableCommand.Type] { [MastodonFetchCommand.self, BlueskyFetchCommand.self, TwitterFetchCommand.self] }
    public var refetchWords: RefetchWords? {
        RefetchWords(summary: "every Mastodon, Bluesky and Twitter search", item: "search", items: "searches",
                     hint: "a search with tally fetch mastodon, bluesky or twitter")
    }
    public func refetch(_ store: Store, network: NetworkFetchOptions, report: (ImportSummary) -> Void, failed: (Error) -> Void) throws -> Int {
        try PostsRefetch.run(store, network: network, report: report, failed: failed)
    }

    public func bundle(at url: URL, filesFolder: URL) throws -> ImportBundle? {
        try MastodonExport.bundle(at: url, filesFolder: filesFolder) ?? TwitterArchive.bundle(at: url, filesFolder: filesFolder)
    }

    public func claimsFolder(at url: URL) -> Bool {
        TwitterArchive.dataFolder(in: url) != nil || MastodonExport.exportFolder(in: url) != nil
    }

    public func prepare(_ context: SiteContext) throws {
        context.memory.share(try TwitterPrelude(store: context.store, cacheFolder: context.cacheFolder), for: TwitterPrelude.key)
    }

    public func sections(_ context: SiteContext) throws -> [any SiteSection] {
        // Started by `prepare`, beside the home card, or now (the clock is read first either way).
        let prelude = try context.memory.take(TwitterPrelude.self, for: TwitterPrelude.key) ?? TwitterPrelude(store: context.store, cacheFolder: context.cacheFolder)
        let clock = prelude.clock
        let terms = try context.store.allTerms()
        let timelines = try context.store.timelines()
        let hashtags = try prelude.hashtags()
        let users = try prelude.users()
        let people = try prelude.everyone()
        let mediaFolder = context.store.filesFolder.appendingPathComponent(id).appendingPathComponent("media")
        let media = Set(((try? FileManager.default.contentsOfDirectory(atPath: mediaFolder.path)) ?? []).filter { TwitterArchive.isKeptPicture($0, in: mediaFolder) })
        // What these pages are planned from, for the next build to tell what changed: made and
        // encoded on another thread while this one makes the directory (both were 30 ms of a
        // 100k rebuild on this thread alone, while the others waited for them).
        let storePath = context.store.path
        let madeState = MadeAside { () -> (state: TwitterState, encoded: [UInt8]) in
            let state = TwitterState(store: storePath, clock: clock, media: media, users: users, people: people,
                                     terms: terms, hashtags: hashtags, timelines: timelines)
            return (state, state.encoded)
        }
        let directory = TwitterDirectory(terms: terms, people: people, hashtags: hashtags, localMedia: media)
        // The search's documents name the same people and hashtags: reading them again was a
        // fifth of a 100k rebuild's CPU.
        context.memory.share(directory, for: TwitterSearchDocuments.directoryKey)
        // One card per tweet per build, shared by every section's pages.
        guard let theme = context.theme else {
            throw ThemeError(file: "(no theme)", reason: "the Twitter sections need the theme their post cards render with")
        }
        let (state, encoded) = madeState.take()
        context.memory.keep(encoded, for: id)
        context.memory.share(state.users, for: TwitterState.usersKey)
        let changes = TwitterPlan(memory: context.memory, store: context.store, current: state)
        context.memory.share(changes, for: TwitterPlan.key)
        // Cards of posts that did not change are read from the previous build's shelf.
        let cards = PostCards(theme: theme, directory: directory, memory: context.memory, plan: changes)
        // The counts are kept in the cache by now (written while this thread made the state), so
        // that a build that ends has kept them.
        _ = prelude.keeping?.value
        return [
            SearchesSection(context: context, terms: terms, directory: directory, cards: cards, changes: changes),
            TweetsSection(context: context, terms: terms, directory: directory, cards: cards, changes: changes, mediaFolder: mediaFolder),
            PeopleSection(context: context, people: people, directory: directory, cards: cards, changes: changes,
                          // The People table's rows are made beside the sections planned before it.
                          rows: MadeAside { people.map { PersonRow($0, from: Routes.people, directory: directory) } }),
            HashtagsSection(context: context, hashtags: hashtags, directory: directory, cards: cards, changes: changes),
            TimelinesSection(context: context, timelines: timelines, directory: directory, cards: cards, changes: changes),
            GallerySection(context: context, directory: directory, cards: cards, changes: changes),
        ]
    }

    public func homeCard(_ context: SiteContext) throws -> HomeCard? {
        // Read beside the theme's loading by the prelude `prepare` started, when it did.
        let reads = try context.memory.shared(TwitterPrelude.self, for: TwitterPrelude.key)?.homeReads() ?? TwitterPrelude.HomeReads(context.store)
        let totals = reads.totals
        guard totals.tweets > 0 || totals.terms > 0 else { return nil }
        var card = TwitterCard(totals: totals, recent: reads.history)
        let daily = reads.daily
        card.calendar = daily.isEmpty ? nil : Plot.calendar(daily, title: "Posts day by day",
                                                            description: "A calendar, a year per row and a day per cell, darker for days with more stored posts (UTC).",
                                                            noun: ("post", "posts"))
        return HomeCard(title: title, newest: totals.newest, template: "twitter/card", model: card)
    }

    public func stats(_ db: Database) throws -> SourceStats? {
        try TwitterMaintenance.stats(db)
    }

    /// Prunes to the newest searches (`searches`, by default the history page's limit) and what
    /// their tweets' pages show; older searches go even when a kept tweet was found by them.
    public func prune(_ db: Database, plan: PrunePlan) throws -> [PruneCount] {
        try TwitterMaintenance.prune(db, keepSearches: plan.limits["searches"] ?? SearchesSection.historyLimit)
    }

    public func searchDocuments(_ context: SiteContext, _ emit: (SearchDocument) throws -> Void) throws {
        try searchDocuments(context, continuing: [], emit)
    }

    /// The posts' block (weight 0) continues the previous build's when only newer posts were
    /// stored since; the people's and the hashtags' blocks are then revisited, each document made
    /// again only when what it is made from changed.
    public func searchContinuations(_ context: SiteContext) throws -> [SearchContinuation] {
        guard let state = try TwitterSearchDocuments.continuation(context) else { return [] }
        return [SearchContinuation(weight: 0, count: state.posts),
                SearchContinuation(weight: 1, count: state.peopleDocuments.count, revisits: true),
                SearchContinuation(weight: 2, count: state.hashtagDocuments.count, revisits: true)]
    }

    public func searchDocuments(_ context: SiteContext, continuing: Set<Int>, _ emit: (SearchDocument) throws -> Void) throws {
        // The build took the continuation `searchContinuations` offered: the state it was made from.
        let previous = !continuing.contains(0) ? nil : context.memory.take(TwitterSearchState.self, for: TwitterSearchState.continuedKey)
            ?? context.memory.previousState(for: TwitterSearchState.key).flatMap(TwitterSearchState.init(decoding:))
        try TwitterSearchDocuments.produce(context.store, continuing: consume previous, revisiting: continuing.intersection(TwitterSearchDocuments.revisitedWeights),
                                            keep: { context.memory.keep($0.encoded, for: TwitterSearchState.key) },
                                            directory: context.memory.shared(TwitterDirectory.self, for: TwitterSearchDocuments.directoryKey), emit)
    }
}
