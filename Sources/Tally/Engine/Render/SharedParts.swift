import Foundation

/// Pieces of pages rendered once per build from a theme partial (a source's card of one item), kept out of memory
/// in a spill file, and placed by reference into every page that shows them.
///
/// A part does not know the page it lands on, so its links start at the site's root written as
/// `SharedParts.root` (a token data cannot forge); the page renderer turns that token into the
/// page's own way back to the root (`../../`) as it writes the page, as the layout does for assets.
///
/// Parts are added on the planning thread (a chunk at a time, each chunk spread over the cores)
/// and read from the render stage while planning goes on: a lock keeps the two apart.
public final class SharedParts: @unchecked Sendable {
    /// Stands for the site's root in a part's links; `Routes.relative(from: SharedParts.page, to:)`
    /// makes such links.
    public static let root = HTMLFragment.rootToken
    /// The page a part's links are made from (`Routes.relative(from: SharedParts.page, to: …)`):
    /// they then start at `root`. Not a path any page has.
    public static let page = "(shared part)"

    private let template: String
    private let theme: Theme
    private let spill: RecordSpill
    private let lock = NSLock()
    /// Record number by key (an item's id), kept as 128 bits: a million ids as strings would be
    /// a hundred megabytes.
    private var numbers: [Key: Int32] = [:]

    /// Parts rendered by `template` (a partial's name, `<source>/_card`) from `theme`.
    public init(template: String, theme: Theme) {
        self.template = template
        self.theme = theme
        spill = RecordSpill(name: "parts")
    }

    /// How many parts are kept.
    public var count: Int { lock.withLock { numbers.count } }

    /// Renders the parts for `keys` not kept yet with the partial, each from the model that
    /// `model` makes for its index in `keys`, spreading the work over the machine's cores, and keeps
    /// them in order.
    public func add(_ keys: [String], model: @Sendable (Int) -> any Encodable) throws {
        var seen = Set<Key>()
        let fresh = lock.withLock { keys.indices.filter { numbers[Key(keys[$0])] == nil && seen.insert(Key(keys[$0])).inserted } }
        guard !fresh.isEmpty else { return }
        let renderer = PartialRenderer(theme: theme, template: template)
        let results = ConcurrentResults<[UInt8]>(count: fresh.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        let chunk = max(1, (fresh.count + workers * 2 - 1) / (workers * 2))
        let ranges = stride(from: 0, to: fresh.count, by: chunk).map { $0..<min($0 + chunk, fresh.count) }
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            for item in ranges[index] {
                results.set(item, Result { Array(try renderer.render(model(fresh[item])).utf8) })
            }
        }
        let rendered = try results.values()
        lock.withLock {
            for (index, bytes) in rendered.enumerated() {
                numbers[Key(keys[fresh[index]])] = Int32(spill.count)
                spill.append(bytes)
            }
        }
    }

    /// The part kept for `key`, to place in a page model; nil when none was rendered.
    public func part(_ key: String) -> SharedPart? {
        lock.withLock { numbers[Key(key)] }.map { SharedPart(parts: self, number: Int($0)) }
    }

    /// A key's 128-bit digest: a collision would need about 2^64 keys.
    private typealias Key = ContentHash

    /// The HTML of part `number`, its links still starting at `root`.
    func html(_ number: Int) throws -> String {
        var bytes: [UInt8] = []
        try lock.withLock { try spill.read(number, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
