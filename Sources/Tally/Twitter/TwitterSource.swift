import GRDB

/// Tweets from searches, timelines and archives: the popularity of their hashtags and users, and
/// every tweet.
public struct TwitterSource: DataSource {
    public init() {}

    public var id: String { "twitter" }
    public var title: String { "Twitter" }
    public var formats: [any DocumentFormat] { TwitterFormat.allCases }

    public func registerMigrations(in migrator: inout DatabaseMigrator) {
        TwitterSchema.register(in: &migrator)
    }

    public func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink {
        TwitterSink(db: db)
    }

    public func sections(_ context: SiteContext) throws -> [any SiteSection] {
        let terms = try context.store.allTerms()
        return [SearchesSection(context: context, terms: terms), TweetsSection(context: context, terms: terms)]
    }

    public func homeCard(_ context: SiteContext) throws -> HomeCard? {
        let totals = try context.store.totals()
        guard totals.tweets > 0 || totals.terms > 0 else { return nil }
        let history = try context.store.searchHistory(limit: TwitterCard.recentLimit)
        return HomeCard(title: title, newest: totals.newest, template: "twitter/card",
                        model: TwitterCard(totals: totals, recent: history))
    }

    public func stats(_ db: Database) throws -> SourceStats? {
        try TwitterMaintenance.stats(db)
    }

    /// Prunes to the searches the history shows (`searches`, by default the history page's
    /// limit) and everything their pages reach.
    public func prune(_ db: Database, plan: PrunePlan) throws -> [PruneCount] {
        try TwitterMaintenance.prune(db, keepSearches: plan.limits["searches"] ?? SearchesSection.historyLimit)
    }
}
