/// What every page shares: the site's title, base URL and build time.
public struct SiteInfo: Sendable {
    public var title: String
    /// The site's public address (`https://example.org/dash/`), used only for canonical URLs.
    public var baseURL: String?
    /// Seconds since 1970: `SOURCE_DATE_EPOCH` or the build's start.
    public var builtAt: Int64
    /// The newest item of any source, if any.
    public var dataAsOf: Int64?
    /// The newest item of the sources `tally fetch` keeps current, if any: the home page's stale note.
    public var fetchedAsOf: Int64?
    /// The header's links: the home page, then each section that has pages.
    public var navigation: [NavigationEntry]

    public init(title: String, baseURL: String?, builtAt: Int64, dataAsOf: Int64? = nil, fetchedAsOf: Int64? = nil, navigation: [NavigationEntry] = [SiteInfo.home]) {
        self.title = title
        self.baseURL = baseURL
        self.builtAt = builtAt
        self.dataAsOf = dataAsOf
        self.fetchedAsOf = fetchedAsOf
        self.navigation = navigation
    }

    /// The home page's entry in the navigation.
    public static let home = NavigationEntry(id: "home", title: "Home", path: Routes.home)
}
