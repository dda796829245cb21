import Foundation

/// Which templates each section's pages were made with, kept from one build to the next, so that
/// a rebuild after a template edit (the preview's everyday case) plans again only the sections
/// whose pages the edited template reaches, and carries the others' files over as they are.
///
/// A section's files are a function of the store's rows, the settings, the layout and shared
/// templates (all in `BuildFingerprint.global`, which an update requires unchanged) and the
/// templates its pages are rendered with, partials included. So when the store's files are as
/// the previous build found them, a section none of whose templates changed would make the same
/// files again: it is not planned, and its files stay. The sections a changed template reaches
/// are planned as before (a source whose own templates changed plans those in full). An edit to
/// an HTML partial (a post's card, rendered outside pages and shelved between builds) or a theme
/// that picks partials by value plans every section, as does a build after an import.
final class TemplateDependencies: @unchecked Sendable {
    /// Where the record goes among the build's states: the store's stamp, each template's digest,
    /// and per section key the page templates it used.
    static let storeKey = "templates:store"
    static let digestsKey = "templates:digests"
    static let sectionKeyPrefix = "templates:section:"

    private let lock = NSLock()
    private var used: [String: Set<String>] = [:]

    init() {}

    /// Notes the templates of pages a section handed over (on the planning threads).
    func record(_ pages: [SitePage], section: String) {
        guard !pages.isEmpty else { return }
        lock.withLock { used[section, default: []].formUnion(pages.map(\.template)) }
    }

    /// What an update's build does about the templates edited since the build whose site it
    /// updates (`previous`, its states).
    struct Plan: Equatable {
        /// The sections that need not be planned: no template their pages were made with (with
        /// its partials) changed.
        var carried: Set<String> = []
        /// The sections that plan the pages of their edited templates by themselves
        /// (`SiteSection.replannedTemplates`), their source's other pages as usual.
        var alone: Set<String> = []
        /// The templates edited (`BuildMemory.edited(template:)`).
        var edited: Set<String> = []
    }

    /// The plan for `sections` (key and `SiteSection.replannedTemplates`): nothing carried when
    /// the store's files changed since, the previous build recorded nothing, or an HTML partial
    /// was edited.
    static func plan(sections: [(key: String, replanned: Set<String>)], theme: Theme, store: String, previous: [String: [UInt8]]) -> Plan {
        guard previous[storeKey] == Array(store.utf8), let digests = previous[digestsKey].flatMap(decodeDigests) else { return Plan() }
        let current = theme.templateDigests
        let changed = Set(current.keys).union(digests.keys).filter { current[$0] != digests[$0] }
        guard !changed.contains(where: theme.isHTMLPartial) else { return Plan() }
        var plan = Plan(edited: changed)
        for (key, replanned) in sections {
            guard let names = previous[sectionKeyPrefix + key].flatMap(decodeNames), let reached = theme.closure(of: names) else { continue }
            let reachedChanged = reached.intersection(changed)
            if reachedChanged.isEmpty {
                plan.carried.insert(key)
            } else if reachedChanged.isSubset(of: replanned) {
                plan.alone.insert(key)
            }
        }
        return plan
    }

    /// Keeps in `memory`, for the next build, the store's stamp, the theme's template digests, and
    /// each section's templates: those its pages used in this build, with the previous build's
    /// for a section that kept files it did not plan again (`kept`); a kept section the previous
    /// build recorded nothing for records nothing, so the next build plans it.
    func keep(in memory: BuildMemory, sections: [String], kept: Set<String>, previous: (String) -> [UInt8]?, theme: Theme, store: String) {
        memory.keep(Array(store.utf8), for: Self.storeKey)
        var digests = StateBytes()
        for (name, digest) in theme.templateDigests.sorted(by: { $0.key < $1.key }) {
            digests.append(name)
            digests.append(digest)
        }
        memory.keep(digests.bytes, for: Self.digestsKey)
        let used = lock.withLock { self.used }
        for key in sections {
            var names = used[key] ?? []
            if kept.contains(key) {
                guard let before = previous(Self.sectionKeyPrefix + key).flatMap(Self.decodeNames) else { continue }
                names.formUnion(before)
            }
            var bytes = StateBytes()
            for name in names.sorted() { bytes.append(name) }
            memory.keep(bytes.bytes, for: Self.sectionKeyPrefix + key)
        }
    }

    private static func decodeNames(_ bytes: [UInt8]) -> Set<String>? {
        var reader = StateReader(bytes)
        var names = Set<String>()
        while !reader.isAtEnd {
            guard let name = reader.text() else { return nil }
            names.insert(name)
        }
        return names
    }

    private static func decodeDigests(_ bytes: [UInt8]) -> [String: String]? {
        var reader = StateReader(bytes)
        var digests: [String: String] = [:]
        while !reader.isAtEnd {
            guard let name = reader.text(), let digest = reader.text() else { return nil }
            digests[name] = digest
        }
        return digests
    }
}
