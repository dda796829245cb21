extension Store {
    /// The schema this build of tally writes for `sources`: how many migrations and the newest one's name.
    public static func schemaVersion(for sources: [any DataSource]) -> String {
        let names = migrator(for: sources).migrations
        return "\(names.count) (\(names.last ?? "none"))"
    }
}
