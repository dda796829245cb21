/// Shortens the local names of a classic (ES5) script, for the theme's minifier. A name is renamed
/// only when every use of it is bound by a `var`, a function's name or parameter, or a `catch`
/// inside a function of the script, so no global (the page's, another script's, or one this script
/// defines) changes. Each binding is renamed where it is used (never after `.` or as an object key),
/// to a name the script does not use but as a property and no binding used inside its scope from
/// outside has, so no binding can capture another. Anything it does
/// not read with certainty (ES2015 syntax, `eval`, `with`, a declaration list that may end at a line
/// break) leaves the script's names as written.
enum ScriptMangler {
    /// Words that make the script's scopes more than this reads: left alone.
    private static let unsupported: Set<String> = ["let", "const", "class", "eval", "with", "import", "export", "yield", "async",
                                                   "await", "super", "static", "enum", "Function"]
    private static let reserved: Set<String> = ["do", "if", "in", "of", "as", "is"]

    private struct Binding: Hashable {
        var scope: Int
        var name: String
    }

    private struct Scope {
        var parent: Int?
        var isFunction: Bool
        var names: Set<String> = []
    }

    /// The tokens with local names shortened, or nil when the script is left as written.
    static func renamed(_ tokens: [ScriptToken]) -> [ScriptToken]? {
        let count = tokens.count
        let words = tokens.map { $0.kind == .word ? $0.text : "" }
        func punctuation(_ index: Int, _ character: Character) -> Bool { index >= 0 && index < count && tokens[index].isPunctuation(character) }
        func word(_ index: Int) -> Bool { index >= 0 && index < count && tokens[index].kind == .word }
        func property(_ index: Int) -> Bool { punctuation(index - 1, ".") }
        func key(_ index: Int) -> Bool { punctuation(index + 1, ":") && (punctuation(index - 1, "{") || punctuation(index - 1, ",")) }

        // Object literals: a shorthand property (`{a}`), method (`{a() {}}`) or computed key
        // (`{[a]: 1}`) would tie a key to a name; ES5 has none, and a script with one keeps its names.
        var openers: [Bool] = []  // for each open bracket, whether it is an object literal's brace
        for index in 0..<count {
            let token = tokens[index]
            if token.isPunctuation("{") {
                let previous = index > 0 ? tokens[index - 1] : nil
                let block = previous.map { ($0.kind == .punctuation && [")", "{", "}", ";"].contains($0.text))
                    || ($0.kind == .word && ["else", "do", "try", "finally"].contains($0.text)) } ?? true
                openers.append(!block)
            } else if token.isPunctuation("(") || token.isPunctuation("[") {
                if openers.last == true && (punctuation(index - 1, "{") || punctuation(index - 1, ",")) && token.isPunctuation("[") { return nil }
                openers.append(false)
            } else if token.isPunctuation("}") || token.isPunctuation(")") || token.isPunctuation("]") {
                guard openers.popLast() != nil else { return nil }
            } else if token.kind == .word && openers.last == true && (punctuation(index - 1, "{") || punctuation(index - 1, ",")) && !punctuation(index + 1, ":") {
                return nil
            }
        }
        for index in 0..<count {
            if unsupported.contains(words[index]) && !property(index) && !key(index) { return nil }
            if (words[index] == "get" || words[index] == "set") && word(index + 1) { return nil }
            if punctuation(index, "=") && punctuation(index + 1, ">") && !tokens[index + 1].spaceBefore && !tokens[index + 1].newlineBefore { return nil }
            if punctuation(index, ".") && punctuation(index + 1, ".") { return nil }
        }

        // Scopes: the global one (0), each function's, each catch block's.
        var scopes = [Scope(parent: nil, isFunction: true)]
        var scopeOf = [Int](repeating: 0, count: count)
        var braces: [Int?] = []  // for each open brace, the scope it closes, if any
        var current = 0
        func functionScope(_ scope: Int) -> Int {
            var scope = scope
            while !scopes[scope].isFunction, let parent = scopes[scope].parent { scope = parent }
            return scope
        }
        var index = 0
        while index < count {
            scopeOf[index] = current
            let name = words[index]
            if name == "function" && !property(index) {
                let scope = scopes.count
                scopes.append(Scope(parent: current, isFunction: true))
                var next = index + 1
                if word(next) {
                    // A declaration binds its name around it; an expression, inside itself only.
                    let declaration = index == 0 || punctuation(index - 1, ";") || punctuation(index - 1, "{") || punctuation(index - 1, "}")
                    let owner = declaration ? functionScope(current) : scope
                    scopes[owner].names.insert(words[next])
                    scopeOf[next] = declaration ? current : scope
                    next += 1
                }
                guard punctuation(next, "(") else { return nil }
                scopeOf[next] = scope
                next += 1
                while word(next) {
                    scopes[scope].names.insert(words[next])
                    scopeOf[next] = scope
                    next += 1
                    guard punctuation(next, ",") else { break }
                    scopeOf[next] = scope
                    next += 1
                }
                guard punctuation(next, ")"), punctuation(next + 1, "{") else { return nil }
                scopeOf[next] = scope
                scopeOf[next + 1] = scope
                braces.append(scope)
                current = scope
                index = next + 2
                continue
            }
            if name == "catch" && !property(index) {
                guard punctuation(index + 1, "("), word(index + 2), punctuation(index + 3, ")"), punctuation(index + 4, "{") else { return nil }
                let scope = scopes.count
                scopes.append(Scope(parent: current, isFunction: false, names: [words[index + 2]]))
                for offset in 1...4 { scopeOf[index + offset] = scope }
                braces.append(scope)
                current = scope
                index += 5
                continue
            }
            if name == "var" && !property(index) && !key(index) {
                guard let names = declared(tokens, words: words, after: index) else { return nil }
                scopes[functionScope(current)].names.formUnion(names)
            }
            if punctuation(index, "{") { braces.append(nil) }
            if punctuation(index, "}") {
                guard let closed = braces.popLast() else { return nil }
                if let closed, let parent = scopes[closed].parent { current = parent }
            }
            index += 1
        }
        guard braces.isEmpty, current == 0 else { return nil }

        // Which names only ever name a local binding, and how often each binding is used.
        var excluded: Set<String> = []
        var binder = [Int?](repeating: nil, count: count)
        var uses: [Int: [String: Int]] = [:]
        for index in 0..<count where tokens[index].kind == .word && !property(index) && !key(index) {
            let name = words[index]
            if index > 0 && (words[index - 1] == "break" || words[index - 1] == "continue") { excluded.insert(name); continue }
            var scope: Int? = scopeOf[index]
            while let here = scope, here != 0, !scopes[here].names.contains(name) { scope = scopes[here].parent }
            if let here = scope, here != 0 {
                binder[index] = here
                uses[here, default: [:]][name, default: 0] += 1
            } else {
                excluded.insert(name)
            }
        }

        // Each scope's bindings take the shortest names free there: none the script uses as written
        // (a property, `.a` or `{a: 1}`, cannot meet a variable, so those words stay free), and none
        // given to an enclosing scope's binding used inside it, which the new name would hide.
        let taken = Set((0..<count).filter { tokens[$0].kind == .word && !property($0) && !key($0) }.map { words[$0] })
        let pool = shortNames().filter { !taken.contains($0) && !reserved.contains($0) }
        var reachedFrom: [Int: Set<Binding>] = [:]  // per scope, the outer bindings used inside it
        for index in 0..<count {
            guard let owner = binder[index] else { continue }
            var scope = scopeOf[index]
            while scope != owner, let parent = scopes[scope].parent {
                reachedFrom[scope, default: []].insert(Binding(scope: owner, name: words[index]))
                scope = parent
            }
        }
        var given: [Int: [String: String]] = [:]
        for scope in 1..<scopes.count {
            var unavailable = Set((reachedFrom[scope] ?? []).compactMap { given[$0.scope]?[$0.name] })
            var names: [String: String] = [:]
            let bindings = (uses[scope] ?? [:]).filter { !excluded.contains($0.key) }
            var next = pool.makeIterator()
            for (name, _) in bindings.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
                var short = next.next()
                while let candidate = short, unavailable.contains(candidate) { short = next.next() }
                guard let short else { break }
                if short.utf8.count < name.utf8.count {
                    names[name] = short
                    unavailable.insert(short)
                }
            }
            given[scope] = names
        }
        var result = tokens
        for index in 0..<count {
            if let scope = binder[index], let short = given[scope]?[words[index]] { result[index].bytes = Array(short.utf8) }
        }
        return result
    }

    /// The names a `var` statement at `index` declares, or nil when where it ends is not certain.
    private static func declared(_ tokens: [ScriptToken], words: [String], after index: Int) -> [String]? {
        var names: [String] = []
        var next = index + 1
        guard next < tokens.count, tokens[next].kind == .word else { return nil }
        names.append(words[next])
        var depth = 0
        next += 1
        while next < tokens.count {
            let token = tokens[next]
            if depth == 0 && token.newlineBefore && token.kind != .punctuation {
                // A line break between two values may end the statement: unsure which names follow.
                let previous = tokens[next - 1]
                if previous.kind != .punctuation || [")", "]", "}"].contains(previous.text) { return nil }
            }
            if token.kind == .punctuation {
                switch token.bytes[0] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { return nil }
                    depth -= 1
                case UInt8(ascii: ";") where depth == 0: return names
                case UInt8(ascii: ",") where depth == 0:
                    guard next + 1 < tokens.count, tokens[next + 1].kind == .word else { return nil }
                    names.append(words[next + 1])
                    next += 1
                default: break
                }
            } else if depth == 0 && (words[next] == "in" || words[next] == "of") {
                return names
            }
            next += 1
        }
        return nil
    }

    /// a…z, A…Z, then two characters, in order.
    private static func shortNames() -> [String] {
        let first = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let second = first + Array("0123456789")
        return first.map { String($0) } + first.flatMap { a in second.map { String([a, $0]) } }
    }
}
