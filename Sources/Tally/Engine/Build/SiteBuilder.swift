import Foundation

/// Builds the site as a list of named, timed steps: open the store, load the theme, gather the
/// sources' home cards and sections, write the home page, plan and render each section, write the
/// assets. An error names the step that failed.
public struct SiteBuilder {
    public var project: ProjectConfig
    /// The sources whose pages the site shows, in registry order.
    public var sources: [any DataSource]
    /// Receives one line per finished step with its time, for `--verbose`.
    public var log: ((String) -> Void)?
    /// The build time pages show; `SOURCE_DATE_EPOCH` or now when nil.
    public var builtAt: Int64?
    /// Where the site goes; the project's output folder when nil.
    public var output: (any SiteOutput)?
    /// Whether sources may download into the project's cache (`.tally/cache/`) during the build.
    public var usesCache = true
    /// Receives warnings that do not stop the build (a download that failed).
    public var warn: (@Sendable (String) -> Void)?
    /// Receives progress lines for slow steps, for a terminal.
    public var progress: (@Sendable (String) -> Void)?
    /// Where the 404 page's links start; the base URL's path, or `/`, when nil. The preview sets `/`.
    public var notFoundRoot: String?

    public init(project: ProjectConfig, sources: [any DataSource], log: ((String) -> Void)? = nil) {
        self.project = project
        self.sources = sources
        self.log = log
    }

    /// How many sections a full build plans at once: two keep a 2-core machine busy (with the
    /// render stage beside them); more would hold more page models at once for little gain. An
    /// update, which plans only what changed, plans them all at once.
    static let planningWidth = min(2, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs every step and reports what was written.
    @discardableResult
    public func build() throws -> BuildReport {
        ProcessMemory.returnLargeBlocksAtOnce()
        var steps = StepLog(log: log)
        // The theme is read and parsed on another thread from the start, beside holding the site
        // and opening the store (a rebuild's first 15 ms were this thread's alone); its step
        // waits for it, and fails with its error.
        let themeFolder = project.themeURL
        let loadingTheme = MadeAside { Result { try Theme.load(folder: themeFolder) } }
        // Held from the start to the build's end, failed or not: what it reads of the previous
        // build (its state, its shelves, its files) is then what it replaces, whatever another
        // build of the same folder does; that one waits.
        let output = try steps.run("hold site") {
            let writer = self.output ?? SiteWriter(output: project.outputURL)
            guard let folder = writer as? SiteWriter, folder.isHeldElsewhere else { return try writer.held() }
            progress?("waiting for another build of \(folder.output.path)")
            // The line goes once the wait is over (a progress line is rewritten in place).
            defer { progress?("") }
            return try writer.held()
        }
        defer { output.letGo() }
        var stamp: BuildFingerprint.StoreStamp?
        var emptyStore: URL?
        defer { if let emptyStore { try? FileManager.default.removeItem(at: emptyStore) } }
        let store = try steps.run("open store") {
            var path = project.storeURL.path
            if !FileManager.default.fileExists(atPath: path) {
                // A new project has imported nothing yet: it builds (and previews) from an empty
                // store made for this build alone, so its home page says so and the project is left as it was.
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-empty-\(UUID().uuidString)")
                emptyStore = folder
                path = folder.appendingPathComponent("tally.sqlite").path
                _ = try Store(path: path, sources: sources)
            }
            stamp = BuildFingerprint.StoreStamp(path: path)
            // 4 MiB a connection (a build reads each row about once: `Store.limitCache`), as
            // sections read on connections of their own at once.
            return try Store(path: path, sources: sources, readOnly: true, cacheMebibytes: 4)
        }
        let time = builtAt ?? BuildClock.now()
        let themeless = SiteContext(store: store, siteTitle: project.title, builtAt: time, baseURL: project.baseURL, settings: project.settings,
                                    cacheFolder: usesCache ? project.cacheURL : nil, warn: warn, progress: progress)
        // Every source's first reads start at once, on threads of their own, beside the theme's
        // loading and the cards (the theme alone was 17 ms of a 20k rebuild's 550 on one core).
        try steps.run("start reads") { for source in sources { try source.prepare(themeless) } }
        let theme = try steps.run("load theme") { try loadingTheme.take().get() }
        // The same memory, which the reads just started were lent to.
        let context = { var context = themeless; context.theme = theme; return context }()
        // Only sources that hold data get a card, a place in the header and pages.
        let parts = try steps.run("gather sources") {
            try sources.compactMap { source -> (card: HomeCard, sections: [(key: String, section: any SiteSection)], source: String)? in
                guard let card = try source.homeCard(context) else { return nil }
                return (card, try source.sections(context).map { (key: "\(source.id):\($0.name)", section: $0) }, source.id)
            }
        }
        let sections = parts.flatMap(\.sections)
        let dataAsOf = parts.compactMap(\.card.newest).max()
        let navigation = [SiteInfo.home] + sections.compactMap(\.section.navigation)
        let fetchedAsOf = parts.filter(\.card.isFetched).compactMap(\.card.newest).max()
        let site = SiteInfo(title: project.title, baseURL: project.baseURL, builtAt: time, dataAsOf: dataAsOf, fetchedAsOf: fetchedAsOf,
                            navigation: navigation)
        var renderer = PageRenderer(theme: theme, site: site)
        renderer.tableRows = TableRowCache(memory: context.memory)
        let outputName = self.output == nil ? project.outputURL.path : "memory"

        // Nothing the pages are made from changed: only the home page and site.js, which carry the
        // build time, are written again.
        let sectionInputs = sections.map(\.section.inputs)
        let fingerprint = BuildFingerprint.make(store: stamp!, theme: theme, site: site, project: project, sources: sources,
                                                notFoundRoot: notFoundRoot, inputs: sectionInputs.compactMap { $0 })
        let home = try renderer.render(try homePage(cards: parts.map(\.card), site: site, renderer: renderer))
        let refreshed = try steps.run("check for changes") {
            try output.refresh(fingerprint: fingerprint.all, [OutputFile(path: Routes.home, bytes: Array(home.utf8)),
                                                              OutputFile(path: Routes.siteScript, bytes: site.script)])
        }
        if let refreshed {
            steps.expect(0)
            return BuildReport(pages: 1, files: refreshed.files, changed: refreshed.changed, removed: 0, output: outputName, unchanged: true)
        }
        // A site built from the same binary, theme and settings is updated: sources that kept a
        // state plan only what changed since, and their other files stay.
        var previous = output.previousStates(global: fingerprint.global)
        // With the store as the previous build found it, the sections no edited template reaches
        // would make the same files: they are not planned, and their files stay. Those whose
        // edited templates make pages they plan again by themselves (a list page) do so. A section
        // with inputs of its own (a time window, which may also show the build's time) is always
        // planned.
        let templates = TemplateDependencies()
        let plain = sections.indices.filter { sectionInputs[$0] == nil }.map { (sections[$0].key, sections[$0].section.replannedTemplates) }
        let edits = previous.map { TemplateDependencies.plan(sections: plain, theme: theme, store: stamp!.text, previous: $0) } ?? TemplateDependencies.Plan()
        let carried = edits.carried
        context.memory.edited = edits.edited
        // A source whose own templates changed plans every page (its previous state is set
        // aside), unless each of its sections is carried over or plans its edited pages alone;
        // the digests are kept beside the states for the next build to compare.
        for (id, digest) in fingerprint.themes {
            let key = "theme:" + id
            let handled = parts.first { $0.source == id }?.sections.allSatisfy { edits.carried.contains($0.key) || edits.alone.contains($0.key) } ?? false
            if previous?[key] != Array(digest.utf8), !handled { previous?[id] = nil }
            context.memory.keep(Array(digest.utf8), for: key)
        }
        if let place = output.shelfPlace { context.memory.placeShelves(in: place.folder, site: place.site) }
        context.memory.start(previous: previous)
        // Whether this build updates the site; the states are the memory's now.
        let updates = previous != nil
        previous = nil
        // The shapes the previous build found are filled, not made again (`TemplateSkeletons+State`).
        if let kept = context.memory.previousState(for: TemplateSkeletons.stateKey) { theme.skeletons.restore(kept, theme: theme.digest) }
        // The sections whose files an update keeps unless made again; the search's record files
        // that continue the previous build's are added once its thread read them back. Asked
        // once the sections plan: telling what changed is their first work, on their threads.
        func keptSections() -> [String] { !updates ? [] : sections.filter { carried.contains($0.key) || $0.section.keepsUnplanned }.map(\.key) }
        // Read once every file is made: the search keeps its sources' states as its thread ends.
        // An update reads it on another thread, beside its last pass over the previous manifest.
        let memory = context.memory
        let record: @Sendable () -> BuildRecord = { [global = fingerprint.global] in
            memory.keep(theme.skeletons.state(theme: theme.digest), for: TemplateSkeletons.stateKey)
            let recorded = memory.recorded()
            return BuildRecord(global: global, states: recorded.states, shelves: recorded.shelves)
        }
        steps.expect(parts.reduce(4) { $0 + $1.sections.count })  // search, home, hosting files, assets
        var pages = 0
        // Every page's path, for the sitemap (only written with a base URL): pages are the HTML files.
        let pagePaths = PathList()
        let listPages = project.baseURL != nil
        // Sections hand over pages as they plan them; a render stage of its own renders them on
        // every core a chunk at a time and writes each chunk at once, while planning goes on, so
        // memory holds a chunk or two, not the site.
        // The search's documents are gathered beside the sections, and written after them.
        // The search's blocks that continue the previous build's are read back from its files on
        // the search's thread, before the update decides which of those files stay (at its end).
        let search = SearchIndexTask(sources: sources, context: try {
            var own = context
            own.store = try store.reader()
            return own
        }(), read: output.previousFile)
        defer { search.stop() }
        let produce: ((OutputFile) throws -> Void) throws -> Void = { emitFile in try withoutActuallyEscaping(emitFile) { emitOutput in
            let target = WriteTarget(emitOutput)
            // The stage lets go of the output's writer before `write` returns.
            defer { target.clear() }
            let pipeline = RenderPipeline(renderer: renderer, enter: { target.section = $0 }) { file in
                if listPages, file.path.hasSuffix(".html"), file.path != Routes.notFound { pagePaths.append(file.path) }
                try target.write(file)
            }
            var failed = true
            // A failed build drops the pages still queued: nothing of it is kept anyway. The
            // search's thread is stopped first: it may be handing the stage its files.
            defer {
                if failed { search.stop() }
                pipeline.stop(dropping: failed)
            }
            // The search's thread hands its files to the stage itself, under the search step's
            // key, as soon as its documents are in, while the sections' pages are still made.
            search.write { files in
                try pipeline.submit(.files(files.map { file in
                    var file = file
                    if file.section.isEmpty { file.section = "search" }
                    return file
                }))
            }
            let emit: (OutputFile) throws -> Void = { try pipeline.submit(.files([$0])) }
            // 256 pages a chunk: a chunk of long lists is a few megabytes of models and HTML.
            let sink = PageSink(chunkSize: 256, render: { try pipeline.submit(.pages($0)) }, write: { try pipeline.submit(.files($0)) })
            // Each step's files are written under its key (the stage learns it in order, with the
            // step's work; a section's pages carry theirs), so an update knows which part of the
            // build made each file. A section's step does not wait for its pages to be rendered:
            // the next sections plan meanwhile. Other steps wait, so their times hold their own
            // work, and rendering's errors surface before the site is.
            func step(_ name: String, key: String, _ body: () throws -> Void) throws {
                try pipeline.submit(.section(key))
                try steps.run(name) {
                    try body()
                    try sink.flush()
                    try pipeline.drain()
                }
            }
            try step("home page", key: "home") { try emit(OutputFile(path: Routes.home, bytes: Array(home.utf8))) }
            // Sections plan two at a time (all at once in an update), each into a sink of its own whose pages and files carry
            // its key, while the stage renders what any of them handed over; each step waits for
            // its section, in order, and names it if it failed.
            var sectionSinks: [PageSink] = []
            // An update plans every section at once: each plans only what changed, and two at a
            // time the last to start (People, after one more search page) planned alone at the
            // end while the other core had nothing left to do.
            let planning = SectionPlanning(count: sections.count, width: updates ? sections.count : Self.planningWidth) { index in
                guard !carried.contains(sections[index].key) else { return }
                try sections[index].section.plan(into: sectionSinks[index])
                try sectionSinks[index].flush()
            }
            sectionSinks = sections.map { key, _ in
                PageSink(chunkSize: 256, render: { pages in
                    // Another section failed: nothing of this build is kept.
                    try planning.checkStopped()
                    templates.record(pages, section: key)
                    try pipeline.submit(.pages(pages, section: key))
                }, write: { files in
                    try planning.checkStopped()
                    try pipeline.submit(.files(files.map { file in
                        var file = file
                        if file.section.isEmpty { file.section = key }
                        return file
                    }))
                })
            }
            planning.start()
            defer {
                planning.stop()
                // The sinks hold the planning, whose work holds them.
                sectionSinks = []
            }
            for (index, section) in sections.enumerated() {
                try steps.run("section \(section.section.name)") {
                    do {
                        try planning.wait(index)
                    } catch let failed as SectionPlanning.Failed {
                        // Named by the section that failed, not one that stopped because of it.
                        throw BuildError(step: "section \(sections[failed.index].section.name)", underlying: failed.error)
                    }
                }
            }
            // The pages an update keeps, for the sitemap (the search's record files are no pages).
            if listPages { for path in try output.previousPaths(sections: Set(keptSections())) where path.hasSuffix(".html") { pagePaths.append(path) } }
            // The site search: every source's documents, tokenised and cut into shards and records
            // (while the sections ran), and its page.
            try step("index search", key: "search") {
                try search.written()
                try sink.page(SearchPage.page(navigation: navigation))
            }
            try step("hosting files", key: "hosting") {
                let root = notFoundRoot ?? NotFoundPage.rootPath(baseURL: project.baseURL)
                try emit(OutputFile(path: Routes.notFound, bytes: Array(try renderer.render(NotFoundPage.page(rootPath: root)).utf8)))
                try pipeline.drain()
                // In path order, so that a site updated in place lists its pages as a new one does.
                for file in HostingFiles.make(pagePaths: Set(pagePaths.paths).sorted(), baseURL: project.baseURL) { try emit(file) }
            }
            try step("assets", key: "assets") {
                // An update keeps the theme's assets the previous build wrote: the global
                // fingerprint it matched holds the theme's files and this binary, so minifying
                // them again would make the same bytes, on one core at the build's end. All are
                // written again when one is gone from the site (every page needs them).
                if !updates || theme.assets.keys.contains(where: { output.previousFile(Routes.asset($0)) == nil }) {
                    for (name, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) {
                        try emit(OutputFile(path: Routes.asset(name), bytes: AssetMinifier.minified(name: name, bytes: bytes)))
                    }
                }
                try emit(OutputFile(path: Routes.siteScript, bytes: site.script))
            }
            pages = sink.pageCount + sectionSinks.reduce(0) { $0 + $1.pageCount } + 1
            templates.keep(in: memory, sections: sections.map(\.key), kept: Set(keptSections()), previous: memory.previousState(for:), theme: theme,
                           store: stamp!.text)
            failed = false
        } }
        let report = !updates ? try output.write(fingerprint: fingerprint.all, record: record(), produce)
            : try output.update(fingerprint: fingerprint.all, record: record(), keeping: Set(keptSections() + search.carriedOver.sections + ["assets"]), produce)
        // Two names whose slugs met (only a forged 48-bit hash can): the first page stays.
        for path in report.duplicates { warn?("\(path): two pages share this path; the first was kept, the other left out") }
        var built = BuildReport(pages: pages, files: report.files, changed: report.changed, removed: report.removed, output: outputName,
                                updated: updates)
        built.carriedSearchDocuments = search.carriedOver.documents
        return built
    }

    /// The home page: each card's Markdown rendered by its source's template, in registry order.
    private func homePage(cards: [HomeCard], site: SiteInfo, renderer: PageRenderer) throws -> SitePage {
        let rendered = try cards.map { card in
            HomePage.Card(title: card.title, body: try renderer.markdown(template: card.template, model: card.model, for: Routes.home))
        }
        let newest = site.dataAsOf
        return SitePage(path: Routes.home, template: "home", title: site.title, section: SiteInfo.home.id, model: HomePage(
            title: site.title, cards: rendered, hasCards: !rendered.isEmpty,
            builtAt: UTCTime.format(site.builtAt) + " UTC", hasData: newest != nil,
            dataAsOf: newest.map { UTCTime.format($0) + " UTC" } ?? "",
            staleAtBuild: site.fetchedAsOf.map { site.builtAt - $0 > HomePage.staleAfter } ?? false))
    }
}

/// Times the build's steps and prints `[i/n] name: ms` as each ends; the total is known once the
/// sources' sections are, so earlier lines wait for it.
private struct StepLog {
    let log: ((String) -> Void)?
    private var done: [(String, Double, Double, (peak: Double, added: Double)?)] = []
    private var total: Int?

    init(log: ((String) -> Void)?) { self.log = log }

    /// Sets how many steps remain after those already run.
    mutating func expect(_ remaining: Int) {
        total = done.count + remaining
        for index in done.indices { print(index) }
    }

    mutating func run<T>(_ name: String, _ body: () throws -> T) throws -> T {
        // The step's peak memory, and how far above the memory in use when it began (Linux only).
        if log != nil { ProcessMemory.resetPeak() }
        let resident = log != nil ? ProcessMemory.residentMiB() : nil
        let start = DispatchTime.now().uptimeNanoseconds
        let cpu = ProcessClock.cpuMilliseconds()
        do {
            let result = try body()
            ProcessMemory.returnFreed()
            let peak = resident.flatMap { resident in ProcessMemory.peakMiB().map { (peak: $0, added: $0 - resident) } }
            done.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6, ProcessClock.cpuMilliseconds() - cpu, peak))
            if total != nil { print(done.count - 1) }
            return result
        } catch let error as BuildError {
            throw error
        } catch {
            throw BuildError(step: name, underlying: error)
        }
    }

    private func print(_ index: Int) {
        guard let log, let total else { return }
        let memory = done[index].3.map { String(format: ", peak %.0f MiB (+%.0f MiB)", $0.peak, $0.added) } ?? ""
        log("[\(index + 1)/\(total)] \(done[index].0): \(String(format: "%.1f ms (cpu %.1f ms)", done[index].1, done[index].2))\(memory)")
    }
}
