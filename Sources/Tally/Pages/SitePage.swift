/// One page to render: where it goes, which template renders it, and its model.
public struct SitePage: Sendable {
    /// Output path, from `Routes`.
    public var path: String
    /// Template name without extension (`popularity` for `templates/popularity.md`).
    public var template: String
    public var title: String
    /// The navigation section it belongs to, for highlighting; nil for a page outside them.
    public var section: SiteSection?
    public var model: any Encodable & Sendable
    /// Output paths of further classic scripts this page alone loads, after the theme's.
    public var scripts: [String] = []

    public init(path: String, template: String, title: String, section: SiteSection?, model: any Encodable & Sendable) {
        self.path = path
        self.template = template
        self.title = title
        self.section = section
        self.model = model
    }
}

/// Everything a build writes, before rendering.
public struct SitePlan: Sendable {
    public var pages: [SitePage]
    public var exports: [TableExport]
    /// The newest search or tweet in the store, for the "data as of" line.
    public var dataAsOf: Int64?
}

/// The dashboard's sections, in navigation order. Only sections that exist are listed.
public enum SiteSection: String, Sendable, CaseIterable {
    case home = "Home"
    case searches = "Searches"

    /// The page the section's navigation link opens.
    public var path: String {
        switch self {
        case .home: return Routes.home
        case .searches: return Routes.searches
        }
    }
}

/// A table written beside its page as CSV or JSON, so it can be taken elsewhere.
public struct TableExport: Sendable, Equatable {
    public enum Format: String, Sendable { case csv, json }

    public var path: String
    public var format: Format
    public var columns: [String]
    /// Each row's cells: text or a whole number.
    public var rows: [[Cell]]

    public enum Cell: Sendable, Equatable {
        case text(String)
        case number(Int)
    }
}
