import Foundation

/// What a source needs to plan its pages: the store, and facts about the site being built.
public struct SiteContext: Sendable {
    public var store: Store
    public var siteTitle: String
    /// Build time (seconds since 1970): `SOURCE_DATE_EPOCH` or the build's start.
    public var builtAt: Int64
    /// The site's public address, if one is set; links stay relative whatever it is.
    public var baseURL: String?
    /// The project's settings that sources declared (`DataSource.settings`).
    public var settings: [String: ProjectSetting]
    /// The theme pages are rendered with, for parts a source renders once for many pages
    /// (`SharedParts`); nil where nothing is rendered (search documents in tests).
    public var theme: Theme?

    /// A folder in the project where a source may keep downloads between builds (`.tally/cache/`),
    /// each source in a subfolder named by its id; nil to download nothing.
    public var cacheFolder: URL?
    /// Tells the person building about a problem that does not stop the build.
    public var warn: (@Sendable (String) -> Void)?
    /// Shows progress of slow work on a terminal, overwriting the line (nil: show nothing).
    public var progress: (@Sendable (String) -> Void)?
    /// What the previous build left for this one, and what this one leaves for the next: a
    /// source whose state is there plans only what changed (`SiteSection.keepsUnplanned`).
    public var memory = BuildMemory()

    public init(store: Store, siteTitle: String, builtAt: Int64, baseURL: String? = nil, settings: [String: ProjectSetting] = [:],
                cacheFolder: URL? = nil, warn: (@Sendable (String) -> Void)? = nil, progress: (@Sendable (String) -> Void)? = nil,
                theme: Theme? = nil) {
        self.store = store
        self.theme = theme
        self.settings = settings
        self.siteTitle = siteTitle
        self.builtAt = builtAt
        self.baseURL = baseURL
        self.cacheFolder = cacheFolder
        self.warn = warn
        self.progress = progress
    }
}
