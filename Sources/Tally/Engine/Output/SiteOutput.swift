import Foundation

/// Where a build puts the site: a folder on disk (`SiteWriter`), or memory (`MemoryOutput`) for a
/// preview server.
public protocol SiteOutput {
    /// Writes the whole new site from files handed over one at a time by `produce`, so a build
    /// need not hold every rendered page at once; reports how it differs from the previous one.
    /// `fingerprint` says what the site is built from, so a later build can tell nothing changed;
    /// `record` what a later build may plan from (nil: nothing).
    /// `record` is read once every file was handed over.
    func write(fingerprint: String?, record: @autoclosure () -> BuildRecord?, _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport
    /// When the site there was built from inputs with this fingerprint, replaces only `files` (the
    /// few that change with every build) and reports it; nil when it must be built whole.
    func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport?
    /// The sources' states the previous build recorded, when its site is there whole and can be
    /// updated in place by a build whose `BuildRecord.global` is `global`; nil otherwise.
    func previousStates(global: String) -> [String: [UInt8]]?
    /// The previous build's files of these sections (`OutputFile.section`), for a sitemap.
    func previousPaths(sections: Set<String>) throws -> [String]
    /// A file of the previous build's site, as it is there; nil when there is none (or no site).
    /// Only after `previousStates` said the site can be updated.
    func previousFile(_ path: String) -> [UInt8]?
    /// Updates the previous build's site in place: files handed over replace theirs, and the
    /// previous build's files that were not handed over stay when their section is in `keeping`
    /// (asked once every file was handed over), and go otherwise. Only after `previousStates` said the site can be.
    /// `record` is read once every file was handed over, on another thread: the folder's writer
    /// makes the state file beside its last pass over the previous manifest.
    func update(fingerprint: String, record: @escaping @Sendable @autoclosure () -> BuildRecord, keeping: @autoclosure () -> Set<String>,
                _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport
    /// Where shelves of rendered parts kept between builds go (`PartShelf`): a folder beside the
    /// site, and the site folder's name; nil to keep none (the parts of a preview stay in memory).
    var shelfPlace: (folder: URL, site: String)? { get }
    /// The same output, kept for one build alone until `letGo()`: a build asks before it reads
    /// anything of the previous one, and lets go as it ends, failed or not.
    func held() throws -> any SiteOutput
    /// Lets go of what `held()` took; nothing when it took nothing.
    func letGo()
}

extension SiteOutput {
    /// Writes the whole new site, recording no fingerprint.
    public func write(_ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        try write(fingerprint: nil, record: nil, produce)
    }

    public func refresh(fingerprint: String, _ files: [OutputFile]) throws -> WriteReport? { nil }
    public func previousStates(global: String) -> [String: [UInt8]]? { nil }
    public func previousPaths(sections: Set<String>) throws -> [String] { [] }
    public func previousFile(_ path: String) -> [UInt8]? { nil }
    public var shelfPlace: (folder: URL, site: String)? { nil }

    public func update(fingerprint: String, record: @escaping @Sendable @autoclosure () -> BuildRecord, keeping: @autoclosure () -> Set<String>,
                       _ produce: (_ emit: (OutputFile) throws -> Void) throws -> Void) throws -> WriteReport {
        throw OutputError(path: "\(Self.self)", reason: "cannot update a previous site in place")
    }
}
