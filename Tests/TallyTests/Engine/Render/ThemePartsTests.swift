import Testing
@testable import Tally

/// A rebuild after a template edit plans only the pages of the source whose folder holds the
/// template: that is safe only when no template elsewhere includes it.
@Suite("The theme's parts and their digests")
struct ThemePartsTests {
    private func theme(_ files: [String: String]) throws -> Theme {
        try Theme(files: files.mapValues { Array($0.utf8) }.merging(["layout.html": Array("{{{body}}}".utf8)]) { $1 }, origin: "test")
    }

    @Test("a folder's edit changes its digest only; a root template's changes the rest; home is apart")
    func separateDigests() throws {
        let base = ["a/page.md": "A {{v}}", "b/page.md": "B {{v}}", "_shared.md": "S", "home.md": "H"]
        let before = try theme(base).digests(folders: ["a", "b"], pages: ["home"])
        #expect(Set(before.folders.keys) == ["a", "b"])
        var editedA = base
        editedA["a/page.md"] = "A2 {{v}}"
        let afterA = try theme(editedA).digests(folders: ["a", "b"], pages: ["home"])
        #expect(afterA.rest == before.rest && afterA.folders["b"] == before.folders["b"] && afterA.folders["a"] != before.folders["a"])
        var editedShared = base
        editedShared["_shared.md"] = "S2"
        #expect(try theme(editedShared).digests(folders: ["a", "b"], pages: ["home"]).rest != before.rest)
        var editedHome = base
        editedHome["home.md"] = "H2"
        let afterHome = try theme(editedHome).digests(folders: ["a", "b"], pages: ["home"])
        #expect(afterHome.rest == before.rest && afterHome.folders == before.folders)
    }

    @Test("a folder whose template another folder includes, or any partial named by a value, stays in the rest")
    func includedStaysShared() throws {
        let crossing = try theme(["a/_part.md": "P", "b/page.md": "{{> a/_part}}"]).digests(folders: ["a", "b"], pages: [])
        #expect(crossing.folders.keys.sorted() == ["b"])
        let home = try theme(["home.md": "H", "a/page.md": "{{> home}}"]).digests(folders: ["a"], pages: ["home"])
        let edited = try theme(["home.md": "H2", "a/page.md": "{{> home}}"]).digests(folders: ["a"], pages: ["home"])
        #expect(edited.rest != home.rest)
        let dynamic = try theme(["a/page.md": "{{>*name}}", "b/page.md": "B"]).digests(folders: ["a", "b"], pages: [])
        #expect(dynamic.folders.isEmpty)
    }
}
