/// What a build leaves beside its site for the next one: what the site was made from but the
/// store's rows (`global`), and each source's state (what its pages were planned from), so that a
/// rebuild with the same `global` can plan only what changed and update the site in place.
public struct BuildRecord: Sendable, Equatable {
    /// `BuildFingerprint.global`: the binary, theme, settings and navigation.
    public var global: String
    /// Each source's state by source id, opaque to the engine.
    public var states: [String: [UInt8]]
    /// The shelf files of rendered parts the states name (`PartShelf`), kept beside the site.
    var shelves: Set<String> = []

    public init(global: String, states: [String: [UInt8]]) {
        self.global = global
        self.states = states
    }

    init(global: String, states: [String: [UInt8]], shelves: Set<String>) {
        self.init(global: global, states: states)
        self.shelves = shelves
    }

    private static let magic = Array("tally-state 1\n".utf8)

    /// The state file's bytes: a header line, then per source its id and state, each with its length.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        encode { bytes += $0 }
        return bytes
    }

    /// Hands the state file's bytes (`encoded`) to `emit` a piece at a time, each state as it is
    /// held: at a hundred thousand posts the file is megabytes, and need not be made whole first.
    func encode(_ emit: ([UInt8]) throws -> Void) rethrows {
        try emit(Self.magic)
        for (id, state) in states.sorted(by: { $0.key < $1.key }) {
            var header: [UInt8] = []
            Self.append(UInt64(id.utf8.count), to: &header)
            header += id.utf8
            Self.append(UInt64(state.count), to: &header)
            try emit(header)
            try emit(state)
        }
    }

    /// The states of a state file, or nil when it is not one this Tally wrote whole.
    static func states(decoding bytes: [UInt8]) -> [String: [UInt8]]? {
        entries(decoding: bytes).map { entries in
            entries.reduce(into: [:]) { states, entry in states[entry.id] = Array(bytes[entry.range]) }
        }
    }

    /// Where each state of a state file is in its bytes, by id; nil when it is not one this Tally
    /// wrote whole.
    static func entries(decoding bytes: [UInt8]) -> [(id: String, range: Range<Int>)]? {
        guard bytes.starts(with: magic) else { return nil }
        var entries: [(id: String, range: Range<Int>)] = []
        var at = magic.count
        func length() -> Int? {
            guard at + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            at += 8
            return value <= UInt64(bytes.count - at) ? Int(value) : nil
        }
        while at < bytes.count {
            guard let idLength = length() else { return nil }
            let id = String(decoding: bytes[at..<at + idLength], as: UTF8.self)
            at += idLength
            guard let stateLength = length() else { return nil }
            entries.append((id, at..<at + stateLength))
            at += stateLength
        }
        return entries
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
