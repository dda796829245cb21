import Mustache

extension TemplateSkeletons {
    /// FNV-1a over the shape's bytes, two lanes.
    struct ShapeHasher: Equatable {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4

        mutating func add(_ byte: UInt8) {
            a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
            b = (b ^ UInt64(byte &+ 0x5b)) &* 0x100_0000_01b3
        }

        /// A key: its length, then its bytes eight at a time (a model's keys are most of its shape).
        mutating func add(key: String) {
            var key = key
            key.withUTF8 { bytes in
                add(word: UInt64(bytes.count))
                var index = 0
                while index < bytes.count {
                    var word: UInt64 = 0
                    for offset in 0..<min(8, bytes.count - index) { word |= UInt64(bytes[index + offset]) << (8 * offset) }
                    add(word: word)
                    index += 8
                }
            }
        }

        /// A count, as its bytes.
        mutating func add(count: Int) {
            add(word: UInt64(bitPattern: Int64(count)))
        }

        /// Eight bytes at once: each lane takes the word whole, so a word costs two multiplications.
        mutating func add(word: UInt64) {
            a = (a ^ word) &* 0x100_0000_01b3
            b = (b ^ (word &+ 0x5b5b_5b5b_5b5b_5b5b)) &* 0xff51_afd7_ed55_8ccd
            a ^= a >> 29
            b ^= b >> 31
        }
    }

    /// One walk of a model: its shape, hashed, its text values in order, and its runs' values.
    ///
    /// The model is walked straight from its `Encodable` conformance (`ShapeEncoder`), in the
    /// order it encodes its keys, which is fixed for a type: no dictionaries are made for a page
    /// whose skeleton is kept, only its values collected (making the dictionaries swift-mustache
    /// reads, and walking them, was a fifth of a full build's time).
    struct Walk {
        var hasher = ShapeHasher()
        /// The values outside runs, in the order met.
        var values: [String] = []
        /// Per run, per item, the item's values.
        var runs: [[[String]]] = []
        /// Per run, how many HTML fragments its items registered in the page's table from the
        /// `checkedItems`-th on: a check that cuts the run there reserves their numbers instead of
        /// encoding those items again (`StandIn.skippedFragments`).
        var fragmentsPastCheck: [Int] = []
        /// The page's fragment count once the value walked ended (a list item's, for its run).
        var fragmentsAtEnd = 0
        /// For each list met outside a run's items, in the order the lists begin: whether it is a run.
        var decisions: [Bool] = []
        /// How many lists of at least `runLength` items the walk met: the items of a run hold none.
        var longLists = 0

        /// The walk of `model`, or nil when it holds a value of a kind the cache does not take
        /// (a fraction, a nil given as a value); a `ShapeWalkable` model walks itself.
        init?(_ model: any Encodable) throws {
            if let walkable = model as? any ShapeWalkable {
                self = try ShapeWalker.walk(walkable)
                return
            }
            try self.init(encoding: model)
        }

        /// The walk of `model` through its `Encodable` conformance, even where it walks itself.
        init?(encoding model: any Encodable) throws {
            let encoder = ShapeEncoder(box: ShapeEncoder.Box())
            try model.encode(to: encoder)
            guard encoder.box.usable else { return nil }
            encoder.close()
            self = encoder.box.walk
        }

        init() {}

        mutating func text(_ text: String) {
            if text.isEmpty {
                hasher.add(UInt8(ascii: "e"))
            } else {
                hasher.add(UInt8(ascii: "s"))
                values.append(text)
            }
        }

        mutating func flag(_ flag: Bool) {
            hasher.add(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        }

        /// A whole number, its own kind: its transforms are filled in from its text.
        mutating func integer(_ number: Int) {
            hasher.add(UInt8(ascii: "n"))
            values.append(String(number))
        }

        /// A list that began at decision `slot`, with its items' walks. A run when it is long,
        /// its items share one shape, hold a value each and no long list; otherwise its length
        /// and its items' shapes are part of the shape, and their values, runs and decisions follow.
        mutating func list(_ items: [Walk], slot: Int) {
            let long = items.count >= TemplateSkeletons.runLength
            if long { longLists += 1 }
            if long, let first = items.first, !first.values.isEmpty,
               items.allSatisfy({ $0.longLists == 0 && $0.hasher == first.hasher }) {
                decisions[slot] = true
                hasher.add(UInt8(ascii: "*"))
                hasher.add(word: first.hasher.a)
                hasher.add(word: first.hasher.b)
                runs.append(items.map(\.values))
                let checked = TemplateSkeletons.checkedItems
                fragmentsPastCheck.append(items.count > checked ? items[items.count - 1].fragmentsAtEnd - items[checked - 1].fragmentsAtEnd : 0)
                return
            }
            hasher.add(UInt8(ascii: "["))
            hasher.add(count: items.count)
            for item in items {
                hasher.add(word: item.hasher.a)
                hasher.add(word: item.hasher.b)
                values += item.values
                runs += item.runs
                fragmentsPastCheck += item.fragmentsPastCheck
                decisions += item.decisions
                longLists += item.longLists
            }
        }
    }

    /// Numbers a model's values as placeholders while `MustacheValueEncoder` encodes it, in the
    /// order `Walk` met them, each run given `items` stand-in items made from its first; or
    /// (`keepingValues`) leaves the values and cuts each run to its first `items` items.
    final class StandIn {
        let decisions: [Bool]
        let items: Int
        let keepingValues: Bool
        /// With values kept: per run, how many fragments its items past the cut registered when
        /// the model was walked. Those items are not encoded again; their numbers in the page's
        /// table are reserved, so the values after the run are numbered as the walk numbered them
        /// (encoding all 14,000 rows of a People page to check three was most of making its skeleton).
        let skippedFragments: [Int]?
        private var next = 0
        private var decision = 0
        private var run = 0
        /// The run item being made, and its next field's number; set inside a run's items.
        private var current: (run: Int, item: Int, field: Int)?

        init(decisions: [Bool], items: Int, keepingValues: Bool = false, skippedFragments: [Int]? = nil) {
            self.decisions = decisions
            self.items = items
            self.keepingValues = keepingValues
            self.skippedFragments = skippedFragments
        }

        /// The next placeholder's name: `G` and a value's number, or `A` run `E` item `F` field.
        private func id() -> String {
            if let item = current {
                current?.field += 1
                return "A\(item.run)E\(item.item)F\(item.field)"
            }
            next += 1
            return "G\(next - 1)"
        }

        func text(_ text: String) -> Any {
            keepingValues || text.isEmpty ? text : Skeleton.placeholder(id())
        }

        func integer(_ number: Int) -> Any {
            keepingValues ? TemplateInteger(value: number) : StandInInteger(id: id())
        }

        /// At a list's start: the run's number when it is one. A list inside a run's item is
        /// none, and is not among the decisions.
        func openList() -> Int? {
            guard current == nil, decision < decisions.count else { return nil }
            decision += 1
            guard decisions[decision - 1] else { return nil }
            run += 1
            return run - 1
        }

        /// Makes a run's item `item` with `make`: its values numbered as the run's.
        func item<T>(_ item: Int, of run: Int, _ make: () throws -> T) rethrows -> T {
            current = (run, item, 0)
            defer { current = nil }
            return try make()
        }
    }

    /// A whole number's stand-in: its placeholder, and for each of `TemplateInteger`'s transforms
    /// that give text, a placeholder naming the transform, applied when the skeleton is filled.
    struct StandInInteger: MustacheCustomRenderable, MustacheTransformable {
        let id: String
        var renderText: String { Skeleton.placeholder(id) }
        var isNull: Bool { false }

        func transform(_ name: String) -> Any? {
            guard name == "grouped" || TemplateInteger.singular(of: name) != nil else { return nil }
            return Skeleton.placeholder(id, transform: name)
        }
    }
}
