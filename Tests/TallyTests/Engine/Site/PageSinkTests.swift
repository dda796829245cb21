import Foundation
import Testing
@testable import Tally

@Suite("The page sink")
struct PageSinkTests {
    /// What a sink handed over, in order: a chunk of pages or of files, by path.
    private final class HandedOver {
        var chunks: [String] = []
    }

    private func page(_ path: String) -> SitePage {
        SitePage(path: path, template: "page", title: path, section: "home", model: [String: String]())
    }

    @Test("files are handed over many at a time, each ahead of the pages still held when it came, in order")
    func filesAheadOfHeldPages() throws {
        let handed = HandedOver()
        let sink = PageSink(chunkSize: 3, render: { pages in handed.chunks.append("pages " + pages.map(\.path).joined(separator: ",")) },
                            write: { files in handed.chunks.append("files " + files.map(\.path).joined(separator: ",")) })
        try sink.page(page("p1"))
        try sink.file(OutputFile(path: "f1", bytes: []))
        try sink.page(page("p2"))
        try sink.file(OutputFile(path: "f2", bytes: []))
        #expect(handed.chunks.isEmpty, "nothing is handed over before a chunk fills or the sink flushes")
        try sink.page(page("p3"))
        try sink.file(OutputFile(path: "f3", bytes: []))
        try sink.file(OutputFile(path: "f4", bytes: []))
        try sink.file(OutputFile(path: "f5", bytes: []))
        try sink.file(OutputFile(path: "f6", bytes: []))
        try sink.page(page("p4"))
        try sink.flush()
        try sink.flush()
        #expect(handed.chunks == ["files f1,f2", "pages p1,p2,p3", "files f3,f4,f5", "files f6", "pages p4"])
        #expect(sink.pageCount == 4)
    }
}
