import Foundation
import Testing
@testable import Tally

@Suite("Template dependencies: a template edit reaches the sections whose pages use it")
struct TemplateDependenciesTests {
    private static let layout = "<html><head></head><body>{{{body}}}</body></html>"

    private func theme(_ templates: [String: String]) throws -> Theme {
        var files = ["layout.html": Array(Self.layout.utf8)]
        for (path, text) in templates { files[path] = Array(text.utf8) }
        return try Theme(files: files, origin: "test")
    }

    private static let base = [
        "notes/list.md": "# Notes\n{{>notes/_footer}}\n",
        "notes/note.md": "# {{title}}\n",
        "notes/_footer.md": "Made by hand.\n",
        "notes/_card.html": "<p>{{title}}</p>",
        "home.md": "# Home\n",
    ]

    /// The states a build with `theme` and `store` keeps, whose `list` section made a page with
    /// `notes/list` and whose `note` section a page with `notes/note`.
    private func recorded(_ theme: Theme, store: String = "store 1") -> [String: [UInt8]] {
        let dependencies = TemplateDependencies()
        dependencies.record([SitePage(path: "notes/index.html", template: "notes/list", title: "Notes", section: "notes", model: "")], section: "list")
        dependencies.record([SitePage(path: "notes/1/index.html", template: "notes/note", title: "One", section: "notes", model: "")], section: "note")
        let memory = BuildMemory()
        dependencies.keep(in: memory, sections: ["list", "note"], kept: [], previous: { _ in nil }, theme: theme, store: store)
        return memory.states
    }

    /// The plan for the sections `list` (which plans `notes/list`'s pages alone when asked) and `note`.
    private func plan(_ theme: Theme, store: String = "store 1", previous: [String: [UInt8]]) -> TemplateDependencies.Plan {
        TemplateDependencies.plan(sections: [("list", ["notes/list"]), ("note", [])], theme: theme, store: store, previous: previous)
    }

    /// The sections carried over after `templates` were edited in a theme that was the base
    /// theme with `before`.
    private func carried(after templates: [String: String], before: [String: String] = [:], store: String = "store 1") throws -> Set<String> {
        var original = Self.base
        for (path, text) in before { original[path] = text }
        var edited = original
        for (path, text) in templates { edited[path] = text }
        return plan(try theme(edited), store: store, previous: recorded(try theme(original))).carried
    }

    @Test("an edited page template plans its section; the other is carried over")
    func pageTemplate() throws {
        #expect(try carried(after: ["notes/note.md": "# {{title}}!\n"]) == ["list"])
        #expect(try carried(after: ["notes/list.md": "# All notes\n{{>notes/_footer}}\n"]) == ["note"])
    }

    @Test("a section whose own list template alone was edited plans it by itself; with a partial of it edited too, it does not")
    func alone() throws {
        var edited = Self.base
        edited["notes/list.md"] = "# All notes\n{{>notes/_footer}}\n"
        let previous = recorded(try theme(Self.base))
        #expect(plan(try theme(edited), previous: previous) == TemplateDependencies.Plan(carried: ["note"], alone: ["list"], edited: ["notes/list"]))
        edited["notes/_footer.md"] = "Made by machine.\n"
        #expect(plan(try theme(edited), previous: previous) == TemplateDependencies.Plan(carried: ["note"], edited: ["notes/list", "notes/_footer"]))
        edited["notes/note.md"] = "# {{title}}!\n"
        #expect(plan(try theme(edited), previous: previous).carried.isEmpty)
    }

    @Test("an edited partial plans the sections whose templates include it, however deep")
    func partial() throws {
        #expect(try carried(after: ["notes/_footer.md": "Made by machine.\n"]) == ["note"])
        #expect(try carried(after: ["notes/_footer.md": "{{>notes/_credit}}\n", "notes/_credit.md": "Thanks.\n"]) == ["note"])
    }

    @Test("a partial that did not exist appearing plans the sections that name it")
    func partialAppears() throws {
        #expect(try carried(after: ["notes/_later.md": "Now here.\n"], before: ["notes/note.md": "# {{title}}\n{{>notes/_later}}\n"]) == ["list"])
    }

    @Test("a template no page uses, or the home page's, plans no section")
    func unusedTemplate() throws {
        #expect(try carried(after: ["home.md": "# Welcome\n"]) == ["list", "note"])
        #expect(try carried(after: ["notes/extra.md": "Unused.\n"]) == ["list", "note"])
    }

    @Test("an HTML partial, another store or no record plans every section")
    func everything() throws {
        #expect(try carried(after: ["notes/_card.html": "<p>{{title}}!</p>"]).isEmpty)
        #expect(try carried(after: ["notes/note.md": "# {{title}}!\n"], store: "store 2").isEmpty)
        #expect(plan(try theme(Self.base), previous: [:]) == TemplateDependencies.Plan())
    }

    @Test("a template that picks its partial by a value plans every section that could reach it")
    func dynamicPartial() throws {
        #expect(try carried(after: ["notes/_footer.md": "Made by machine.\n"], before: ["notes/list.md": "# Notes\n{{>*footer}}\n"]) == ["note"])
    }

    @Test("a section that kept files adds the previous build's templates to this build's; without a record it records none")
    func keptSections() throws {
        let theme = try theme(Self.base)
        let previous = recorded(theme)
        let dependencies = TemplateDependencies()
        dependencies.record([SitePage(path: "notes/2/index.html", template: "notes/note", title: "Two", section: "notes", model: "")], section: "list")
        let memory = BuildMemory()
        dependencies.keep(in: memory, sections: ["list", "note", "new"], kept: ["list", "new"], previous: { previous[$0] }, theme: theme, store: "store 1")
        let states = memory.states
        var reader = StateReader(try #require(states[TemplateDependencies.sectionKeyPrefix + "list"]))
        #expect([reader.text(), reader.text()] == ["notes/list", "notes/note"] && reader.isAtEnd)
        #expect(states[TemplateDependencies.sectionKeyPrefix + "new"] == nil)
        #expect(states[TemplateDependencies.sectionKeyPrefix + "note"] == [])
    }
}
