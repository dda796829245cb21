import Foundation

/// The photos source's reads and the user's marks, through the store.
extension Store {
    /// Every place holding photos (or, with `favorites`, holding favorites), unsorted.
    public func photoPlaces(favorites: Bool = false) throws -> [StoredPlace] {
        try queue.read { try PhotosQueries.places($0, favorites: favorites) }
    }

    /// A place's photos (nil: the unplaced ones), newest taken first.
    /// The ids of the stored places, with photos or without, whose `place_id` is `name` or whose
    /// name or full name is `name` (ignoring case and accents), the id's own first.
    public func photoPlaceIDs(named name: String) throws -> [String] {
        try queue.read { try PhotosQueries.placeIDs($0, named: name) }
    }

    public func photos(inPlace place: String?, favoritesOnly: Bool = false) throws -> [StoredPhoto] {
        try queue.read { try PhotosQueries.photos($0, place: place, favoritesOnly: favoritesOnly) }
    }

    /// Calls `body` with every photo, a chunk at a time in id order.
    public func forEachPhotoChunk(size: Int = 512, _ body: ([StoredPhoto]) throws -> Void) throws {
        var after: String?
        while true {
            let chunk = try queue.read { try PhotosQueries.photos($0, after: after, limit: size) }
            guard let last = chunk.last else { return }
            try body(chunk)
            after = last.id
        }
    }

    /// Calls `body` with every photo, in id order, one at a time, for the site search.
    public func forEachSearchablePhoto(_ body: (SearchablePhoto) throws -> Void) throws {
        try queue.read { try PhotosQueries.searchable($0, body) }
    }

    public func photo(id: String) throws -> StoredPhoto? {
        try queue.read { try PhotosQueries.photo($0, id: id) }
    }

    /// Photos viewed at or after `since`, each once at its latest view, newest first.
    public func recentPhotos(since: Int64) throws -> [RecentView] {
        try queue.read { try PhotosQueries.recents($0, since: since) }
    }

    public func favoritePhotos() throws -> [StoredPhoto] {
        try queue.read { try PhotosQueries.favorites($0) }
    }

    public func photoTotals() throws -> (photos: Int, places: Int, favorites: Int, newest: Int64?) {
        try queue.read { try PhotosQueries.totals($0) }
    }

    /// Marks a stored photo as a favorite (`tally favorite`); an unknown id is an error.
    public func favorite(photo id: String, at time: Int64 = Int64(Date().timeIntervalSince1970)) throws {
        try queue.write { try PhotoMarks.favorite($0, photo: id, at: time) }
    }

    /// Removes a favorite (`tally unfavorite`); returns whether it was one. An unknown id is an error.
    @discardableResult
    public func unfavorite(photo id: String) throws -> Bool {
        try queue.write { try PhotoMarks.unfavorite($0, photo: id) }
    }

    /// Records a view of a stored photo (`tally viewed`); an unknown id is an error.
    public func viewed(photo id: String, at time: Int64 = Int64(Date().timeIntervalSince1970)) throws {
        try queue.write { try PhotoMarks.viewed($0, photo: id, at: time) }
    }
}
