/// What the photos contribute to the site search: every photo (its title, else "Untitled"; its
/// owner and description as the body) and every named place holding photos, each opening its page.
///
/// A place ranks before a photo when both match a query equally well.
public enum PhotosSearchDocuments {
    public static let photo = SearchDocument.Kind(name: "photo", label: "Photo")
    public static let place = SearchDocument.Kind(name: "place", label: "Place")

    /// Hands every photo to `emit` in id order, then the places A–Z.
    public static func produce(_ store: Store, _ emit: (SearchDocument) throws -> Void) throws {
        try store.forEachSearchablePhoto { row in
            let title = row.title.trimmingSpaces.isEmpty ? "Untitled" : row.title
            let body = [row.ownerName ?? row.owner, row.description].filter { !$0.isEmpty }.joined(separator: " · ")
            try emit(SearchDocument(kind: photo, title: title, body: body, path: Routes.photo(row.id),
                                    date: row.taken.flatMap(takenSeconds) ?? row.uploaded, weight: 0))
        }
        // The photos no file placed have a page, but "No place given" is no place to find.
        for place in NameCollation.sorted(try store.photoPlaces()) where place.id != nil {
            let body = place.fullName != place.name ? place.fullName : ""
            try emit(SearchDocument(kind: self.place, title: place.name, body: body, path: Routes.place(place.id), date: nil, weight: 1))
        }
    }

    /// `2014-05-23 00:00:03` (or its first 10 characters) as seconds since 1970, read as UTC: Flickr
    /// gives the local time without its zone, so this orders photos to within a day.
    static func takenSeconds(_ text: String) -> Int64? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0) }
        guard digits.count >= 3, let year = digits[0], let month = digits[1], let day = digits[2] else { return nil }
        let time = digits.count >= 6 ? digits[3...5].compactMap { $0 } : []
        return UTCTime.seconds(year: year, month: month, day: day, hour: time.count == 3 ? time[0] : 0,
                               minute: time.count == 3 ? time[1] : 0, second: time.count == 3 ? time[2] : 0, offset: 0)
    }
}
