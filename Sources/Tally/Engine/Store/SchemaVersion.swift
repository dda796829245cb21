import GRDB

/// A store's schema version: the migrations applied to it, every source's in registry order.
///
/// Migrations are only ever added, never changed or removed, so their count is a version number
/// that only grows: a store at version 3 was written by a Tally that knew at least 3 migrations.
public struct SchemaVersion: Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The migrations applied, in the order this Tally registers them.
    public var migrations: [String]
    /// How many of them each source contributed, in registry order (`notes: 2`).
    public var perSource: [SourceCount]

    public struct SourceCount: Sendable, Equatable, Encodable {
        public var source: String
        public var migrations: Int
    }

    /// The version number: how many migrations the schema holds.
    public var number: Int { migrations.count }

    /// `2 (notes 2)`.
    public var description: String {
        let parts = perSource.map { "\($0.source) \($0.migrations)" }.joined(separator: ", ")
        return parts.isEmpty ? "\(number)" : "\(number) (\(parts))"
    }

    enum CodingKeys: String, CodingKey { case number, migrations, perSource }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(migrations, forKey: .migrations)
        try container.encode(perSource, forKey: .perSource)
    }

    /// The schema this Tally writes for `sources`: every migration they register.
    public static func current(for sources: [any DataSource]) -> SchemaVersion {
        SchemaVersion(migrations: Store.migrator(for: sources).migrations, perSource: sources.map { source in
            var migrator = DatabaseMigrator()
            source.registerMigrations(in: &migrator)
            return SourceCount(source: source.id, migrations: migrator.migrations.count)
        })
    }

    /// The schema of the store open in `db`, as far as `sources` know it.
    static func applied(_ db: Database, sources: [any DataSource]) throws -> SchemaVersion {
        let applied = try Store.migrator(for: sources).appliedIdentifiers(db)
        return SchemaVersion(migrations: Store.migrator(for: sources).migrations.filter(applied.contains), perSource: sources.map { source in
            var migrator = DatabaseMigrator()
            source.registerMigrations(in: &migrator)
            return SourceCount(source: source.id, migrations: migrator.migrations.filter(applied.contains).count)
        })
    }
}
