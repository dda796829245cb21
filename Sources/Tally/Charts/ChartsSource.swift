import ArgumentParser
import GRDB

/// Top charts from Apple's feeds (the legacy iTunes RSS JSON and the RSS generator): each chart's
/// current ranking with its movement, one page per item with its rank history.
public struct ChartsSource: DataSource {
    public init() {}

    public var id: String { "charts" }
    public var title: String { "Charts" }
    public var formats: [any DocumentFormat] { [ITunesRSSFormat(), AppleRSSFormat()] }

    /// `charts = ["https://…/songs.json"]`: the feeds `tally fetch charts` downloads.
    public var settings: [SourceSetting] {
        [SourceSetting("charts", listOnly: "expected a list of feed URLs, such as [\"https://…/songs.json\"]")]
    }

    public var summary: String? { "music and app charts" }
    public var fetchCommands: [any ParsableCommand.Type] { [ChartsFetchCommand.self] }

    /// The feeds `tally fetch charts` downloads for `config`: its `charts` list, else Apple's six.
    public static func feeds(_ config: ProjectConfig) -> [String] {
        config.settings["charts"]?.list ?? ChartFetcher.defaultFeeds
    }

    public func registerMigrations(in migrator: inout DatabaseMigrator) {
        ChartSchema.registerMigrations(in: &migrator)
    }

    public func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink {
        ChartSink(db: db)
    }

    public func sections(_ context: SiteContext) throws -> [any SiteSection] {
        let charts = try context.store.charts()
        return charts.isEmpty ? [] : [ChartsSection(context: context, charts: charts)]
    }

    /// Every chart item, opening its page.
    public func searchDocuments(_ context: SiteContext, _ emit: (SearchDocument) throws -> Void) throws {
        try ChartsSearchDocuments.produce(context.store, emit)
    }

    public func stats(_ db: Database) throws -> SourceStats? {
        try ChartStats.stats(db)
    }

    public func homeCard(_ context: SiteContext) throws -> HomeCard? {
        let totals = try context.store.chartTotals()
        guard totals.charts > 0 else { return nil }
        let rows = try context.store.charts(top: 1).map { chart in
            ChartsCard.Row(title: chart.title, href: Routes.relative(from: Routes.home, to: Routes.chart(key: chart.key)),
                           mediaType: ChartText.mediaType(chart.mediaType), country: ChartText.country(chart.country),
                           updated: ChartText.date(chart.updatedAt), itemCount: chart.itemCount,
                           leader: chart.top.first?.item.name ?? "",
                           leaderHref: chart.top.first.map { Routes.relative(from: Routes.home, to: Routes.chartItem($0.item.id)) } ?? "")
        }
        return HomeCard(title: title, newest: totals.newest, isFetched: true, template: "charts/card",
                        model: ChartsCard(chartCount: totals.charts, itemCount: totals.items, charts: rows,
                                          chartsHref: Routes.relative(from: Routes.home, to: Routes.charts)))
    }
}
