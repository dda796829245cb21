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
}
