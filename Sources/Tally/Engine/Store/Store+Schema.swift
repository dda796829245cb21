extension Store {
    /// The schema this build of tally writes: how many migrations and the newest one's name.
    public static var schemaVersion: String {
        let names = migrator.migrations
        return "\(names.count) (\(names.last ?? "none"))"
    }
}
