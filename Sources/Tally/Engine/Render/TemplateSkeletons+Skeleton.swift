import Mustache

extension TemplateSkeletons {
    /// A rendering cut at its placeholders: literal text, values, and runs (an item's part,
    /// repeated per item with the text between two items).
    struct Skeleton {
        /// How each value was inserted: by swift-mustache into a template's text (`none`…
        /// `markdown`), or, in a page body's HTML (`BodySkeleton`), as cmark-gfm renders a value
        /// escaped for Markdown in text (`bodyText`) and a value put in a link as it is (`bodyHref`,
        /// `start` when it begins the link's URL).
        enum Escaping: Equatable { case none, html, safeHTML, markdown, bodyText, bodyHref(start: Bool) }

        /// How a value is put in: its escaping, and the number transform applied first.
        struct Slot: Equatable {
            var escaping: Escaping
            var transform: String?

            /// The value as it is put in; nil only in a page body's HTML, for a value whose
            /// rendering there `BodySkeleton` cannot tell without cmark-gfm.
            func text(_ value: String) -> String? {
                var value = value
                if let transform {
                    // Only a `TemplateInteger`'s placeholder names a transform, so its text is a number.
                    guard let number = Int(value) else { return "" }
                    if transform == "grouped" {
                        // The most common transform, made directly.
                        value = TemplateInteger.grouped(number)
                    } else {
                        guard let transformed = TemplateInteger(value: number).transform(transform) as? String else { return "" }
                        value = transformed
                    }
                }
                switch escaping {
                case .none: return value
                case .html: return mustacheHTMLEscape(value)
                case .safeHTML: return SafeHTMLContentType.escape(value)
                case .markdown: return MarkdownEscaping.escape(value)
                case .bodyText: return BodySkeleton.text(value)
                case .bodyHref(let start): return BodySkeleton.href(value, start: start)
                }
            }
        }

        /// Which value a placeholder stands for: one outside runs, or a field of a run's item.
        enum Ref: Equatable {
            case value(Int)
            case field(run: Int, item: Int, field: Int)
        }

        /// A rendering cut into text and placeholders.
        enum Token: Equatable {
            case literal(String)
            case slot(Ref, Slot)
        }

        indirect enum Piece {
            case literal(String)
            case value(Int, Slot)
            /// A field of the run item being filled.
            case field(Int, Slot)
            /// Run `run`: `item` for each item, `glue` between two (text and values outside runs).
            case run(Int, item: [Piece], glue: [Piece])
        }

        var pieces: [Piece]

        var size: Int { Self.size(pieces) }

        private static func size(_ pieces: [Piece]) -> Int {
            pieces.reduce(0) { total, piece in
                switch piece {
                case .literal(let text): total + text.utf8.count
                case .value, .field: total + 16
                case .run(_, let item, let glue): total + size(item) + size(glue)
                }
            }
        }

        /// A placeholder: `id` (`Walk`'s numbering) and the transform asked for, in letters and
        /// digits, which no escaping changes; then `&`, `'` and U+202E, which every content type
        /// Tally uses treats differently, so the tail tells how it was escaped.
        static func placeholder(_ id: String, transform: String? = nil) -> String {
            "\u{1}" + id + (transform.map { "T" + $0 } ?? "") + "&'\u{202E}\u{2}"
        }

        private static let tails: [(String, Escaping)] = [
            ("&'\u{202E}\u{2}", .none), ("&amp;&#39;\u{202E}\u{2}", .html), ("&amp;&#39;\u{2}", .safeHTML), ("\\&\\'\u{2}", .markdown),
        ]

        /// Cuts a rendering with two stand-in items per run into a skeleton; nil when a
        /// placeholder is not whole, names something out of range, or a run's two items are not
        /// the same text (then the template is rendered directly).
        init?(cutting rendered: String, values: Int, runs: Int) {
            guard let tokens = Self.tokens(of: rendered, values: values, runs: runs) else { return nil }
            self.init(tokens: tokens)
        }

        /// A skeleton from a rendering's tokens (`tokens(of:)`, or `BodySkeleton`'s of a body),
        /// with two items per run; nil when a run's two items are not the same text.
        init?(tokens: [Token]) {
            guard let pieces = Self.compose(tokens[...]) else { return nil }
            self.pieces = pieces
        }

        /// The rendering's text and placeholders, adjacent text joined and empty text left out.
        static func tokens(of rendered: String, values: Int, runs: Int) -> [Token]? {
            var tokens: [Token] = []
            var rest = Substring(rendered)
            while let start = rest.firstIndex(of: "\u{1}") {
                tokens.append(.literal(String(rest[..<start])))
                var scanner = rest[rest.index(after: start)...]
                guard let (ref, transform) = Self.placeholderID(in: &scanner, values: values, runs: runs),
                      let (text, escaping) = Self.tails.first(where: { scanner.hasPrefix($0.0) }) else { return nil }
                tokens.append(.slot(ref, Slot(escaping: escaping, transform: transform)))
                rest = scanner.dropFirst(text.count)
            }
            guard !rest.contains("\u{2}") else { return nil }
            tokens.append(.literal(String(rest)))
            return merged(tokens)
        }

        /// A placeholder's id: what it stands for (`G` and a value's number, or `A` run `E` item
        /// `F` field) and the transform asked for (`T` and its name), in letters and digits.
        static func placeholderID(_ ref: Ref, transform: String?) -> String {
            let id = switch ref {
            case .value(let index): "G\(index)"
            case .field(let run, let item, let field): "A\(run)E\(item)F\(field)"
            }
            return id + (transform.map { "T" + $0 } ?? "")
        }

        /// Reads a placeholder's id at the start of `scanner` and moves past it; nil when it is
        /// not whole or names something out of range.
        static func placeholderID(in scanner: inout Substring, values: Int, runs: Int) -> (Ref, String?)? {
            func number() -> Int? {
                let digits = scanner.prefix { $0.isASCII && $0.isNumber }
                scanner = scanner[digits.endIndex...]
                return digits.isEmpty ? nil : Int(digits)
            }
            func skip(_ letter: Character) -> Bool {
                guard scanner.first == letter else { return false }
                scanner = scanner.dropFirst()
                return true
            }
            let ref: Ref
            if skip("G") {
                guard let index = number(), index < values else { return nil }
                ref = .value(index)
            } else if skip("A") {
                guard let run = number(), run < runs, skip("E"), let item = number(), skip("F"), let field = number() else { return nil }
                ref = .field(run: run, item: item, field: field)
            } else {
                return nil
            }
            var transform: String?
            if skip("T") {
                let name = scanner.prefix { $0.isASCII && $0.isLowercase }
                transform = String(name)
                scanner = scanner[name.endIndex...]
            }
            return (ref, transform)
        }

        /// Tokens with adjacent text joined and empty text left out.
        static func merged(_ tokens: [Token]) -> [Token] {
            var out: [Token] = []
            for token in tokens {
                if case .literal(let text) = token {
                    if text.isEmpty { continue }
                    if case .literal(let before)? = out.last {
                        out[out.count - 1] = .literal(before + text)
                        continue
                    }
                }
                out.append(token)
            }
            return out
        }

        /// Pieces from tokens where each run's two items show as: the first item's placeholders
        /// (with values outside runs among them), the text and values between, then the second
        /// item's, the same but for the item's number.
        private static func compose(_ tokens: ArraySlice<Token>) -> [Piece]? {
            var pieces: [Piece] = []
            var at = tokens.startIndex
            while at < tokens.endIndex {
                switch tokens[at] {
                case .literal(let text):
                    pieces.append(.literal(text))
                    at += 1
                case .slot(.value(let index), let slot):
                    pieces.append(.value(index, slot))
                    at += 1
                case .slot(.field(let run, let item, _), _):
                    guard item == 0 else { return nil }
                    // The second item starts at the first placeholder of item 1 of this run.
                    guard let second = tokens[at...].firstIndex(where: { Self.item(of: $0, run: run) == 1 }) else { return nil }
                    let between = tokens[at..<second]
                    guard let last = between.lastIndex(where: { Self.item(of: $0, run: run) == 0 }) else { return nil }
                    let first = tokens[at...last], glue = tokens[(last + 1)..<second]
                    // Nothing but this run's first item and values outside runs in the first item.
                    guard first.allSatisfy({ Self.item(of: $0, run: run) == 0 || Self.isOutsideRuns($0) }),
                          glue.allSatisfy(Self.isOutsideRuns),
                          second + first.count <= tokens.endIndex,
                          zip(first, tokens[second..<(second + first.count)]).allSatisfy({ Self.sameExceptItem($0, $1, run: run) })
                    else { return nil }
                    guard let item = compose(first, run: run), let glue = compose(glue, run: run) else { return nil }
                    pieces.append(.run(run, item: item, glue: glue))
                    at = second + first.count
                }
            }
            return pieces
        }

        /// Pieces of a run's item or glue: text, values outside runs and the run's fields.
        private static func compose(_ tokens: ArraySlice<Token>, run: Int) -> [Piece]? {
            var pieces: [Piece] = []
            for token in tokens {
                switch token {
                case .literal(let text): pieces.append(.literal(text))
                case .slot(.value(let index), let slot): pieces.append(.value(index, slot))
                case .slot(.field(let other, _, let field), let slot):
                    guard other == run else { return nil }
                    pieces.append(.field(field, slot))
                }
            }
            return pieces
        }

        /// The item of run `run` a token is a placeholder of, if it is one.
        private static func item(of token: Token, run: Int) -> Int? {
            if case .slot(.field(run, let item, _), _) = token { return item }
            return nil
        }

        private static func isOutsideRuns(_ token: Token) -> Bool {
            if case .slot(.field, _) = token { return false }
            return true
        }

        /// Whether a token of the first item and one of the second are the same but for the item.
        private static func sameExceptItem(_ first: Token, _ second: Token, run: Int) -> Bool {
            if case .slot(.field(run, 0, let field), let slot) = first {
                return second == .slot(.field(run: run, item: 1, field: field), slot)
            }
            return first == second
        }

        /// The tokens the skeleton stands for with `items` items in every run, to compare with a
        /// rendering of that many stand-in items.
        func expanded(items: Int) -> [Token] {
            var tokens: [Token] = []
            func add(_ pieces: [Piece], run: Int, item: Int) {
                for piece in pieces {
                    switch piece {
                    case .literal(let text): tokens.append(.literal(text))
                    case .value(let index, let slot): tokens.append(.slot(.value(index), slot))
                    case .field(let field, let slot): tokens.append(.slot(.field(run: run, item: item, field: field), slot))
                    case .run(let run, let item, let glue):
                        for number in 0..<items {
                            if number > 0 { add(glue, run: run, item: number) }
                            add(item, run: run, item: number)
                        }
                    }
                }
            }
            add(pieces, run: -1, item: -1)
            return Self.merged(tokens)
        }

        /// The skeleton filled with a model's values (`Walk`): those outside runs, and per run
        /// each item's.
        func fill(_ values: [String], runs: [[[String]]]) -> String {
            // A template's own escapings take every value.
            filled(values, runs: runs) ?? ""
        }

        /// The same; nil when a slot of a page body's HTML refuses a value (`Slot.text`).
        func filled(_ values: [String], runs: [[[String]]]) -> String? {
            var out = ""
            // Room for it all at once: a long table's page grown by doubling held it twice over.
            out.reserveCapacity(Self.estimate(pieces, values: values, runs: runs, item: nil))
            func add(_ pieces: [Piece], item: [String]) -> Bool {
                for piece in pieces {
                    switch piece {
                    case .literal(let text): out += text
                    case .value(let index, let slot):
                        guard let text = slot.text(values[index]) else { return false }
                        out += text
                    case .field(let field, let slot):
                        guard let text = slot.text(item[field]) else { return false }
                        out += text
                    case .run(let run, let itemPieces, let glue):
                        for (number, fields) in runs[run].enumerated() {
                            if number > 0, !add(glue, item: []) { return false }
                            if !add(itemPieces, item: fields) { return false }
                        }
                    }
                }
                return true
            }
            return add(pieces, item: []) ? out : nil
        }

        /// The skeleton filled as bytes, with `body` copied in as value `index` (each root token
        /// in it made `root`: `HTMLFragment.appendPlacingRoot`); nil when that value is not put
        /// as it is, or a slot refuses a value. The same pieces as `filled`, into bytes: a page's
        /// layout is the last step before its file, which is bytes.
        func filledBytes(_ values: [String], runs: [[[String]]], splicing body: [UInt8], at index: Int, root: String?) -> [UInt8]? {
            var out: [UInt8] = []
            out.reserveCapacity(body.count + Self.estimate(pieces, values: values, runs: runs, item: nil))
            func add(_ pieces: [Piece], item: [String]) -> Bool {
                for piece in pieces {
                    switch piece {
                    case .literal(let text): out += text.utf8
                    case .value(index, let slot):
                        guard slot.escaping == .none, slot.transform == nil else { return false }
                        HTMLFragment.appendPlacingRoot(body, root: root, to: &out)
                    case .value(let number, let slot):
                        guard let text = slot.text(values[number]) else { return false }
                        out += text.utf8
                    case .field(let field, let slot):
                        guard let text = slot.text(item[field]) else { return false }
                        out += text.utf8
                    case .run(let run, let itemPieces, let glue):
                        for (number, fields) in runs[run].enumerated() {
                            if number > 0, !add(glue, item: []) { return false }
                            if !add(itemPieces, item: fields) { return false }
                        }
                    }
                }
                return true
            }
            return add(pieces, item: []) ? out : nil
        }

        /// About how many bytes filling `pieces` makes: its text, and its values unescaped.
        private static func estimate(_ pieces: [Piece], values: [String], runs: [[[String]]], item: [String]?) -> Int {
            var total = 0
            for piece in pieces {
                switch piece {
                case .literal(let text): total += text.utf8.count
                case .value(let index, _): total += values[index].utf8.count
                case .field(let field, _): total += item?[field].utf8.count ?? 0
                case .run(let run, let itemPieces, let glue):
                    let glueSize = estimate(glue, values: values, runs: runs, item: nil)
                    for fields in runs[run] { total += glueSize + estimate(itemPieces, values: values, runs: runs, item: fields) }
                }
            }
            return total
        }

        /// swift-mustache's own HTML escaping (a template that asks for `CONTENT_TYPE: HTML`),
        /// character by character as it does it.
        static func mustacheHTMLEscape(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
            var out = ""
            out.reserveCapacity(text.utf8.count + 16)
            for character in text {
                switch character {
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "&": out += "&amp;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.append(character)
                }
            }
            return out
        }
    }
}
