import Foundation
@testable import Tally

/// The sample project's data (`content/data`) and whole built sites, for tests that compare
/// stores and sites file by file.
extension TestProject {
    /// Copies every file of `content/data` into the project and imports them, in name order.
    func importSampleContent(only: [String]? = nil) throws {
        let data = Fixture.repository.appendingPathComponent("content/data")
        let names = try only ?? FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
        for name in names {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("content"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: data.appendingPathComponent(name), to: folder.url.appendingPathComponent("content/" + name))
        }
        try importFiles(names.map { "content/" + $0 })
    }

    /// Every file of the built site, by path inside `public/` (the manifest left out).
    func siteFiles() throws -> [String: Data] {
        let root = folder.url.appendingPathComponent("public")
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])!
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            guard path != ".tally-manifest" else { continue }
            files[path] = try Data(contentsOf: url)
        }
        return files
    }
}

/// The whole content of a file and the files beside it, to show that something was left untouched.
func fileSnapshot(_ url: URL) throws -> (bytes: Data, siblings: [String]) {
    (try Data(contentsOf: url), try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted())
}

extension Synthetic {
    /// One status object as a timeline holds it.
    static func statusJSON(id: String, text: String, user: String) -> String {
        let page = searchPage(query: nil, [TweetSpec(id: id, text: text, user: user)])
        let object = try! JSONSerialization.jsonObject(with: Data(page.utf8)) as! [String: Any]
        let status = (object["statuses"] as! [Any])[0]
        return String(decoding: try! JSONSerialization.data(withJSONObject: status, options: [.sortedKeys]), as: UTF8.self)
    }
}
