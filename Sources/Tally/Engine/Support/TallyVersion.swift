/// The version `tally --version` prints: the release, and the schema it writes.
public enum TallyVersion {
    /// The release.
    public static let current = "0.2.0"

    /// `tally 0.2.0, store schema version 2 (notes 2)` for a build reading `sources`.
    public static func describe(sources: [any DataSource]) -> String {
        "tally \(current), store schema version \(SchemaVersion.current(for: sources))"
    }
}
