import Foundation
import Testing
@testable import Tally

@Suite("A command finds its project from where it runs")
struct ProjectLocateTests {
    @Test("the nearest folder above with tally.toml is the project; none above is none")
    func nearest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tally-locate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        #expect(ProjectConfig.locate(from: inner) == nil)
        try Data().write(to: root.appendingPathComponent(ProjectConfig.fileName))
        #expect(ProjectConfig.locate(from: inner)?.standardizedFileURL.path == root.standardizedFileURL.path)
    }

    @Test("a start that is no absolute folder (the working folder was deleted under the command) finds nothing, and ends",
          arguments: ["no-such-folder", "x/y", "./a/../b"])
    func relativeStart(path: String) throws {
        // Went up as `../`, `../../`, … and never reached the root: `tally stats` hung in a deleted folder.
        let start = try #require(URL(string: path))
        #expect(ProjectConfig.locate(from: start) == nil)
    }
}
