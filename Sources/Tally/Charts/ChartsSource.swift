import GRDB

/// Top charts from Apple's feeds (the legacy iTunes RSS JSON and the RSS generator): each chart's
/// current ranking with its movement, one page per item with its rank history.
public struct ChartsSource: DataSource {
    public init() {}

    public var id: String { "charts" }
    public var title: String { "Charts" }
    public var formats: [any DocumentFormat] { [ITunesRSSFormat(), AppleRSSFormat()] }

    public func registerMigrations(in migrator: inout DatabaseMigrator) {
        ChartSchema.registerMigrations(in: &migrator)
    }

    public func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink {
        ChartSink(db: db)
    }
}
