@testable import Tally

struct NotesCard: Encodable, Sendable {
    var count: Int
    var href: String
}

struct NotesPage: Encodable, Sendable {
    var heading: String
    var notes: [Note]
}

struct NotesSection: SiteSection {
    static let path = "notes/index.html"
    /// `notes_heading = "…"` in `tally.toml`: the list page's heading.
    static let headingKey = "notes_heading"
    let notes: [Note]
    var heading = "Notes"
    var twice = false

    var navigation: NavigationEntry? { NavigationEntry(id: "notes", title: "Notes", path: Self.path) }

    func plan(into sink: PageSink) throws {
        try sink.page(SitePage(path: Self.path, template: "notes/list", title: heading, section: "notes", model: NotesPage(heading: heading, notes: notes)))
        if twice {
            try sink.page(SitePage(path: Self.path, template: "notes/list", title: heading, section: "notes",
                                   model: NotesPage(heading: heading, notes: [Note(id: "z", text: "the other")])))
        }
    }
}
