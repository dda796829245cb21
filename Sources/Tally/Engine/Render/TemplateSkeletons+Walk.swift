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

        mutating func add(_ text: String) {
            for byte in text.utf8 { add(byte) }
        }

        /// A count, as its bytes.
        mutating func add(count: Int) {
            add(word: UInt64(bitPattern: Int64(count)))
        }

        mutating func add(word: UInt64) {
            var value = word
            for _ in 0..<8 {
                add(UInt8(value & 0xff))
                value >>= 8
            }
        }
    }

    /// One walk of a model: its shape, hashed, its text values in order, and its runs' values.
    struct Walk {
        var hasher = ShapeHasher()
        /// The values outside runs, in the order met (a dictionary's keys sorted).
        var values: [String] = []
        /// Per run, per item, the item's values.
        var runs: [[[String]]] = []
        /// For each list of at least `runLength` items met where runs may be, in order: whether it is one.
        var decisions: [Bool] = []
        /// False inside a long list's items: a run holds no runs.
        var runsAllowed = true

        /// False when the model holds a value of a kind the cache does not take.
        mutating func visit(_ value: Any) -> Bool {
            switch value {
            case let text as String:
                if text.isEmpty {
                    hasher.add(UInt8(ascii: "e"))
                } else {
                    hasher.add(UInt8(ascii: "s"))
                    values.append(text)
                }
            case let flag as Bool:
                hasher.add(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
            case let number as TemplateInteger:
                // Its own kind: a number's transforms are filled in from its text.
                hasher.add(UInt8(ascii: "n"))
                values.append(number.renderText)
            case let number as Int:
                return visit(String(number))
            case let number as Int64:
                return visit(String(number))
            case let dictionary as [String: Any]:
                hasher.add(UInt8(ascii: "{"))
                hasher.add(count: dictionary.count)
                for key in dictionary.keys.sorted() {
                    // Length first, so that keys cannot run into each other.
                    hasher.add(count: key.utf8.count)
                    hasher.add(key)
                    guard visit(dictionary[key]!) else { return false }
                }
            case let array as [Any]:
                if runsAllowed, array.count >= TemplateSkeletons.runLength { return visit(long: array) }
                hasher.add(UInt8(ascii: "["))
                hasher.add(count: array.count)
                for element in array {
                    guard visit(element) else { return false }
                }
            default:
                return false
            }
            return true
        }

        /// A long list: a run when its items share one shape and hold a value each; otherwise its
        /// length and items are part of the shape as a short list's are.
        private mutating func visit(long array: [Any]) -> Bool {
            var items: [Walk] = []
            items.reserveCapacity(array.count)
            for element in array {
                var item = Walk(runsAllowed: false)
                guard item.visit(element) else { return false }
                items.append(item)
            }
            let first = items[0]
            let run = !first.values.isEmpty && items.allSatisfy { $0.hasher == first.hasher }
            decisions.append(run)
            if run {
                hasher.add(UInt8(ascii: "*"))
                hasher.add(word: first.hasher.a)
                hasher.add(word: first.hasher.b)
                runs.append(items.map(\.values))
            } else {
                hasher.add(UInt8(ascii: "["))
                hasher.add(count: items.count)
                for item in items {
                    hasher.add(word: item.hasher.a)
                    hasher.add(word: item.hasher.b)
                    values += item.values
                }
            }
            return true
        }
    }

    /// A model made again with its values replaced by placeholders numbered as `Walk` met them,
    /// each run given `items` stand-in items, or (`keepingValues`) with its values and each run
    /// cut to its first `items` items.
    struct StandIn {
        let decisions: [Bool]
        let items: Int
        var keepingValues = false
        private var next = 0
        private var decision = 0
        private var run = 0
        /// The run item being made, and its next field's number.
        private var current: (run: Int, item: Int, field: Int)?

        init(decisions: [Bool], items: Int, keepingValues: Bool = false) {
            self.decisions = decisions
            self.items = items
            self.keepingValues = keepingValues
        }

        mutating func replacing(_ value: Any) -> Any {
            replace(value, runsAllowed: true)
        }

        /// The next placeholder's name: `G` and a value's number, or `A` run `E` item `F` field.
        private mutating func id() -> String {
            if let item = current {
                current?.field += 1
                return "A\(item.run)E\(item.item)F\(item.field)"
            }
            next += 1
            return "G\(next - 1)"
        }

        private mutating func replace(_ value: Any, runsAllowed: Bool) -> Any {
            switch value {
            case let text as String:
                return keepingValues || text.isEmpty ? text : Skeleton.placeholder(id())
            case is Bool:
                return value
            case is TemplateInteger:
                return keepingValues ? value : StandInInteger(id: id())
            case is Int, is Int64:
                return keepingValues ? value : Skeleton.placeholder(id())
            case let dictionary as [String: Any]:
                var out: [String: Any] = Dictionary(minimumCapacity: dictionary.count)
                for key in dictionary.keys.sorted() { out[key] = replace(dictionary[key]!, runsAllowed: runsAllowed) }
                return out
            case let array as [Any]:
                guard runsAllowed, array.count >= TemplateSkeletons.runLength, decision < decisions.count else {
                    return array.map { replace($0, runsAllowed: runsAllowed) }
                }
                decision += 1
                guard decisions[decision - 1] else { return array.map { replace($0, runsAllowed: false) } }
                run += 1
                if keepingValues { return Array(array.prefix(items)) }
                // Every item has the first's shape: the stand-ins are made from it.
                return (0..<items).map { item -> Any in
                    current = (run - 1, item, 0)
                    defer { current = nil }
                    return replace(array[0], runsAllowed: false)
                }
            default:
                return value
            }
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
