import Foundation
@testable import Tally

extension NotesSource {
    /// The repository's theme plus the test source's two templates, copied into `project`.
    static func theme(in project: TestProject) throws -> String {
        let folder = project.folder.url.appendingPathComponent("theme")
        for (path, bytes) in try Theme.readFiles(in: Fixture.repository.appendingPathComponent("templates")) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try project.folder.write([
            "theme/notes/list.md": "# {{heading}}\n\n{{#notes}}\n- {{id}}: {{text}}\n{{/notes}}\n",
            "theme/notes/card.md": "## Notes\n\n[{{count}} notes]({{{href}}})\n",
        ])
        return folder.path
    }
}
