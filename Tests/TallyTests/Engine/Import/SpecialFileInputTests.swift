import Foundation
import Testing
@testable import Tally

/// `tally import DIR` on a plain folder, and `tally import PATH`, meeting what is not a regular
/// file: a FIFO (opening it for reading would wait for ever), a link to a device, a link to a
/// file. Each is refused by name without being opened, and nothing of the command is stored.
/// Should a FIFO be opened, the test never ends: it passes only if none is.
@Suite("Special files among import inputs")
struct SpecialFileInputTests {
    /// A project whose store holds one real search, and a folder `inputs/` beside it holding a good
    /// search page, a FIFO, a link to `/dev/zero` and a link to the good page.
    private func hostileFolder() throws -> (TestProject, URL, [String: Int]) {
        let project = TestProject()
        let store = try project.store
        _ = try Importer(store: store).importFile(Fixture.url("v1-search-freebandnames.json"))
        let folder = project.folder.url.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("deeper"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixture.url("v1-search-extended-rstats.json"), to: folder.appendingPathComponent("a-good.json"))
        #expect(mkfifo(folder.appendingPathComponent("deeper/pipe.json").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("again.json").path, withDestinationPath: "a-good.json")
        return (project, folder, try store.tableCounts())
    }

    @Test("a folder's FIFO and links are refused by name, its regular files listed")
    func expand() throws {
        let (project, _, _) = try hostileFolder()
        let inputs = ImportInputs.expand(["inputs"], in: URL(fileURLWithPath: project.folder.url.path, isDirectory: true))
        #expect(inputs.files == ["inputs/a-good.json"])
        let refused = Dictionary(uniqueKeysWithValues: inputs.refused.map { ($0.path, $0.reason) })
        #expect(refused.keys.sorted() == ["inputs/again.json", "inputs/deeper/pipe.json", "inputs/zero.json"])
        #expect(refused["inputs/deeper/pipe.json"]?.hasPrefix("is a named pipe (FIFO)") == true)
        #expect(refused["inputs/zero.json"]?.hasPrefix("is a symbolic link") == true)
    }

    @Test("named on its own, a FIFO or a link to a device is refused and a link to a file is read")
    func named() throws {
        let (project, _, _) = try hostileFolder()
        let inputs = ImportInputs.expand(["inputs/deeper/pipe.json", "inputs/zero.json", "inputs/again.json"],
                                         in: URL(fileURLWithPath: project.folder.url.path, isDirectory: true))
        #expect(inputs.files == ["inputs/again.json"])
        #expect(inputs.refused.map(\.path) == ["inputs/deeper/pipe.json", "inputs/zero.json"])
        #expect(inputs.refused.last?.reason.hasPrefix("is a device or socket") == true)
    }

    @Test("the importer refuses a FIFO, even one named like a zip, without opening it, and the store stays as it was",
          arguments: ["pipe.json", "pipe.zip"])
    func importerRefusesFIFO(name: String) throws {
        let (project, folder, before) = try hostileFolder()
        let fifo = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let store = try project.store
        #expect { _ = try Importer(store: store).importPath(fifo, displayName: name) } throws: {
            "\($0)".hasPrefix("\(name): is a named pipe (FIFO); tally imports only regular files")
        }
        #expect(try store.tableCounts() == before)
    }

    @Test("tally import on the folder exits non-zero naming each special file, and stores nothing, not even the good file")
    func commandLineFolder() throws {
        let (project, _, before) = try hostileFolder()
        let result = try CommandLineTool.output(["import", "--store", project.config.storeURL.path, "inputs"], in: project.folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("tally: inputs/deeper/pipe.json: is a named pipe (FIFO)"), "\(result.stderr)")
        #expect(result.stderr.contains("tally: inputs/zero.json: is a symbolic link"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing imported, the store is unchanged"), "\(result.stderr)")
        #expect(try project.store.tableCounts() == before)
        #expect(try project.store.integrityCheck() == "ok")
    }

    @Test("tally import on a FIFO named directly exits non-zero without waiting, and stores nothing of the good file named with it")
    func commandLineFIFO() throws {
        let (project, _, before) = try hostileFolder()
        let result = try CommandLineTool.output(["import", "--store", project.config.storeURL.path, "inputs/a-good.json", "inputs/deeper/pipe.json"],
                                                in: project.folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("tally: inputs/deeper/pipe.json: is a named pipe (FIFO)"), "\(result.stderr)")
        #expect(try project.store.tableCounts() == before)
    }
}
