extension TweetText {
    /// The ranges entities already hold in a text, which never overlap: whether a new range
    /// overlaps one costs O(log n), and taking a range costs its length, so all of them together
    /// cost the text's length (plus a logarithm per entity).
    struct TakenRanges {
        /// Scalars inside a taken range.
        private var covered: [Bool]
        /// A Fenwick tree counting the taken ranges that start at each scalar.
        private var starts: [Int32]

        init(length: Int) {
            covered = [Bool](repeating: false, count: length + 1)
            starts = [Int32](repeating: 0, count: length + 2)
        }

        /// Whether `range` (not empty) shares a scalar with a taken range: one starts inside it,
        /// or one that starts before it covers its first scalar.
        func overlaps(_ range: Range<Int>, work: WorkCounter?) -> Bool {
            if covered[range.lowerBound] { return true }
            return startsBefore(range.upperBound, work: work) - startsBefore(range.lowerBound + 1, work: work) > 0
        }

        mutating func insert(_ range: Range<Int>, work: WorkCounter?) {
            work?.add(range.count)
            for index in range { covered[index] = true }
            var index = range.lowerBound + 1
            while index < starts.count {
                work?.add()
                starts[index] += 1
                index += index & -index
            }
        }

        /// How many taken ranges start before scalar `end`.
        private func startsBefore(_ end: Int, work: WorkCounter?) -> Int {
            var total = 0
            var index = end
            while index > 0 {
                work?.add()
                total += Int(starts[index])
                index -= index & -index
            }
            return total
        }
    }

    /// Where each hashtag and mention could stand in a text: every sigil (`#`, `＃`, `@`, `＠`)
    /// followed by a run of word scalars, keyed by that run lower-cased. Built in one pass over
    /// the text, so looking for an entity whose offsets missed costs its own length, not the text's.
    struct Candidates {
        private var places: [TextEntity.Kind: [String: [Range<Int>]]] = [:]
        /// Per key, the first place not yet known to be taken: a place once overlapped stays so.
        private var next: [TextEntity.Kind: [String: Int]] = [:]

        init(_ scalars: [Unicode.Scalar], work: WorkCounter?) {
            var index = 0
            while index < scalars.count {
                work?.add()
                let scalar = scalars[index]
                guard let kind = [TextEntity.Kind.hashtag, .user].first(where: { $0.isSigil(scalar) }) else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < scalars.count, TweetText.isWordScalar(scalars[end]) { end += 1 }
                work?.add(end - index)
                if end > index + 1 {
                    // Lower-cased scalar by scalar, keeping a scalar whose lower case is longer, so
                    // the range stays the text's own.
                    var key = String.UnicodeScalarView()
                    for scalar in scalars[(index + 1)..<end] {
                        let lowered = scalar.properties.lowercaseMapping.unicodeScalars
                        if lowered.count == 1 { key.append(lowered.first!) } else { key.append(scalar) }
                    }
                    places[kind, default: [:]][String(key), default: []].append(index..<end)
                }
                // The run holds no sigil: the next one is after it.
                index = end
            }
        }

        /// The first place of `entity` that overlaps no taken range, or nil.
        mutating func first(_ entity: TextEntity, avoiding taken: TakenRanges, work: WorkCounter?) -> Range<Int>? {
            let key = entity.value.lowercased()
            work?.add(entity.value.utf8.count)
            guard let list = places[entity.kind]?[key] else { return nil }
            var index = next[entity.kind]?[key] ?? 0
            defer { next[entity.kind, default: [:]][key] = index }
            while index < list.count {
                let range = list[index]
                index += 1
                if !taken.overlaps(range, work: work) { return range }
            }
            return nil
        }
    }
}
