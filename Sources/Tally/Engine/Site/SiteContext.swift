/// What a source needs to plan its pages: the store, and facts about the site being built.
public struct SiteContext: Sendable {
    public var store: Store
    public var siteTitle: String
    /// Build time (seconds since 1970): `SOURCE_DATE_EPOCH` or the build's start.
    public var builtAt: Int64
    /// The site's public address, if one is set; links stay relative whatever it is.
    public var baseURL: String?
    /// The project's settings that sources declared (`DataSource.settingKeys`).
    public var settings: [String: ProjectSetting]

    public init(store: Store, siteTitle: String, builtAt: Int64, baseURL: String? = nil, settings: [String: ProjectSetting] = [:]) {
        self.store = store
        self.settings = settings
        self.siteTitle = siteTitle
        self.builtAt = builtAt
        self.baseURL = baseURL
    }
}
