import Foundation

extension FetchedSearch {
    /// Imports one fetched page, named by its URL, and records how far this search got with it,
    /// in one transaction: a page lands whole with its position, or neither does.
    func importPage(_ body: Data, from url: URL, into store: Store, timeline: String? = nil) throws -> ImportSummary {
        var values: [String: String] = [:]
        values["term"] = term
        values["timeline"] = timeline
        let importer = Importer(store: store, options: ImportOptions(values))
        return try importer.importDocument(body, displayName: url.absoluteString) { try store.recordFetchedSearch(self) }
    }
}
