import Foundation

/// Builds the site as a list of named, timed steps: open the store, load the theme, plan the
/// pages, render them, write the site. An error names the step that failed.
public struct SiteBuilder {
    public var project: ProjectConfig
    /// Receives one line per finished step with its time, for `--verbose`.
    public var log: ((String) -> Void)?
    /// The build time pages show; `SOURCE_DATE_EPOCH` or now when nil.
    public var builtAt: Int64?

    public init(project: ProjectConfig, log: ((String) -> Void)? = nil) {
        self.project = project
        self.log = log
    }

    /// Runs every step and reports what was written.
    @discardableResult
    public func build() throws -> BuildReport {
        let steps = 5
        var index = 0
        func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
            index += 1
            if log != nil { ProcessMemory.resetPeak() }
            let resident = log != nil ? ProcessMemory.residentMiB() : nil
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                let result = try body()
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                // The step's peak, and how far above the memory in use when it began.
                let peak = ProcessMemory.peakMiB().map { String(format: ", peak %.0f MiB (+%.0f MiB)", $0, $0 - (resident ?? $0)) } ?? ""
                log?("[\(index)/\(steps)] \(name): \(String(format: "%.1f", milliseconds)) ms\(peak)")
                return result
            } catch {
                throw BuildError(step: name, underlying: error)
            }
        }
        let store = try step("open store") {
            guard FileManager.default.fileExists(atPath: project.storeURL.path) else {
                throw StoreError.cannotOpen(path: project.storeURL.path, reason: "no store yet; run `tally import FILE…` first")
            }
            return try Store(path: project.storeURL.path)
        }
        let theme = try step("load theme") { try Theme.load(folder: project.themeURL) }
        let time = builtAt ?? BuildClock.now()
        var plan = try step("plan pages") { try SitePlanner(siteTitle: project.title, builtAt: time).plan(store) }
        // The site search: every source's documents, tokenised and cut into shards and chunks.
        let searchIndex = try step("index search") { () -> [OutputFile] in
            var writer = SearchIndexWriter()
            try TwitterSearchDocuments.produce(store) { writer.add($0) }
            return writer.files()
        }
        plan.pages.append(SearchPage.page(sections: SiteSection.allCases.map { ($0.rawValue, $0.path) }))
        let site = SiteInfo(title: project.title, baseURL: project.baseURL, builtAt: time, dataAsOf: plan.dataAsOf)
        // Pages are rendered on every core a chunk at a time and written as each chunk is done,
        // so memory holds one chunk of rendered pages, not the site.
        let report = try step("render and write") {
            let renderer = PageRenderer(theme: theme, site: site)
            return try SiteWriter(output: project.outputURL).write { emit in
                for start in stride(from: 0, to: plan.pages.count, by: 1024) {
                    for file in try renderer.renderAll(Array(plan.pages[start..<min(start + 1024, plan.pages.count)])) { try emit(file) }
                }
                for export in plan.exports { try emit(OutputFile(path: export.path, bytes: export.encoded())) }
                for file in searchIndex { try emit(file) }
                for (name, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) { try emit(OutputFile(path: Routes.asset(name), bytes: bytes)) }
                try emit(OutputFile(path: Routes.siteScript, bytes: site.script))
            }
        }
        return BuildReport(pages: plan.pages.count, files: report.files, changed: report.changed, removed: report.removed,
                           output: project.outputURL.path)
    }
}

/// What a build produced.
public struct BuildReport: Sendable, Equatable, CustomStringConvertible {
    public var pages: Int
    public var files: Int
    public var changed: Int
    public var removed: Int
    public var output: String

    public var description: String {
        "Built \(pages) pages (\(files) files, \(changed) changed, \(removed) removed) into \(output)"
    }
}

/// A build step failed; the site on disk is the previous one.
public struct BuildError: Error, CustomStringConvertible {
    public var step: String
    public var underlying: Error
    public var description: String { "build failed at \"\(step)\": \(underlying)" }
}
