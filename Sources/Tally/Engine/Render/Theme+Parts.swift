/// The theme in parts, so that a rebuild after a template edit plans only the pages made with it.
extension Theme {
    /// The theme's digest without the files of `folders` (top folders: a source's `<id>/`) and
    /// of `pages` (root templates: `home`), and a digest of each folder left out.
    ///
    /// A folder or page is left out only when no template outside it includes one of its
    /// templates as a partial (and none includes a partial named by a value, which could be
    /// any), so the pages made with it are exactly its owner's; the others stay in `rest`.
    func digests(folders: [String], pages: [String]) -> (rest: String, folders: [String: String]) {
        let included = templateTexts.map { name, text in (name, TemplateSkeletons.partials(in: text)) }
        let anyPartial = included.contains { $0.1.contains { $0.hasPrefix("*") } }
        func separable(_ owns: (String) -> Bool) -> Bool {
            !anyPartial && !included.contains { name, partials in !owns(name) && partials.contains(where: owns) }
        }
        let apart = Set(folders.filter { folder in separable { $0.hasPrefix(folder + "/") } })
        let pagesApart = Set(pages.filter { page in separable { $0 == page } }.map { $0 + ".md" })
        var parts: [String: [(String, [UInt8])]] = [:]
        for (path, bytes) in files {
            let top = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            if path.contains("/"), apart.contains(top) {
                parts[top, default: []].append((path, bytes))
            } else if !pagesApart.contains(path) {
                parts["", default: []].append((path, bytes))
            }
        }
        func digest(_ files: [(String, [UInt8])]) -> String {
            Manifest.digest(files.sorted { $0.0 < $1.0 }.flatMap { Array("\($0.0)\n\($0.1.count)\n".utf8) + $0.1 })
        }
        var digests: [String: String] = [:]
        for folder in apart { digests[folder] = digest(parts[folder] ?? []) }
        return (digest(parts[""] ?? []), digests)
    }
}

/// The theme's templates one by one, so that a rebuild after a template edit can tell which
/// sections' pages it reaches (`TemplateDependencies`).
extension Theme {
    /// Each template's own digest by name (`twitter/people`, `twitter/_card`, `layout.html`).
    var templateDigests: [String: String] {
        templateTexts.mapValues { Manifest.digest(Array($0.utf8)) }
    }

    /// Whether `name` is an HTML partial (`<source>/_card.html`): rendered once per item by
    /// `SharedParts`, outside any page's template, and kept from build to build on shelves.
    func isHTMLPartial(_ name: String) -> Bool {
        name != "layout.html" && files[name + ".html"] != nil
    }

    /// `names` with every partial they include, however deep (a name with no template is kept:
    /// adding that template changes the pages); nil when a template picks a partial by a value
    /// (`{{>*name}}`), which could be any.
    func closure(of names: Set<String>) -> Set<String>? {
        var reached = names
        var frontier = Array(names)
        while let name = frontier.popLast() {
            for partial in TemplateSkeletons.partials(in: templateTexts[name] ?? "") {
                if partial.hasPrefix("*") { return nil }
                if reached.insert(partial).inserted { frontier.append(partial) }
            }
        }
        return reached
    }
}
