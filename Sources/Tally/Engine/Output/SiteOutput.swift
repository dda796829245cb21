/// Where a build puts the site: a folder on disk (`SiteWriter`), or memory (`MemoryOutput`) for a
/// preview server. Each write replaces the whole previous site.
public protocol SiteOutput {
    /// Writes the whole new site from files handed over one at a time by `produce`, so a build
    /// need not hold every rendered page at once; reports how it differs from the previous one.
    func write(_ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport
}
