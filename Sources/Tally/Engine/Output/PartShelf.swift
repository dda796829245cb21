import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rendered parts (post cards, feed entries) kept beside the site from one build to the next, so
/// that a rebuild reads the parts of unchanged items instead of rendering them again.
///
/// The parts are byte records in one file beside the output (`.public.tally-parts-<random>`),
/// which builds only append to. Where each record is (its key's digest, offset and length) is the
/// shelf's index, recorded with the build's states (`BuildMemory`): a build that fails leaves only
/// bytes no index names, and the index the previous build recorded stays right. A build that
/// starts afresh makes a new file; the site's writer removes the others once the state naming
/// this one is in place (`SiteWriter.removeShelves(keeping:)`).
///
/// Thread-safe: parts are added on the planning thread and read by the render stage.
final class PartShelf: @unchecked Sendable {
    /// Where a record is in the file.
    struct Location: Sendable, Equatable {
        var offset: Int
        var length: Int
    }

    /// The file's name, beside the output folder.
    private(set) var name: String
    private let folder: URL
    private let site: String
    private let lock = NSLock()
    private var descriptor: Int32
    /// Files `index()` moved the parts away from, open until the shelf goes (see `read`).
    private var retired: [Int32] = []
    /// Appended bytes not written to the file yet; they start at `flushed`.
    private var buffer: [UInt8] = []
    private var flushed: Int
    /// A write failed: parts are still read (from `buffer`), but no index is recorded.
    private var failed = false
    /// The previous build's index entries, sorted by key.
    private var previous: Entries
    /// This build's parts, each place packed in one word (`Place`): a million posts' cards and
    /// feed entries are 1.4 million parts, a table of 2^21 slots at 24 bytes rather than 32 (and,
    /// while it grows, both the old table and the new are alive).
    private var added: [ContentHash: Place] = [:]
    /// The places too large to pack, under the keys whose `added` entry says so: none, as a rule.
    private var unpacked: [ContentHash: Location] = [:]
    private var dropped: Set<ContentHash> = []
    /// How many bytes no index names the file may hold beyond as many as it names, before
    /// `index()` copies the live parts to a new file.
    private let slack: Int
    /// Whether the index names only the parts this build made or kept: a long table's rows,
    /// every one of which is made or found again whenever the table is. Otherwise it also names
    /// the previous build's parts this build did not touch (the post cards of lists not planned).
    private let keepsOnlyUsed: Bool

    private static let magic = Array("tally-parts 1\n".utf8)
    private static let entrySize = 28
    private static let bufferSize = 1 << 20

    /// The prefix of the keys shelves' indexes are recorded under with the build's states.
    static let stateKeyPrefix = "parts:"

    /// The name of the file an index (`index()`) names, when it is one.
    static func fileName(of state: [UInt8], site: String) -> String? {
        parse(state, site: site)?.0
    }

    /// The prefix of every shelf file of the site named `site` (the output folder's name).
    static func filePrefix(site: String) -> String { ".\(site).tally-parts-" }

    /// The shelf whose index `state` is (what `index` recorded), to append to and read from; a new,
    /// empty one when there is none or it is not there whole. Nil when no file can be made.
    init?(folder: URL, site: String, continuing state: [UInt8]?, slack: Int = 8 << 20, keepsOnlyUsed: Bool = false) {
        self.folder = folder
        self.site = site
        self.slack = slack
        self.keepsOnlyUsed = keepsOnlyUsed
        if let state, let (name, entries) = Self.parse(state, site: site) {
            let path = folder.appendingPathComponent(name).path
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            var info = stat()
            if descriptor >= 0, fstat(descriptor, &info) == 0, Self.fits(entries, size: Int(info.st_size)) {
                self.name = name
                self.descriptor = descriptor
                flushed = Int(info.st_size)
                previous = entries
                return
            }
            if descriptor >= 0 { close(descriptor) }
        }
        previous = Entries()
        flushed = 0
        guard let (name, descriptor) = Self.create(in: folder, site: site) else { return nil }
        self.name = name
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
        for descriptor in retired { close(descriptor) }
    }

    /// Where the previous build put the part under `key`, unless `drop` said it changed.
    func kept(_ key: ContentHash) -> Location? {
        lock.withLock {
            guard !dropped.contains(key) else { return nil }
            return previous.find(key)
        }
    }

    /// How many bytes the previous build's parts hold together.
    var previousBytes: Int {
        lock.withLock { previous.liveBytes }
    }

    /// Where this build put (or kept) the part under `key`.
    func made(_ key: ContentHash) -> Location? {
        lock.withLock { place(added[key], key) }
    }

    /// Forgets the previous build's parts under `keys`: what they were made from changed, and a
    /// build that does not make them again must not leave them to the next.
    func drop(_ keys: some Sequence<ContentHash>) {
        lock.withLock { dropped.formUnion(keys) }
    }

    /// Keeps `bytes` as the part under `key` and says where they are. A part this build already
    /// made stays where it is: two sections planned at once may each make the same part (a post's
    /// feed entry, the same whichever list it is made for).
    func add(_ key: ContentHash, _ bytes: [UInt8]) -> Location {
        lock.withLock {
            if let made = place(added[key], key) { return made }
            let location = Location(offset: flushed + buffer.count, length: bytes.count)
            buffer += bytes
            if buffer.count >= Self.bufferSize { flush() }
            record(key, location)
            return location
        }
    }

    /// Records that the part under `key` is where the previous build put it (`kept`).
    func keep(_ key: ContentHash, at location: Location) {
        lock.withLock { record(key, location) }
    }

    /// Appends the bytes at `location` to `out`.
    func read(_ location: Location, into out: inout [UInt8]) throws {
        try read([location]) { out += $0 }
    }

    /// Hands `body` the bytes at each of `locations`, in order. Parts that lie side by side in
    /// the file (a list's cards, made one after another) are read with one call: a page of fifty
    /// cards is then a read or two rather than fifty.
    ///
    /// The file is read outside the lock: what lies before `flushed` is never written again. Call
    /// `index()` only once every read is done: it may move the parts to a new file, and locations
    /// taken before then name places in the old one (which stays open until the shelf goes, so a
    /// read already under way when it moves them still finds its bytes).
    func read(_ locations: [Location], each body: (ArraySlice<UInt8>) throws -> Void) throws {
        // What the file holds is read from it; what is still buffered is copied under the lock.
        let (descriptor, flushed, buffered, name) = lock.withLock { () -> (Int32, Int, [Int: [UInt8]], String) in
            let flushed = self.flushed
            var buffered: [Int: [UInt8]] = [:]
            for (index, location) in locations.enumerated() where location.offset + location.length > flushed {
                let from = max(location.offset, flushed) - flushed, to = location.offset + location.length - flushed
                buffered[index] = Array(buffer[from..<min(to, buffer.count)])
            }
            return (self.descriptor, flushed, buffered, self.name)
        }
        // Runs of parts whose bytes in the file touch, each read at once.
        let order = locations.indices.filter { locations[$0].offset < flushed && locations[$0].length > 0 }
            .sorted { locations[$0].offset < locations[$1].offset }
        var runs: [(start: Int, end: Int)] = []
        var run = Array(repeating: 0, count: locations.count)
        for index in order {
            let start = locations[index].offset, end = min(locations[index].offset + locations[index].length, flushed)
            if let last = runs.last, start >= last.start, start <= last.end {
                runs[runs.count - 1].end = max(last.end, end)
            } else {
                runs.append((start, end))
            }
            run[index] = runs.count - 1
        }
        var bytes: [[UInt8]] = []
        bytes.reserveCapacity(runs.count)
        for (start, end) in runs {
            var chunk = [UInt8](repeating: 0, count: end - start)
            try chunk.withUnsafeMutableBytes { raw in
                var done = 0
                while done < raw.count {
                    let got = pread(descriptor, raw.baseAddress! + done, raw.count - done, off_t(start + done))
                    guard got > 0 else { throw OutputError(path: name, reason: "cannot be read (\(String(cString: strerror(errno))))") }
                    done += got
                }
            }
            bytes.append(chunk)
        }
        for (index, location) in locations.enumerated() {
            let inFile = location.offset < flushed && location.length > 0
            let tail = buffered[index]
            switch (inFile, tail) {
            case (false, let tail?):
                try body(tail[...])
            case (true, nil):
                let from = location.offset - runs[run[index]].start
                try body(bytes[run[index]][from..<(from + location.length)])
            case (true, let tail?):
                let from = location.offset - runs[run[index]].start
                try body(ArraySlice(bytes[run[index]][from...] + tail))
            case (false, nil):
                try body([])
            }
        }
    }

    /// The index to record for the next build: every part this build kept or added, and the
    /// previous build's that it neither replaced nor dropped; nil when the file could not be
    /// written whole. Copies the live parts to a new file first when most of the file's bytes
    /// are parts no index names any more.
    func index() -> [UInt8]? {
        lock.withLock {
            flush()
            guard !failed else { return nil }
            var entries = merged()
            if flushed > 2 * entries.liveBytes + slack, let moved = compacted(&entries) {
                retired.append(descriptor)
                (name, descriptor, flushed) = moved
                // What the shelf knows follows the parts to the new file: a later read, or index,
                // finds them there, not at their places in the old one.
                added = [:]
                unpacked = [:]
                added.reserveCapacity(entries.count)
                for index in 0..<entries.count { record(entries.key(at: index), entries.location(at: index)) }
                previous = Entries()
                dropped = []
            }
            var bytes = Self.magic
            Self.append(UInt64(name.utf8.count), to: &bytes, size: 2)
            bytes += name.utf8
            return bytes + entries.bytes
        }
    }

    // MARK: Places in one word

    /// A part's place packed in one word: its offset in the low 40 bits (a terabyte), its length in
    /// the high 24 (16 MiB), or all ones when it does not fit and `unpacked` holds it.
    struct Place: Equatable {
        private(set) var word: UInt64

        static let unpacked = Place(word: .max)

        /// The place of `location`, or nil when it does not fit in the word.
        init?(_ location: Location) {
            guard location.offset >= 0, location.offset < 1 << 40, location.length >= 0, location.length < (1 << 24) - 1 else { return nil }
            word = UInt64(location.offset) | UInt64(location.length) << 40
        }

        private init(word: UInt64) {
            self.word = word
        }

        var location: Location {
            Location(offset: Int(word & ((1 << 40) - 1)), length: Int(word >> 40))
        }
    }

    /// Records `location` as this build's place of the part under `key`; call holding the lock.
    private func record(_ key: ContentHash, _ location: Location) {
        if let place = Place(location) {
            added[key] = place
            unpacked[key] = nil
        } else {
            added[key] = .unpacked
            unpacked[key] = location
        }
    }

    /// The location `place` (an `added` entry of `key`) stands for; call holding the lock.
    private func place(_ place: Place?, _ key: ContentHash) -> Location? {
        guard let place else { return nil }
        return place == .unpacked ? unpacked[key] : place.location
    }

    // MARK: The index

    /// Every live entry, sorted by key: this build's, and (unless it keeps only those) the previous
    /// build's it did not replace or drop.
    private func merged() -> Entries {
        let fresh = added.sorted { Self.less($0.key, $1.key) }
        var merged = Entries()
        merged.bytes.reserveCapacity((fresh.count + (keepsOnlyUsed ? 0 : previous.count)) * Self.entrySize)
        func append(_ entry: (key: ContentHash, value: Place)) {
            merged.append(entry.key, place(entry.value, entry.key)!)
        }
        var next = 0
        for index in 0..<(keepsOnlyUsed ? 0 : previous.count) {
            let key = previous.key(at: index)
            while next < fresh.count, Self.less(fresh[next].key, key) {
                append(fresh[next])
                next += 1
            }
            if next < fresh.count, fresh[next].key == key { continue }
            guard !dropped.contains(key) else { continue }
            merged.append(key, previous.location(at: index))
        }
        for entry in fresh[next...] { append(entry) }
        return merged
    }

    /// The live parts copied to a new file, with their new places; nil when it could not be made
    /// (the old file then stays, bytes no index names and all).
    private func compacted(_ entries: inout Entries) -> (String, Int32, Int)? {
        guard let (name, target) = Self.create(in: folder, site: site) else { return nil }
        var written = 0
        var moved = entries
        var chunk: [UInt8] = []
        for index in (0..<entries.count).sorted(by: { entries.location(at: $0).offset < entries.location(at: $1).offset }) {
            chunk.removeAll(keepingCapacity: true)
            guard (try? readUnlocked(entries.location(at: index), into: &chunk)) != nil, Self.write(chunk, to: target, at: written) else {
                close(target)
                unlink(folder.appendingPathComponent(name).path)
                return nil
            }
            moved.set(Location(offset: written, length: chunk.count), at: index)
            written += chunk.count
        }
        entries = moved
        return (name, target, written)
    }

    private func readUnlocked(_ location: Location, into out: inout [UInt8]) throws {
        out += repeatElement(0, count: location.length)
        try out.withUnsafeMutableBytes { bytes in
            var done = 0
            while done < location.length {
                let got = pread(descriptor, bytes.baseAddress! + done, location.length - done, off_t(location.offset + done))
                guard got > 0 else { throw OutputError(path: name, reason: "cannot be read") }
                done += got
            }
        }
    }

    private func flush() {
        guard !buffer.isEmpty, !failed else { return }
        guard Self.write(buffer, to: descriptor, at: flushed) else {
            // The disk is full or gone: parts stay readable from memory, and none is recorded.
            failed = true
            return
        }
        flushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    // MARK: Files and bytes

    private static func create(in folder: URL, site: String) -> (String, Int32)? {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4 {
            let name = filePrefix(site: site) + String(generator.next() as UInt64, radix: 16)
            let descriptor = open(folder.appendingPathComponent(name).path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (name, descriptor) }
        }
        return nil
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) -> Bool {
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let wrote = pwrite(descriptor, raw.baseAddress! + written, raw.count - written, off_t(offset + written))
                guard wrote > 0 else { return false }
                written += wrote
            }
            return true
        }
    }

    /// The file name and the entries of an index, when it is one this Tally recorded for `site`.
    private static func parse(_ state: [UInt8], site: String) -> (String, Entries)? {
        guard state.starts(with: magic), state.count >= magic.count + 2 else { return nil }
        let length = Int(state[magic.count]) | Int(state[magic.count + 1]) << 8
        let start = magic.count + 2 + length
        guard start <= state.count, (state.count - start) % entrySize == 0 else { return nil }
        let name = String(decoding: state[(magic.count + 2)..<start], as: UTF8.self)
        guard name.hasPrefix(filePrefix(site: site)), !name.contains("/") else { return nil }
        // The state's own bytes, not a copy: at a hundred thousand posts they are megabytes.
        return (name, Entries(bytes: state, start: start))
    }

    /// Whether every entry's bytes lie inside a file of `size` bytes.
    private static func fits(_ entries: Entries, size: Int) -> Bool {
        (0..<entries.count).allSatisfy { index in
            let location = entries.location(at: index)
            return location.offset + location.length <= size
        }
    }

    private static func less(_ left: ContentHash, _ right: ContentHash) -> Bool {
        (left.a, left.b) < (right.a, right.b)
    }

    /// Index entries, `entrySize` bytes each from `start` (the key's two lanes, the offset, the
    /// length, little-endian), sorted by key.
    private struct Entries {
        var bytes: [UInt8] = []
        var start = 0

        var count: Int { (bytes.count - start) / PartShelf.entrySize }

        var liveBytes: Int { (0..<count).reduce(0) { $0 + location(at: $1).length } }

        func key(at index: Int) -> ContentHash {
            ContentHash(a: load(index * PartShelf.entrySize, 8), b: load(index * PartShelf.entrySize + 8, 8))
        }

        func location(at index: Int) -> Location {
            Location(offset: Int(load(index * PartShelf.entrySize + 16, 8)), length: Int(load(index * PartShelf.entrySize + 24, 4)))
        }

        func find(_ key: ContentHash) -> Location? {
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                let found = self.key(at: middle)
                if found == key { return location(at: middle) }
                if PartShelf.less(found, key) { low = middle + 1 } else { high = middle }
            }
            return nil
        }

        mutating func append(_ key: ContentHash, _ location: Location) {
            PartShelf.append(key.a, to: &bytes, size: 8)
            PartShelf.append(key.b, to: &bytes, size: 8)
            PartShelf.append(UInt64(location.offset), to: &bytes, size: 8)
            PartShelf.append(UInt64(location.length), to: &bytes, size: 4)
        }

        mutating func set(_ location: Location, at index: Int) {
            let at = start + index * PartShelf.entrySize + 16
            for byte in 0..<8 { bytes[at + byte] = UInt8(truncatingIfNeeded: UInt64(location.offset) >> (8 * UInt64(byte))) }
            for byte in 0..<4 { bytes[at + 8 + byte] = UInt8(truncatingIfNeeded: UInt64(location.length) >> (8 * UInt64(byte))) }
        }

        /// The little-endian number of `size` bytes (4 or 8) at `offset`, loaded as one word: a
        /// byte at a time, the keys a rebuild's lookups compare were a sixtieth of its time.
        private func load(_ offset: Int, _ size: Int) -> UInt64 {
            let at = start + offset
            precondition(at >= 0 && at + size <= bytes.count, "an index entry lies inside the index")
            return bytes.withUnsafeBytes { raw in
                size == 8 ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    : UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
            }
        }
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8], size: Int) {
        for index in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
