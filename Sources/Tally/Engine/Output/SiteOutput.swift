/// Where a build puts the site: a folder on disk (`SiteWriter`), or memory (`MemoryOutput`) for a
/// preview server. Each write replaces the whole previous site.
public protocol SiteOutput {
    /// Writes the whole new site from files handed over one at a time by `produce`, so a build
    /// need not hold every rendered page at once; reports how it differs from the previous one.
    /// `fingerprint` says what the site is built from, so a later build can tell nothing changed.
    func write(fingerprint: String?, _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport
    /// When the site there was built from inputs with this fingerprint, replaces only `files` (the
    /// few that change with every build) and reports it; nil when it must be built whole.
    func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport?
}

extension SiteOutput {
    /// Writes the whole new site, recording no fingerprint.
    public func write(_ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        try write(fingerprint: nil, produce)
    }

    public func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport? { nil }
}
