/// What the charts contribute to the site search: every item, titled by its name, with its
/// artist, the charts that listed it and its category as the body, opening the item's page.
public enum ChartsSearchDocuments {
    public static let item = SearchDocument.Kind(name: "chart-item", label: "Chart item")

    /// Hands every item to `emit`, in id order; its date is its release day, when known.
    public static func produce(_ store: Store, _ emit: (SearchDocument) throws -> Void) throws {
        try store.forEachSearchableChartItem { row in
            try emit(document(row))
        }
    }

    static func document(_ row: SearchableChartItem) -> SearchDocument {
        let parts = ([row.artist] + row.charts.map { Optional($0) } + [row.category])
            .compactMap { $0?.trimmingSpaces }.filter { !$0.isEmpty }
        return SearchDocument(kind: item, title: row.name, body: parts.joined(separator: " · "), path: Routes.chartItem(row.id),
                              date: row.releaseDate.flatMap(UTCTime.day), weight: 0)
    }
}
