import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What sources remember from one build to the next, so a rebuild can plan only the pages whose
/// inputs changed.
///
/// While it makes its sections, a source keeps a state (what it planned from: stamps, counts,
/// digests of rows) with `keep`; the build records the states beside the site. The next build,
/// when the site it finds was built from the same binary, theme and settings, hands them back
/// through `previousState` before any section plans; with none, every page is planned.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var previous: [String: [UInt8]]?
    private var kept: [String: [UInt8]] = [:]
    private var shared: [String: any Sendable] = [:]
    /// Where shelves of rendered parts go (`shelf(for:continuing:)`): beside the output folder,
    /// when the build writes one.
    private var shelfPlace: (folder: URL, site: String)?
    private var shelves: [String: PartShelf] = [:]
    private var started = false
    private var editedTemplates: Set<String> = []

    public init() {}

    /// Whether the template `name` was edited since the build whose site this one updates, when
    /// the store is as that build found it: a section that names the template in
    /// `SiteSection.replannedTemplates` then plans that template's pages again itself, as the
    /// rest of its source plans only what changed. False in any other build.
    public func edited(template name: String) -> Bool {
        lock.withLock { editedTemplates.contains(name) }
    }

    /// The templates `edited(template:)` answers for, set by the build before any section plans.
    var edited: Set<String> {
        get { lock.withLock { editedTemplates } }
        set { lock.withLock { editedTemplates = newValue } }
    }

    /// The state `source` kept in the build whose site this one updates; nil in a full build.
    public func previousState(for source: String) -> [UInt8]? {
        lock.withLock { previous?[source] }
    }

    /// Records `state` for the next build.
    public func keep(_ state: [UInt8], for source: String) {
        lock.withLock { kept[source] = state }
    }

    /// Lends `value`, something a source made for its sections (a directory of its people, say),
    /// to the rest of this build: its search documents, gathered on another thread, reuse it
    /// instead of reading it from the store again. Never recorded.
    public func share(_ value: any Sendable, for key: String) {
        lock.withLock { shared[key] = value }
    }

    /// What this build's `share(_:for:)` lent under `key`, if it is a `T`.
    public func shared<T: Sendable>(_ type: T.Type, for key: String) -> T? {
        lock.withLock { shared[key] as? T }
    }

    /// The same, no longer lent: the taker holds the only copy, and can change it without
    /// copying it first.
    public func take<T: Sendable>(_ type: T.Type, for key: String) -> T? {
        lock.withLock { shared.removeValue(forKey: key) as? T }
    }

    /// The shelf of rendered parts kept under `key` (`PartShelf`): the previous build's, to read
    /// unchanged parts from and add to, when `continuing` and it kept one; else a new, empty one.
    /// Its index is recorded with the states at the build's end (`keepsOnlyUsed`: naming only
    /// the parts this build made or kept). Nil when the build writes no folder or no file can be
    /// made there; the first call for a key decides.
    func shelf(for key: String, continuing: Bool, keepsOnlyUsed: Bool = false) -> PartShelf? {
        precondition(key.hasPrefix(PartShelf.stateKeyPrefix), "a shelf's key starts with \(PartShelf.stateKeyPrefix)")
        return lock.withLock { () -> PartShelf? in
            if let shelf = shelves[key] { return shelf }
            guard started, let place = shelfPlace,
                  let shelf = PartShelf(folder: place.folder, site: place.site, continuing: continuing ? previous?[key] : nil,
                                        keepsOnlyUsed: keepsOnlyUsed) else { return nil }
            shelves[key] = shelf
            return shelf
        }
    }

    /// Says where shelves go: the folder beside the output, and the output folder's name.
    func placeShelves(in folder: URL, site: String) {
        lock.withLock { shelfPlace = (folder, site) }
    }

    /// Whether this build updates a previous site (set before planning starts).
    public var updates: Bool { lock.withLock { previous != nil } }

    /// States kept under a key starting with this stay recorded, build after build, until a
    /// build keeps another under the same key: what a source remembers of one list, say, which
    /// only the builds that plan the list again change.
    public static let carriedPrefix = "carried:"

    /// Called by the build once it knows whether it updates a site: before any section plans.
    func start(previous states: [String: [UInt8]]?) {
        lock.withLock {
            started = true
            previous = states
            for (key, state) in states ?? [:] where key.hasPrefix(Self.carriedPrefix) && kept[key] == nil {
                kept[key] = state
            }
        }
    }

    /// The states kept for the next build.
    var states: [String: [UInt8]] { recorded().states }

    /// The states kept for the next build, with the shelves' indexes among them, and the names
    /// of the shelf files the indexes name (the site's writer removes any other).
    func recorded() -> (states: [String: [UInt8]], shelves: Set<String>) {
        lock.withLock {
            var all = kept
            var names = Set<String>()
            for (key, shelf) in shelves {
                guard let index = shelf.index() else { continue }
                all[key] = index
                names.insert(shelf.name)
            }
            // A shelf this build did not open (nothing of its source was rendered) stays as the
            // previous build left it, for the next; but a long table's rows go once its page is
            // gone from the site (a search pruned, a person gone), rather than at the next full build.
            if let place = shelfPlace {
                let site = place.folder.appendingPathComponent(place.site).path + "/"
                for (key, state) in previous ?? [:] where key.hasPrefix(PartShelf.stateKeyPrefix) && shelves[key] == nil {
                    if let page = TableRowCache.page(ofStateKey: key), access(site + page, F_OK) != 0 { continue }
                    guard let name = PartShelf.fileName(of: state, site: place.site) else { continue }
                    all[key] = state
                    names.insert(name)
                }
            }
            return (all, names)
        }
    }
}
