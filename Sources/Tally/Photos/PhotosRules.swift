/// The photos source's rules, in one place for the pages, the store and the browser script.
public enum PhotosRules {
    /// Recents shows photos viewed this many seconds ago or less (48 hours).
    public static let recentWindow: Int64 = 48 * 3600
}
