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
    private static let rootBytes = Array(root.utf8)
    /// The page a part's links are made from (`Routes.relative(from: SharedParts.page, to: …)`):
    /// they then start at `root`. Not a path any page has.
    public static let page = "(shared part)"

    private let template: String
    private let theme: Theme
    private let spill: RecordSpill
    private let lock = NSLock()
    /// Record number by key (an item's id), kept as 128 bits: a million ids as strings would be
    /// a hundred megabytes. With a shelf, the number is the place in `locations`.
    private var numbers: [Key: Int32] = [:]
    /// Opens the shelf the parts are kept on between builds, at the first `add` (sources make
    /// their parts before the build knows whether it updates a site).
    private let opening: (@Sendable () -> Shelving?)?
    private var shelving: Shelving??
    /// Each part's place on the shelf by number, packed in one word (`PartShelf.Place`); a place
    /// too large to pack is in `unpackedLocations` under its number.
    private var locations: [PartShelf.Place] = []
    private var unpackedLocations: [Int: PartShelf.Location] = [:]

    /// A shelf of parts kept between builds (`PartShelf`), and which items' parts on it may be
    /// used as they are (those whose inputs did not change since the build that made them).
    struct Shelving: Sendable {
        var shelf: PartShelf
        var reusable: @Sendable (String) -> Bool
    }

    /// Parts rendered by `template` (a partial's name, `<source>/_card`) from `theme`.
    public convenience init(template: String, theme: Theme) {
        self.init(template: template, theme: theme, shelf: nil)
    }

    /// Parts rendered by `template` from `theme`, kept on the shelf `shelf` opens (and read from
    /// it, for the items it calls reusable), or in a temporary file when it opens none.
    init(template: String, theme: Theme, shelf: (@Sendable () -> Shelving?)?) {
        self.template = template
        self.theme = theme
        spill = RecordSpill(name: "parts")
        opening = shelf
    }

    /// The shelf the parts are kept on, opened now if it was not yet; nil when they are kept in a
    /// temporary file. Other parts of the same items (their feed entries) may be kept on it too.
    var shelf: Shelving? {
        lock.withLock {
            if shelving == nil { shelving = .some(opening?()) }
            return shelving!
        }
    }

    /// The key under which `template`'s part of the item `key` is kept on a shelf: one shelf
    /// holds a source's parts of every kind.
    static func shelfKey(template: String, key: String) -> ContentHash {
        ContentHash(template + "\u{0}" + key)
    }

    /// How many parts are kept.
    public var count: Int { lock.withLock { numbers.count } }

    /// Renders the parts for `keys` not kept yet with the partial, each from the model that
    /// `model` makes for its index in `keys`, spreading the work over the machine's cores, and keeps
    /// them in order. With a shelf, a reusable item's part the previous build kept is taken as
    /// it is, unrendered.
    public func add(_ keys: [String], model: @Sendable (Int) -> any Encodable) throws {
        var seen = Set<Key>()
        let shelving = shelf
        let fresh = lock.withLock { keys.indices.filter { numbers[Key(keys[$0])] == nil && seen.insert(Key(keys[$0])).inserted } }
        guard !fresh.isEmpty else { return }
        var kept: [PartShelf.Location?] = Array(repeating: nil, count: fresh.count)
        if let shelving {
            for (index, item) in fresh.enumerated() where shelving.reusable(keys[item]) {
                kept[index] = shelving.shelf.kept(shelfKey(keys[item]))
            }
        }
        let render = fresh.indices.filter { kept[$0] == nil }
        let renderer = PartialRenderer(theme: theme, template: template)
        let results = ConcurrentResults<[UInt8]>(count: render.count)
        let workers = PageRenderer.workers
        let chunk = max(1, (render.count + workers * 2 - 1) / (workers * 2))
        let ranges = stride(from: 0, to: render.count, by: chunk).map { $0..<min($0 + chunk, render.count) }
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            for item in ranges[index] {
                results.set(item, Result { Array(try renderer.render(model(fresh[render[item]])).utf8) })
            }
        }
        let rendered = try results.values()
        lock.withLock {
            var next = 0
            for (index, item) in fresh.enumerated() {
                let key = Key(keys[item])
                // Another section planned at once made the same part meanwhile: it stays, once.
                if numbers[key] != nil {
                    if kept[index] == nil { next += 1 }
                    continue
                }
                guard let shelving else {
                    numbers[key] = Int32(spill.count)
                    spill.append(rendered[next])
                    next += 1
                    continue
                }
                let place: PartShelf.Location
                if let location = kept[index] {
                    place = location
                    shelving.shelf.keep(shelfKey(keys[item]), at: location)
                } else {
                    place = shelving.shelf.add(shelfKey(keys[item]), Self.shelved(rendered[next]))
                    next += 1
                }
                numbers[key] = Int32(locations.count)
                if let packed = PartShelf.Place(place) {
                    locations.append(packed)
                } else {
                    unpackedLocations[locations.count] = place
                    locations.append(.unpacked)
                }
            }
        }
    }

    /// Whether `key`'s part would be rendered from its model: it is neither made in this build
    /// nor kept by the previous one for reuse.
    func needsModel(_ key: String) -> Bool {
        if lock.withLock({ numbers[Key(key)] }) != nil { return false }
        guard let shelving = shelf else { return true }
        return !shelving.reusable(key) || shelving.shelf.kept(shelfKey(key)) == nil
    }

    private func shelfKey(_ key: String) -> ContentHash {
        Self.shelfKey(template: template, key: key)
    }

    /// The part kept for `key`, to place in a page model; nil when none was rendered.
    public func part(_ key: String) -> SharedPart? {
        lock.withLock { numbers[Key(key)] }.map { SharedPart(parts: self, number: Int($0)) }
    }

    /// A key's 128-bit digest: a collision would need about 2^64 keys.
    private typealias Key = ContentHash

    /// The HTML of part `number`, its links still starting at `root`.
    func html(_ number: Int) throws -> String {
        var html: [UInt8] = []
        try append(number, to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    /// Appends part `number`'s HTML to `html`: a list of fifty parts is read into one buffer and
    /// made a string once, not fifty times.
    func append(_ number: Int, to html: inout [UInt8]) throws {
        try append([number], to: &html, before: [], after: [])
    }

    /// Appends the HTML of parts `numbers` to `html` in order, each between `before` and `after`.
    /// The parts are read from the shelf together (`PartShelf.read(_:each:)`), outside the lock.
    func append(_ numbers: [Int], to html: inout [UInt8], before: [UInt8], after: [UInt8]) throws {
        let shelved = try lock.withLock { () -> (PartShelf, [PartShelf.Location])? in
            if case .some(.some(let shelving)) = shelving {
                return (shelving.shelf, numbers.map { locations[$0] == .unpacked ? unpackedLocations[$0]! : locations[$0].location })
            }
            for number in numbers {
                html += before
                try spill.read(number, into: &html)
                html += after
            }
            return nil
        }
        guard let (shelf, places) = shelved else { return }
        try shelf.read(places) { bytes in
            html += before
            Self.unshelve(bytes, to: &html)
            html += after
        }
    }

    // MARK: On the shelf

    /// A part as a shelf keeps it: how many times the root token stood in it and where (as
    /// 4-byte offsets into what is left), then its bytes without the token. The token is a secret
    /// drawn per process, so the next build, which puts its own in, finds no other.
    static func shelved(_ html: [UInt8]) -> [UInt8] {
        var positions: [Int] = []
        var rest: [UInt8] = []
        rest.reserveCapacity(html.count)
        // Found with `memmem` (`ByteSearch`) and copied a run at a time: a byte at a time, this
        // was a two-hundredth of a full build.
        html.withUnsafeBufferPointer { bytes in
            var from = 0
            while let at = ByteSearch.offset(of: rootBytes, in: bytes, from: from) {
                rest.append(contentsOf: bytes[from..<at])
                positions.append(rest.count)
                from = at + rootBytes.count
            }
            rest.append(contentsOf: bytes[from...])
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + 4 * positions.count + rest.count)
        for value in [positions.count] + positions {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }
        return bytes + rest
    }

    /// The HTML of a part as `shelved` kept it, with this process's root token back in place.
    static func unshelved(_ bytes: [UInt8]) -> String {
        var html: [UInt8] = []
        unshelve(bytes[...], to: &html)
        return String(decoding: html, as: UTF8.self)
    }

    /// Appends the HTML of a part as `shelved` kept it to `html`, with the root token back in place.
    static func unshelve(_ bytes: ArraySlice<UInt8>, to html: inout [UInt8]) {
        // Offsets count from the part's first byte, wherever the slice starts.
        let base = bytes.startIndex
        func number(at offset: Int) -> Int {
            guard offset + 4 <= bytes.count else { return 0 }
            return (0..<4).reduce(0) { $0 | Int(bytes[base + offset + $1]) << (8 * $1) }
        }
        let count = number(at: 0)
        let start = 4 + 4 * count
        guard start <= bytes.count else { return }
        let token = rootBytes
        html.reserveCapacity(html.count + bytes.count - start + count * token.count)
        var copied = start
        for index in 0..<count {
            let at = min(bytes.count, max(copied, start + number(at: 4 + 4 * index)))
            html += bytes[(base + copied)..<(base + at)]
            html += token
            copied = at
        }
        html += bytes[(base + copied)...]
    }
}
