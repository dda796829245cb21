import Foundation
import Testing
@testable import Tally

@Suite("The render stage")
struct RenderPipelineTests {
    /// Files the stage handed over, in order.
    private final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        private var sections: [String] = []

        func add(_ file: OutputFile) { lock.withLock { paths.append(file.path); sections.append(file.section) } }
        var all: [String] { lock.withLock { paths } }
        var allSections: [String] { lock.withLock { sections } }
    }

    private static func renderer() throws -> PageRenderer {
        PageRenderer(theme: try Theme.load(folder: nil), site: SiteInfo(title: "T", baseURL: nil, builtAt: 0))
    }

    @Test("files submitted from another thread are written in their order, with the sections they carry")
    func filesFromAnotherThread() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try Self.renderer(), capacity: 4, enter: { _ in }) { written.add($0) }
        let done = DispatchSemaphore(value: 0)
        Thread {
            for number in 0..<20 {
                var file = OutputFile(path: "search/\(number).js", bytes: [])
                file.section = "search"
                try? pipeline.submit(.files([file]))
            }
            done.signal()
        }.start()
        done.wait()
        try pipeline.drain()
        pipeline.stop()
        #expect(written.all == (0..<20).map { "search/\($0).js" })
        #expect(Set(written.allSections) == ["search"])
    }

    @Test("work handed over after the stage stopped is refused, and nothing of it is written")
    func refusedAfterStop() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try Self.renderer(), enter: { _ in }) { written.add($0) }
        try pipeline.submit(.files([OutputFile(path: "a.html", bytes: [])]))
        pipeline.stop()
        #expect(throws: RenderPipeline.Stopped.self) { try pipeline.submit(.files([OutputFile(path: "b.html", bytes: [])])) }
        #expect(written.all == ["a.html"])
    }

    @Test("pages, files and steps are written in the order submitted, each file under the step it came in")
    func pagesFilesAndStepsInOrder() throws {
        let written = Written()
        let target = WriteTarget { written.add($0) }
        let pipeline = RenderPipeline(renderer: try Self.renderer(), capacity: 8, enter: { target.section = $0 }) { try target.write($0) }
        func page(_ path: String) -> SitePage {
            var page = NotFoundPage.page(rootPath: "/")
            page.path = path
            return page
        }
        var expected: [String] = []
        var sections: [String] = []
        for step in 0..<6 {
            try pipeline.submit(.section("step\(step)"))
            let pages = (0..<(step % 3 == 0 ? 1 : 5)).map { page("s\(step)/p\($0)/index.html") }
            try pipeline.submit(.pages(pages))
            try pipeline.submit(.files([OutputFile(path: "s\(step)/data.json", bytes: [])]))
            expected += pages.map(\.path) + ["s\(step)/data.json"]
            sections += Array(repeating: "step\(step)", count: pages.count + 1)
        }
        try pipeline.drain()
        pipeline.stop()
        #expect(written.all == expected)
        #expect(written.allSections == sections)
    }

    @Test("a page that cannot render stops the stage: the files after it are not written, and drain and submit throw")
    func failureStops() throws {
        let written = Written()
        let pipeline = RenderPipeline(renderer: try Self.renderer(), enter: { _ in }) { written.add($0) }
        var good = NotFoundPage.page(rootPath: "/")
        good.path = "good/index.html"
        var bad = good
        bad.path = "bad/index.html"
        bad.template = "no-such-template"
        try pipeline.submit(.pages([good]))
        try pipeline.drain()
        try pipeline.submit(.pages([bad]))
        #expect(throws: (any Error).self) { try pipeline.drain() }
        #expect(throws: (any Error).self) { try pipeline.submit(.files([OutputFile(path: "after.json", bytes: [])])) }
        pipeline.stop()
        #expect(written.all == ["good/index.html"])
    }
}
