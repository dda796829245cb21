/// The skeletons a build kept, carried to the next build of the same site (`BuildMemory`), so
/// that a rebuild fills the shapes the last build found instead of making each again.
///
/// Making a skeleton renders its template two or three times through swift-mustache and, for a
/// page body, through cmark-gfm; a full build makes each shape once for thousands of pages, but a
/// rebuild after one more search page makes every shape it meets for a few pages each: 4.8 % of a
/// 20k rebuild's CPU (`perf`, 3,050 samples). A skeleton depends only on its template's text (and
/// its partials'), the binary and its model's shape, which its key digests; so the state names the
/// theme it was made with (`Theme.digest`), and a rebuild takes it only with the same theme, and
/// only when the site's global fingerprint (the binary among it) let it update the site at all.
extension TemplateSkeletons {
    /// Under this key the build's memory keeps the skeletons.
    static let stateKey = "render:skeletons"
    /// At most this many bytes of skeletons are kept for the next build (past it, in the order of
    /// their keys, those that do not fit are left out).
    static let keptByteLimit = 8 << 20

    /// The kept skeletons as state bytes, for a theme with digest `theme`: in the order of their
    /// keys, so that two builds that found the same shapes keep the same bytes.
    func state(theme: String) -> [UInt8] {
        let entries = kept.sorted { ($0.key.name, $0.key.a, $0.key.b, $0.key.values) < ($1.key.name, $1.key.a, $1.key.b, $1.key.values) }
        var out = StateBytes()
        out.append(Self.stateFormat)
        out.append(theme)
        var total = 0
        var chosen: [(key: Key, skeleton: Skeleton, body: BodySkeleton?)] = []
        for entry in entries {
            let size = entry.skeleton.size + (entry.body?.size ?? 0)
            guard total + size <= Self.keptByteLimit else { continue }
            total += size
            chosen.append(entry)
        }
        out.append(UInt64(chosen.count))
        for (key, skeleton, body) in chosen {
            out.append(key.name)
            out.append(key.a)
            out.append(key.b)
            out.append(UInt64(key.values))
            Self.append(skeleton.pieces, to: &out)
            out.append(UInt64(body == nil ? 0 : 1))
            if let body { Self.append(body.skeleton.pieces, to: &out) }
        }
        return out.bytes
    }

    /// Takes the skeletons `state` holds when they were made with the theme whose digest is
    /// `theme`; nothing from bytes `state(theme:)` did not write.
    func restore(_ state: [UInt8], theme: String) {
        var reader = StateReader(state)
        guard reader.text() == Self.stateFormat, reader.text() == theme, let count = reader.number(), count <= UInt64(state.count) else { return }
        var found: [(key: Key, skeleton: Skeleton, body: BodySkeleton?)] = []
        for _ in 0..<count {
            guard let name = reader.text(), let a = reader.number(), let b = reader.number(), let values = reader.number(),
                  values <= UInt64(state.count), let pieces = Self.pieces(&reader, values: Int(values), depth: 0),
                  let hasBody = reader.number(), hasBody <= 1 else { return }
            var body: BodySkeleton?
            if hasBody == 1 {
                guard let bodyPieces = Self.pieces(&reader, values: Int(values), depth: 0) else { return }
                body = BodySkeleton(kept: Skeleton(kept: bodyPieces))
            }
            var key = Key(name: name, shape: ShapeHasher(), values: Int(values))
            key.a = a
            key.b = b
            found.append((key, Skeleton(kept: pieces), body))
        }
        guard reader.isAtEnd else { return }
        adopt(found)
    }

    private static let stateFormat = "tally-skeletons 1"

    private static func append(_ pieces: [Skeleton.Piece], to out: inout StateBytes) {
        out.append(UInt64(pieces.count))
        for piece in pieces {
            switch piece {
            case .literal(let text):
                out.append(UInt64(0))
                out.append(text)
            case .value(let index, let slot):
                out.append(UInt64(1))
                out.append(UInt64(index))
                append(slot, to: &out)
            case .field(let index, let slot):
                out.append(UInt64(2))
                out.append(UInt64(index))
                append(slot, to: &out)
            case .run(let run, let item, let glue):
                out.append(UInt64(3))
                out.append(UInt64(run))
                append(item, to: &out)
                append(glue, to: &out)
            }
        }
    }

    private static func append(_ slot: Skeleton.Slot, to out: inout StateBytes) {
        let escaping: UInt64 = switch slot.escaping {
        case .none: 0
        case .html: 1
        case .safeHTML: 2
        case .markdown: 3
        case .bodyText: 4
        case .bodyHref(let start): start ? 6 : 5
        }
        out.append(escaping)
        out.append(UInt64(slot.transform == nil ? 0 : 1))
        if let transform = slot.transform { out.append(transform) }
    }

    /// Pieces as `append` wrote them; nil for anything else, a value past the key's `values`
    /// among it (its fill would read past the model's), or runs nested deeper than any template's.
    private static func pieces(_ reader: inout StateReader, values: Int, depth: Int) -> [Skeleton.Piece]? {
        guard depth < 16, let count = reader.number(), count <= 1 << 24 else { return nil }
        var pieces: [Skeleton.Piece] = []
        for _ in 0..<count {
            guard let kind = reader.number() else { return nil }
            switch kind {
            case 0:
                guard let text = reader.text() else { return nil }
                pieces.append(.literal(text))
            case 1:
                guard let index = reader.number(), index < UInt64(values), let slot = slot(&reader) else { return nil }
                pieces.append(.value(Int(index), slot))
            case 2:
                guard let index = reader.number(), index <= 1 << 24, let slot = slot(&reader) else { return nil }
                pieces.append(.field(Int(index), slot))
            case 3:
                guard let run = reader.number(), run <= 1 << 24, let item = Self.pieces(&reader, values: values, depth: depth + 1),
                      let glue = Self.pieces(&reader, values: values, depth: depth + 1) else { return nil }
                pieces.append(.run(Int(run), item: item, glue: glue))
            default:
                return nil
            }
        }
        return pieces
    }

    private static func slot(_ reader: inout StateReader) -> Skeleton.Slot? {
        guard let code = reader.number(), let hasTransform = reader.number(), hasTransform <= 1 else { return nil }
        let escaping: Skeleton.Escaping
        switch code {
        case 0: escaping = .none
        case 1: escaping = .html
        case 2: escaping = .safeHTML
        case 3: escaping = .markdown
        case 4: escaping = .bodyText
        case 5: escaping = .bodyHref(start: false)
        case 6: escaping = .bodyHref(start: true)
        default: return nil
        }
        var transform: String?
        if hasTransform == 1 {
            guard let text = reader.text() else { return nil }
            transform = text
        }
        return Skeleton.Slot(escaping: escaping, transform: transform)
    }
}

extension TemplateSkeletons.Skeleton {
    /// A skeleton a previous build made and checked (`TemplateSkeletons.restore`).
    init(kept pieces: [Piece]) {
        self.pieces = pieces
    }
}

extension BodySkeleton {
    /// A body skeleton a previous build made and checked (`TemplateSkeletons.restore`).
    init(kept skeleton: TemplateSkeletons.Skeleton) {
        self.skeleton = skeleton
    }
}
