/// The photos source's page models: plain values, links already relative to their page.

/// A place in a list: Places A–Z, or the Favorites page.
struct PlaceRow: Encodable, Sendable {
    var name: String
    var fullName: String
    var showsFullName: Bool
    var href: String
    var count: Int
}

/// A photo in a grid and a table.
struct PhotoRow: Encodable, Sendable {
    var title: String
    var href: String
    var thumbSrc: String
    var hasThumb: Bool
    var taken: String
    var owner: String
    var isFavorite: Bool
}

struct PlacesPage: Encodable, Sendable {
    var rows: [PlaceRow]
    var hasRows: Bool
    var photoCount: Int
}

struct PlacePage: Encodable, Sendable {
    var name: String
    var fullName: String
    var showsFullName: Bool
    var backHref: String
    var backTitle: String
    var photos: [PhotoRow]
    var count: Int
    var mapHref: String?
    var otherHref: String?
    var otherTitle: String
    /// Whether any photo has a date taken, or is a favorite: a column no row fills is left out.
    var hasTaken = false
    var hasFavorites = false

    /// The page with its optional columns decided by its photos.
    func decidingColumns() -> PlacePage {
        var page = self
        page.hasTaken = photos.contains { !$0.taken.isEmpty }
        page.hasFavorites = photos.contains(where: \.isFavorite)
        return page
    }
}

struct PhotoPage: Encodable, Sendable {
    var title: String
    var owner: String
    var taken: String?
    var uploaded: String?
    var description: String
    var hasDescription: Bool
    var imageSrc: String?
    var imageSize: String?
    var isCached: Bool
    var placeName: String
    var placeHref: String
    var placesHref: String
    var mapHref: String?
    var coordinates: String?
    var flickrHref: String?
    var isFavorite: Bool
    var favoritesHref: String
}

struct FavoritesPage: Encodable, Sendable {
    var rows: [PlaceRow]
    var hasRows: Bool
    var photoCount: Int
}

struct RecentsPage: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        var title: String
        var href: String
        var placeName: String
        var viewedAt: String
    }

    var rows: [Row]
    var hasRows: Bool
    var builtAt: String
    var windowHours: Int
}

/// The photos card on the home page.
struct PhotosCard: Encodable, Sendable {
    var photoCount: Int
    var placeCount: Int
    var favoriteCount: Int
    var places: [PlaceRow]
    var hasMorePlaces: Bool
    var placesHref: String
    var favoritesHref: String
    var recentsHref: String
}
