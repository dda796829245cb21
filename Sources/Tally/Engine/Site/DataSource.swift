import ArgumentParser
import Foundation
import GRDB

/// One kind of data Tally reads — its formats, its tables, its pages — plugged into the engine.
///
/// The engine names no source: it detects formats, runs migrations, opens sinks and plans
/// sections through this contract only. A new source is a folder beside the others and one line in
/// `DataSources.swift`.
public protocol DataSource: Sendable {
    /// A short, stable identifier (`notes`): it prefixes the source's migrations and names its
    /// template folder (`templates/notes/`).
    var id: String { get }
    /// The source's name as people read it, in messages and on the home page.
    var title: String { get }
    /// The document formats the source reads, in the order they are tried.
    var formats: [any DocumentFormat] { get }
    /// Registers the source's schema migrations, each named with the source's id first.
    func registerMigrations(in migrator: inout DatabaseMigrator)
    /// Secondary indexes of the source's tables that its sinks never read while importing: an
    /// import large against the store drops them for its transaction and makes them again before
    /// it commits (`DeferredIndexes`). Never a unique index. None by default.
    var deferrableIndexes: [String] { get }
    /// Queries that stand for `PRAGMA foreign_key_check` of a table, by table name, where the
    /// source knows a cheaper way: each returns the first dangling row as text, or no row. An
    /// import large enough to set indexes aside checks foreign keys once, before it commits
    /// (`ForeignKeyGuard`). None by default.
    var foreignKeyChecks: [String: String] { get }
    /// A sink that writes this source's batches of one file, inside that file's transaction.
    func makeSink(_ db: Database, options: ImportOptions) throws -> any ImportSink
    /// The same, with what earlier files of the open transaction left in `memo` (by default unused).
    func makeSink(_ db: Database, options: ImportOptions, memo: ImportMemo) throws -> any ImportSink
    /// Starts, on threads of their own, the reads `sections` begins with, before the build loads
    /// the theme and asks for the source's card: they run beside both. The context has no theme
    /// yet (`context.theme` is nil); its memory is the build's. None by default.
    func prepare(_ context: SiteContext) throws
    /// The source's sections, in navigation order; each plans its pages lazily.
    func sections(_ context: SiteContext) throws -> [any SiteSection]
    /// The source's card on the home page, or nil when it holds no data.
    func homeCard(_ context: SiteContext) throws -> HomeCard?
    /// What the source holds: counts per kind of data and its newest time, or nil when it keeps
    /// no statistics. Runs inside a read of the store (`tally stats`).
    func stats(_ db: Database) throws -> SourceStats?
    /// Removes what `plan`'s limits leave out and what nothing kept needs any more, inside the
    /// prune's transaction, and says how much of each kind went. A dry run performs the same work and rolls it back.
    func prune(_ db: Database, plan: PrunePlan) throws -> [PruneCount]
    /// A folder or archive file the source reads as a whole, or nil when it is not one of its own.
    /// `filesFolder` is the source's own folder beside the store, for files it keeps (pictures).
    func bundle(at url: URL, filesFolder: URL) throws -> ImportBundle?
    /// Whether the folder at `url` is one the source reads as a whole, checked cheaply (nothing is
    /// read or copied): `tally import DIR` then hands it over whole instead of file by file.
    func claimsFolder(at url: URL) -> Bool
    /// What a folder the source reads whole holds, for the message about a folder no source reads
    /// (`an archive folder holds data/…`); nil when it reads none.
    var folderHint: String? { get }
    /// The `tally.toml` keys the source reads (`people`); their values reach it in
    /// `SiteContext.settings` and `ProjectConfig.settings`.
    var settings: [SourceSetting] { get }
    /// Lines `tally init` suggests after importing `content/` (`tally import ~/Downloads/….zip   # …`).
    var nextSteps: [String] { get }
    /// What the source's data is, as `tally --help` names it among the others (`notes`).
    var summary: String? { get }
    /// The commands the source adds to `tally` (`favorite`), as swift-argument-parser commands.
    var commands: [any ParsableCommand.Type] { get }
    /// The commands it adds under `tally fetch` (`tally fetch <name>`).
    var fetchCommands: [any ParsableCommand.Type] { get }
    /// How `tally fetch --again` speaks of what it fetches of the source, or nil when it fetches
    /// nothing again.
    var refetchWords: RefetchWords? { get }
    /// `tally fetch --again`: fetches again, into `store`, what was fetched before, each from
    /// where it stopped, handing each page's summary to `report` and each failure (which ends
    /// that one, not the others) to `failed`; says how many it fetched again.
    func refetch(_ store: Store, network: NetworkFetchOptions, report: (ImportSummary) -> Void, failed: (Error) -> Void) throws -> Int
    /// Hands every document the site search should find to `emit`: its kind, title, body, page,
    /// date and weight. Straight from store queries, so the source need not hold them all.
    func searchDocuments(_ context: SiteContext, _ emit: (SearchDocument) throws -> Void) throws
    /// In a build that updates a site: the weights whose documents continue the previous
    /// build's (`SearchContinuation`), asked before any document is gathered. None by default.
    func searchContinuations(_ context: SiteContext) throws -> [SearchContinuation]
    /// Hands over the documents as `searchDocuments(_:_:)` does, but for each weight in
    /// `continuing` (whose continuation the build took) only those after the previous build's.
    func searchDocuments(_ context: SiteContext, continuing: Set<Int>, _ emit: (SearchDocument) throws -> Void) throws
}

extension DataSource {
    public func makeSink(_ db: Database, options: ImportOptions, memo: ImportMemo) throws -> any ImportSink {
        try makeSink(db, options: options)
    }
    public var deferrableIndexes: [String] { [] }
    public var foreignKeyChecks: [String: String] { [:] }
    public func prepare(_ context: SiteContext) throws {}
    public func sections(_ context: SiteContext) throws -> [any SiteSection] { [] }
    public func homeCard(_ context: SiteContext) throws -> HomeCard? { nil }
    public func stats(_ db: Database) throws -> SourceStats? { nil }
    public func prune(_ db: Database, plan: PrunePlan) throws -> [PruneCount] { [] }
    public var settings: [SourceSetting] { [] }
    public func bundle(at url: URL, filesFolder: URL) throws -> ImportBundle? { nil }
    public func claimsFolder(at url: URL) -> Bool { false }
    public var folderHint: String? { nil }
    public func searchDocuments(_ context: SiteContext, _ emit: (SearchDocument) throws -> Void) throws {}
    public func searchContinuations(_ context: SiteContext) throws -> [SearchContinuation] { [] }
    public func searchDocuments(_ context: SiteContext, continuing: Set<Int>, _ emit: (SearchDocument) throws -> Void) throws {
        try searchDocuments(context, emit)
    }
    public var summary: String? { nil }
    public var nextSteps: [String] { [] }
    public var commands: [any ParsableCommand.Type] { [] }
    public var fetchCommands: [any ParsableCommand.Type] { [] }
    public var refetchWords: RefetchWords? { nil }
    public func refetch(_ store: Store, network: NetworkFetchOptions, report: (ImportSummary) -> Void, failed: (Error) -> Void) throws -> Int { 0 }
}
