import Foundation
import Mustache

/// Renders mustache templates through a cache of their output's shape, so that swift-mustache
/// runs once per shape of model instead of once per page.
///
/// What a template makes depends on its model's shape (which keys are there, the flags, how long
/// each list is) and, for the rest, only on the text of its values, each inserted escaped or as
/// it is. So a template is rendered once per shape with every text value replaced by a numbered
/// placeholder, the output is cut at the placeholders into a skeleton, and each later model of
/// that shape only fills the skeleton, each value escaped as the placeholder was. swift-mustache
/// still decides everything a template says (sections, partials, standalone lines, escaping by
/// content type); profiles of the build showed its per-value look-ups (dynamic casts on every
/// name) were a third of the build's time.
///
/// A long list whose items all have one shape (a table's rows: the People page's 14,000) is a
/// *run*: its length is not part of the shape. Its section's text repeats once per item, so the
/// skeleton keeps one item's part and the text between two items, found by rendering the model
/// with two stand-in items, and checked with three (a template's output grows by the same text
/// with each item, so agreeing at two and three items it agrees at any number). A long table's
/// page is then made without swift-mustache visiting its rows, in every build.
///
/// That holds only for templates whose output depends on a value's text through insertion alone.
/// A template (or a partial it includes) that transforms values other than numbers
/// (`{{uppercased(x)}}`), asks where it is in a list (`{{#first()}}`), picks a partial by a value
/// (`{{>*x}}`) or indents a standalone partial is always rendered directly, and so is a model
/// holding values of other kinds. A number's own transforms (`{{grouped(n)}}`, `{{posts(n)}}`,
/// `TemplateInteger`) are kept in the skeleton and applied when it is filled. A new skeleton is
/// kept only when filling it gives exactly what rendering the model directly gives (for a model
/// with runs: the model cut to three items of each run). The cache is bounded in bytes, and a
/// template whose shapes rarely repeat stops being cached.
final class TemplateSkeletons: @unchecked Sendable {
    /// The most bytes of skeleton text kept, over every template.
    static let byteLimit = 32 << 20
    /// After this many new shapes, a template whose shapes were found fewer times than they were
    /// made renders directly from then on.
    static let trialShapes = 512
    /// How many items a list needs to be a run (below it, its length is part of the shape).
    static let runLength = 8
    /// How many items of each run a new skeleton is checked with (and, less one, made from).
    static let checkedItems = 3

    /// The templates that may be cached; every other one renders directly.
    private let known: Set<String>
    private let lock = NSLock()
    private var skeletons: [Key: Skeleton] = [:]
    private var unusable: Set<Key> = []
    /// Page bodies' HTML by the shape of their Markdown template's model (`BodySkeleton`), and
    /// the shapes whose body has none.
    private var bodies: [Key: BodySkeleton] = [:]
    private var bodyless: Set<Key> = []
    /// Body skeletons made from a page one of whose values they could not fill: kept unchecked
    /// until a page they fill checks them.
    private var uncheckedBodies: [Key: BodySkeleton] = [:]
    private var bodyHits: [String: Int] = [:]
    private var bytes = 0
    private var misses: [String: Int] = [:]
    private var hits: [String: Int] = [:]

    /// A cache for the templates whose sources are given (name to text, as the theme names them);
    /// a template not among them always renders directly.
    init(sources: [String: String] = [:]) {
        var direct = Set<String>()
        var partials: [String: [String]] = [:]
        for (name, text) in sources {
            if !Self.fillable(text) { direct.insert(name) }
            partials[name] = Self.partials(in: text)
        }
        // A template including a partial that is rendered directly (or unknown) is too.
        var changed = true
        while changed {
            changed = false
            for (name, included) in partials where !direct.contains(name) {
                if included.contains(where: { direct.contains($0) || sources[$0] == nil }) {
                    direct.insert(name)
                    changed = true
                }
            }
        }
        known = Set(sources.keys).subtracting(direct)
    }

    /// How many renderings of `name` filled a kept skeleton.
    func found(_ name: String) -> Int {
        lock.withLock { hits[name, default: 0] }
    }

    /// How many page bodies of `name` a body skeleton made without cmark-gfm.
    func foundBodies(_ name: String) -> Int {
        lock.withLock { bodyHits[name, default: 0] }
    }

    /// Renders `template` (named `name`, for the cache) with `model`: filled into the skeleton
    /// kept for the model's shape, or rendered directly (and a skeleton made from it).
    func render(_ template: MustacheTemplate, name: String, model: any Encodable, library: MustacheLibrary) throws -> String {
        switch try render(template, name: name, model: model, library: library, bodyRuns: nil) {
        case .markdown(let text), .html(let text): text
        }
    }

    /// A page body from a Markdown template: what cmark-gfm makes of it (`MarkdownRenderer.cmarkHTML`)
    /// when a body skeleton (`BodySkeleton`) of the model's shape tells it, else the Markdown. A
    /// model with a run of more than `longRuns` items always gives Markdown: its long tables are
    /// cut from the Markdown (`TableWindowing`).
    func renderBody(_ template: MustacheTemplate, name: String, model: any Encodable, library: MustacheLibrary, longRuns: Int) throws -> Body {
        try render(template, name: name, model: model, library: library, bodyRuns: longRuns)
    }

    /// The page a layout makes around a body given as bytes. `model(marker)` is the layout's
    /// model holding `marker` as its body: when a kept skeleton of its shape puts that value as it
    /// is, the page is filled as bytes with the body copied in (each root token made `root`);
    /// otherwise the layout renders the model of the body as text (and makes a skeleton for the
    /// next page of the shape).
    func renderPage(_ template: MustacheTemplate, name: String, library: MustacheLibrary, body: [UInt8], root: String?,
                    model: (String) -> any Encodable) throws -> [UInt8] {
        let marker = HTMLFragment.bodyMarker
        if known.contains(name), !body.isEmpty, let walk = try Walk(model(marker)), let index = walk.values.firstIndex(of: marker) {
            let key = Key(name: name, shape: walk.hasher, values: walk.values.count)
            let skeleton = lock.withLock { () -> Skeleton? in
                guard let found = skeletons[key] else { return nil }
                hits[name, default: 0] += 1
                return found
            }
            if let page = skeleton?.filledBytes(walk.values, runs: walk.runs, splicing: body, at: index, root: root) { return page }
        }
        var text = String(decoding: body, as: UTF8.self)
        if let root { text = HTMLFragment.placingRoot(in: text, root: root) }
        return Array(try render(template, name: name, model: model(text), library: library).utf8)
    }

    /// A rendered page body: Markdown, or cmark-gfm's HTML of it.
    enum Body {
        case markdown(String)
        case html(String)
    }

    /// `render`, and with `bodyRuns` (the longest run a body skeleton is filled for) `renderBody`.
    private func render(_ template: MustacheTemplate, name: String, model: any Encodable, library: MustacheLibrary, bodyRuns: Int?) throws -> Body {
        guard known.contains(name) else { return .markdown(template.render(try MustacheValueEncoder.encode(model), library: library)) }
        // Encoding a model registers its HTML fragments in the page's table (`HTMLFragment`). The
        // walk's are the ones kept; every later encoding of the model (to render it directly, or
        // its stand-ins) goes into a copy of the table as the walk found it, so it numbers them
        // as the walk did and adds nothing to the page's.
        let table = HTMLFragment.table
        let before = table?.count ?? 0
        let encoded: Encoding = { standIn in
            let encode = { try standIn.map { try MustacheValueEncoder.encode(model, standIn: $0) } ?? MustacheValueEncoder.encode(model) }
            guard let table else { return try encode() }
            return try HTMLFragment.$table.withValue(table.prefix(before), operation: encode)
        }
        // A model with no walk may have stopped short of some of its fragments: it is encoded
        // into the page's own table, whose fragments then all resolve.
        guard let walk = try Walk(model) else { return .markdown(template.render(try MustacheValueEncoder.encode(model), library: library)) }
        let key = Key(name: name, shape: walk.hasher, values: walk.values.count)
        lock.lock()
        if let known = skeletons[key] {
            hits[name, default: 0] += 1
            guard let bodyRuns, walk.runs.allSatisfy({ $0.count <= bodyRuns }), !bodyless.contains(key) else {
                lock.unlock()
                return .markdown(known.fill(walk.values, runs: walk.runs))
            }
            let body = bodies[key], unchecked = uncheckedBodies[key]
            lock.unlock()
            if let body {
                // A value whose HTML needs cmark-gfm sends this page there.
                guard let html = body.filled(walk.values, runs: walk.runs) else { return .markdown(known.fill(walk.values, runs: walk.runs)) }
                lock.withLock { bodyHits[name, default: 0] += 1 }
                return .html(html)
            }
            return checkBody(unchecked, key: key, markdown: known, walk: walk)
        }
        let made = misses[name, default: 0]
        let refused = unusable.contains(key) || bytes >= Self.byteLimit
            || (made >= Self.trialShapes && hits[name, default: 0] < made)
        lock.unlock()
        if refused { return .markdown(template.render(try encoded(nil), library: library)) }
        let (skeleton, rendered) = walk.runs.isEmpty
            ? try Self.make(template, encoded: encoded, walk: walk, library: library)
            : try Self.makeWithRuns(template, encoded: encoded, walk: walk, library: library)
        lock.withLock {
            misses[name, default: 0] += 1
            if let skeleton {
                skeletons[key] = skeleton
                bytes += skeleton.size
            } else {
                unusable.insert(key)
            }
        }
        if let rendered { return .markdown(rendered) }
        if let skeleton { return .markdown(skeleton.fill(walk.values, runs: walk.runs)) }
        return .markdown(template.render(try encoded(nil), library: library))
    }

    /// The body of a page whose shape has a Markdown skeleton but no checked body skeleton yet:
    /// a body skeleton (`unchecked`, or made now) is kept when filling it for this page gives the
    /// HTML cmark-gfm makes of it, byte for byte, as a template's skeleton is checked. A skeleton
    /// that refuses one of this page's values waits unchecked for a page it fills.
    private func checkBody(_ unchecked: BodySkeleton?, key: Key, markdown: Skeleton, walk: Walk) -> Body {
        let text = markdown.fill(walk.values, runs: walk.runs)
        guard let made = unchecked ?? BodySkeleton(markdown: markdown, values: walk.values.count, runs: walk.runs.count) else {
            lock.withLock { _ = bodyless.insert(key) }
            return .markdown(text)
        }
        guard let filled = made.filled(walk.values, runs: walk.runs) else {
            lock.withLock { uncheckedBodies[key] = made }
            return .markdown(text)
        }
        let html = MarkdownRenderer.cmarkHTML(text)
        let usable = filled.utf8.elementsEqual(html.utf8)
        lock.withLock {
            uncheckedBodies[key] = nil
            if usable, bytes < Self.byteLimit {
                bodies[key] = made
                bytes += made.size
            } else {
                bodyless.insert(key)
            }
        }
        return .html(html)
    }

    /// Every kept skeleton with its checked body skeleton, if any, for the next build
    /// (`TemplateSkeletons+State`).
    var kept: [(key: Key, skeleton: Skeleton, body: BodySkeleton?)] {
        lock.withLock { skeletons.map { (key: $0.key, skeleton: $0.value, body: bodies[$0.key]) } }
    }

    /// Takes skeletons that a build with the same theme and binary kept, each where no skeleton
    /// of its shape is kept yet; those over the byte limit are left out.
    func adopt(_ kept: [(key: Key, skeleton: Skeleton, body: BodySkeleton?)]) {
        lock.withLock {
            for (key, skeleton, body) in kept where skeletons[key] == nil && bytes < Self.byteLimit {
                skeletons[key] = skeleton
                bytes += skeleton.size
                if let body, bodies[key] == nil {
                    bodies[key] = body
                    bytes += body.size
                }
            }
        }
    }

    /// The model encoded for swift-mustache, as it is or (with a `StandIn`) as stand-ins.
    private typealias Encoding = (StandIn?) throws -> Any

    /// A skeleton for a model without runs: the model rendered directly, and again with its text
    /// values replaced by placeholders; kept when filling it gives the direct rendering.
    private static func make(_ template: MustacheTemplate, encoded: Encoding, walk: Walk, library: MustacheLibrary) throws -> (Skeleton?, String?) {
        let rendered = template.render(try encoded(nil), library: library)
        let stand = StandIn(decisions: walk.decisions, items: 0)
        let skeleton = Skeleton(cutting: template.render(try encoded(stand), library: library), values: walk.values.count, runs: 0)
        // Byte for byte: String's == would take canonically equivalent texts as equal.
        let usable = skeleton.map { $0.fill(walk.values, runs: []).utf8.elementsEqual(rendered.utf8) } ?? false
        return (usable ? skeleton : nil, rendered)
    }

    /// A skeleton for a model with runs, made from renderings with two and three stand-in items
    /// per run, and kept when filling it for the model cut to three items of each run gives that
    /// model's direct rendering. The whole model is never rendered directly: that is the work the
    /// runs save (nil as the rendering: fill the skeleton, or render directly if there is none).
    private static func makeWithRuns(_ template: MustacheTemplate, encoded: Encoding, walk: Walk, library: MustacheLibrary) throws -> (Skeleton?, String?) {
        func render(items: Int, keepingValues: Bool = false) throws -> String {
            let standIn = StandIn(decisions: walk.decisions, items: items, keepingValues: keepingValues,
                                  skippedFragments: keepingValues ? walk.fragmentsPastCheck : nil)
            return template.render(try encoded(standIn), library: library)
        }
        let checkedItems = Self.checkedItems
        guard let skeleton = Skeleton(cutting: try render(items: checkedItems - 1), values: walk.values.count, runs: walk.runs.count),
              let checked = Skeleton.tokens(of: try render(items: checkedItems), values: walk.values.count, runs: walk.runs.count),
              skeleton.expanded(items: checkedItems) == Skeleton.merged(checked)
        else { return (nil, nil) }
        let direct = try render(items: checkedItems, keepingValues: true)
        let filled = skeleton.fill(walk.values, runs: walk.runs.map { Array($0.prefix(checkedItems)) })
        return (filled.utf8.elementsEqual(direct.utf8) ? skeleton : nil, nil)
    }

    /// The partials a template's text includes, by name.
    static func partials(in text: String) -> [String] {
        tags(in: text).compactMap { tag in
            let body = trimmed(tag.content)
            guard body.hasPrefix(">") else { return nil }
            return String(trimmed(body.dropFirst()))
        }
    }

    /// Whether a template's output depends on its values' text through insertion alone: no
    /// transforms but a number's own (`grouped(n)`, a plural noun), no partial named by a value,
    /// no indented standalone partial.
    static func fillable(_ text: String) -> Bool {
        for tag in tags(in: text) {
            var body = trimmed(tag.content)
            if body.hasPrefix("!") || body.hasPrefix("%") { continue }
            if body.hasPrefix("=") || body.hasPrefix("$") || body.hasPrefix("<") || body.hasPrefix(">*") { return false }
            if body.hasPrefix(">") {
                if tag.indentedAlone { return false }
                continue
            }
            if let sigil = body.first, "#^/&{".contains(sigil) { body = body.dropFirst() }
            if body.hasSuffix("}") { body = body.dropLast() }
            if body.contains("("), !numberTransform(String(trimmed(body))) { return false }
        }
        return true
    }

    /// Whether a tag's name is one number transform of a named value: `grouped(count)`,
    /// `posts(count)` (what `TemplateInteger` answers with text, never a flag).
    private static func numberTransform(_ body: String) -> Bool {
        guard let open = body.firstIndex(of: "("), body.last == ")" else { return false }
        let transform = String(body[..<open])
        let argument = body[body.index(after: open)..<body.index(before: body.endIndex)]
        guard !argument.isEmpty, argument.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) else { return false }
        return transform == "grouped" || TemplateInteger.singular(of: transform) != nil
    }

    /// `text` without the whitespace around it, as Foundation's `.whitespaces` (spaces and tabs,
    /// Unicode's among them) trims it; an ASCII text is trimmed without bridging to `NSString`,
    /// which was most of reading a theme's tags, before every build.
    private static func trimmed(_ text: Substring) -> Substring {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return Substring(text.trimmingCharacters(in: .whitespaces)) }
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = text.utf8.firstIndex(where: { !blank($0) }) else { return text[text.endIndex...] }
        let last = text.utf8.lastIndex(where: { !blank($0) })!
        return text[first...last]
    }

    /// Every `{{…}}` tag's content, and whether it stands alone on its line after some indentation;
    /// found in one pass over the text's UTF-8 bytes (`{`, `}`, newlines, spaces and tabs are
    /// ASCII, so no byte of them falls inside another character).
    private static func tags(in text: String) -> [(content: Substring, indentedAlone: Bool)] {
        var found: [(Substring, Bool)] = []
        let utf8 = text.utf8
        let bytes = Array(utf8)
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), carriageReturn = UInt8(ascii: "\r")
        /// Where `byte` first occurs twice in a row at or after `from`.
        func pair(_ byte: UInt8, from: Int) -> Int? {
            var index = from
            while index + 1 < bytes.count {
                if bytes[index] == byte {
                    if bytes[index + 1] == byte { return index }
                    index += 1
                } else {
                    index += 1
                }
            }
            return nil
        }
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var rest = 0
        while let opened = pair(open, from: rest) {
            guard let closed = pair(close, from: opened + 2) else { break }
            var lineStart = opened
            while lineStart > rest, bytes[lineStart - 1] != newline { lineStart -= 1 }
            var lineEnd = closed + 2
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            let alone = lineStart < opened && bytes[lineStart..<opened].allSatisfy { $0 == space || $0 == tab }
                && bytes[(closed + 2)..<lineEnd].allSatisfy { $0 == space || $0 == tab || $0 == carriageReturn }
            found.append((text[index(opened + 2)..<index(closed)], alone))
            rest = closed + 2
        }
        return found
    }

    /// A template with a model's shape: a 128-bit digest of the shape, and how many values it has
    /// outside its runs.
    struct Key: Hashable {
        var name: String
        var a: UInt64
        var b: UInt64
        var values: Int

        init(name: String, shape: ShapeHasher, values: Int) {
            self.name = name
            a = shape.a
            b = shape.b
            self.values = values
        }
    }
}
