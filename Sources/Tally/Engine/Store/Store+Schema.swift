extension Store {
    /// The schema this build of tally writes for `sources`: `2 (posts 2)`, the number of
    /// migrations and each source's share (see `SchemaVersion`).
    public static func schemaVersion(for sources: [any DataSource]) -> String {
        SchemaVersion.current(for: sources).description
    }
}
