import Foundation
import Testing
@testable import Tally

@Suite("The render stage")
struct RenderPipelineTests {
    /// What the stage wrote, from its writer's thread.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var files: [(path: String, section: String)] = []
        private var entered: [String] = []

        func add(_ file: OutputFile) { lock.withLock { files.append((file.path, file.section)) } }
        func enter(_ key: String) { lock.withLock { entered.append(key) } }
        var all: [(path: String, section: String)] { lock.withLock { files } }
        var steps: [String] { lock.withLock { entered } }
    }

    struct Refused: Error {}

    private func renderer() throws -> PageRenderer {
        let theme = try Theme(files: ["layout.html": Array("{{{body}}}".utf8), "p.md": Array("# {{title}}\n\n| row |\n|---|\n{{#rows}}| {{.}} |\n{{/rows}}".utf8)],
                              origin: "test")
        return PageRenderer(theme: theme, site: SiteInfo(title: "T", baseURL: nil, builtAt: 0))
    }

    private struct Model: Encodable, Sendable {
        var title: String
        var rows: [String]
    }

    /// A page at `path`; every seventh is long, so that pages finish out of order on several threads.
    private func page(_ number: Int) -> SitePage {
        let rows = number % 7 == 0 ? (0..<3_000).map { "row \($0)" } : ["one"]
        return SitePage(path: "p/\(number)/index.html", template: "p", title: "P", section: "", model: Model(title: "Page \(number)", rows: rows))
    }

    @Test("files are written in the order submitted, each under its section or the step's")
    func order() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try renderer(), capacity: 40, enter: written.enter) { written.add($0) }
        var expected: [(path: String, section: String)] = []
        try pipeline.submit(.section("first"))
        for chunk in 0..<10 {
            let pages = (0..<12).map { page(chunk * 12 + $0) }
            let section = chunk % 2 == 0 ? "a" : ""
            try pipeline.submit(.pages(pages, section: section))
            expected += pages.map { ($0.path, section) }
            let file = OutputFile(path: "f/\(chunk)", bytes: [1])
            try pipeline.submit(.files([file]))
            expected.append((file.path, ""))
        }
        try pipeline.submit(.section("second"))
        try pipeline.drain()
        pipeline.stop()
        // Long tables bring data files of their own after their page; only the pages and plain files are compared.
        let files = written.all.filter { $0.path.hasSuffix("index.html") || $0.path.hasPrefix("f/") }
        #expect(files.map(\.path) == expected.map(\.path))
        #expect(files.map(\.section) == expected.map(\.section))
        #expect(written.all.count > files.count)
        #expect(written.steps == ["first", "second"])
    }

    @Test("a writer's error reaches the planner, and nothing is written after it")
    func failure() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try renderer(), capacity: 8) { file in
            if file.path == "p/5/index.html" { throw Refused() }
            written.add(file)
        }
        #expect(throws: Refused.self) {
            for number in 0..<200 { try pipeline.submit(.pages([page(number)])) }
            try pipeline.drain()
        }
        pipeline.stop(dropping: true)
        #expect(written.all.map(\.path).filter { $0.hasSuffix("index.html") } == (0..<5).map { "p/\($0)/index.html" })
    }

    @Test("a page that cannot render stops the stage with its error")
    func renderFailure() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try renderer()) { written.add($0) }
        var missing = page(1)
        missing.template = "none"
        try pipeline.submit(.pages([page(2), missing, page(3)]))
        #expect(throws: ThemeError.self) { try pipeline.drain() }
        pipeline.stop(dropping: true)
        #expect(!written.all.contains { $0.path == "p/3/index.html" })
    }
}
